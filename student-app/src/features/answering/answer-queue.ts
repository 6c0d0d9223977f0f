// Offline-safe answer queue: every change is written to localStorage first, then the whole answers map is sent
// to the server, one request at a time. Failures that may heal (no network, 5xx) keep the data and retry with
// backoff and on the browser's `online` event; a locked sheet (409 submitted, 403 window closed) stops retrying.
// Every edit is numbered (`seq`, docs/contracts.md §4) and the number goes with each save of that map, so the server
// never lets a save this device gave up on (timeout, dropped connection) land late over a newer one.
import { errorStatus, isNetworkError, type Answers } from '@kelasku/shared-api';

export type QueueState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** No answer from the server: answers are kept locally and retried. */
  | { kind: 'offline' }
  /** The server failed (5xx, 429): answers are kept locally and retried. */
  | { kind: 'retrying' }
  /** The server refuses more changes: 'submitted' (409) or 'closed' (403, exam window). */
  | { kind: 'locked'; reason: 'submitted' | 'closed' }
  /** Any other refusal (e.g. signed out): answers are kept locally, not retried until the page reopens. */
  | { kind: 'failed'; status?: number };

export type FailureKind = 'network' | 'server' | 'submitted' | 'closed' | 'fatal';

/** How a failed save is handled. Exported for tests and for the submit flow. */
export function classifyFailure(err: unknown): FailureKind {
  if (isNetworkError(err)) return 'network';
  const status = errorStatus(err);
  if (status === 409) return 'submitted';
  if (status === 403) return 'closed';
  if (status === undefined || status >= 500 || status === 429 || status === 408) return 'server';
  return 'fatal';
}

export interface StoredAnswers {
  answers: Answers;
  updatedAt: number;
  /** True until the server acknowledged this exact map. */
  pending: boolean;
  /** The map's number, sent as `seq` (absent in maps stored by older versions of the app). */
  seq?: number;
}

export function answersStorageKey(kind: 'exercise' | 'exam', sheetId: number): string {
  return `kelasku:answers:${kind}:${sheetId}`;
}

export function readStoredAnswers(key: string, storage: Storage = localStorage): StoredAnswers | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredAnswers;
    return parsed && typeof parsed.answers === 'object' && parsed.answers ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * What to show and send when a sheet opens: the server's answers, overridden by a map this device still holds
 * unacknowledged (it was typed after the server's copy). `resend` tells the caller to send the merged map.
 */
export function mergeWithPending(server: Answers | null | undefined, stored: StoredAnswers | null): { answers: Answers; resend: boolean } {
  const base = { ...(server ?? {}) };
  if (!stored?.pending) return { answers: base, resend: false };
  return { answers: { ...base, ...stored.answers }, resend: true };
}

/** 1 s, 2 s, 4 s … capped at 30 s, with a little jitter so a whole class does not retry in the same instant. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The number of a new edit: the clock in ms, but always above the last number used, so numbers only grow on this
 * device even when its clock jumps back, and a later edit from another device (clock ahead) is not undercut.
 */
export function nextSeq(lastSeq: number, now: number): number {
  return Math.max(Math.floor(now), lastSeq + 1);
}

export interface AnswerQueueOptions {
  storageKey: string;
  /** Sends the whole map (PATCH of the answer sheet) with its number; a retry of the same map sends the same number. */
  send: (answers: Answers, seq: number) => Promise<unknown>;
  /** The server sheet's `answers_seq` when the sheet was opened: new numbers start above it (and the stored one). */
  lastSeq?: number | null;
  storage?: Storage;
  backoff?: (attempt: number) => number;
  classify?: (err: unknown) => FailureKind;
  /** Where the `online` event is heard (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

type Listener = (state: QueueState) => void;

export class AnswerQueue {
  private latest: Answers;
  /** Number of `latest`; persisted with it and sent with every save of it. */
  private seq: number;
  private version = 0;
  private ackedVersion = 0;
  private running = false;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private state: QueueState = { kind: 'idle' };
  private listeners = new Set<Listener>();
  private idleWaiters: (() => void)[] = [];
  private disposed = false;
  private readonly storage: Storage;
  private readonly backoff: (attempt: number) => number;
  private readonly classify: (err: unknown) => FailureKind;
  private readonly now: () => number;
  private readonly onOnline = () => this.retryNow();

  constructor(private readonly options: AnswerQueueOptions, initial: Answers = {}) {
    this.latest = { ...initial };
    this.storage = options.storage ?? localStorage;
    this.backoff = options.backoff ?? defaultBackoff;
    this.classify = options.classify ?? classifyFailure;
    this.now = options.now ?? Date.now;
    const stored = readStoredAnswers(options.storageKey, this.storage);
    this.seq = Math.max(0, options.lastSeq ?? 0, typeof stored?.seq === 'number' && Number.isFinite(stored.seq) ? stored.seq : 0);
    const events = options.events ?? (typeof window !== 'undefined' ? window : undefined);
    events?.addEventListener('online', this.onOnline);
  }

  getState(): QueueState {
    return this.state;
  }

  getAnswers(): Answers {
    return this.latest;
  }

  /** The number of the latest map (0 before any edit and without a server or stored number). */
  getSeq(): number {
    return this.seq;
  }

  /** True while a change has not been acknowledged by the server. */
  hasPending(): boolean {
    return this.version > this.ackedVersion;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Records the new map (persisted at once) and sends it, right away or after `debounceMs` of quiet
   * (essays: one request per pause, not per keystroke). Ignored once the sheet is locked.
   */
  update(answers: Answers, { debounceMs = 0 }: { debounceMs?: number } = {}): void {
    if (this.disposed || this.state.kind === 'locked') return;
    this.latest = { ...answers };
    this.seq = nextSeq(this.seq, this.now());
    this.version += 1;
    this.persist(true);
    this.clearDebounce();
    if (debounceMs > 0) {
      this.debounceTimer = setTimeout(() => {
        this.debounceTimer = null;
        this.kick();
      }, debounceMs);
    } else {
      this.kick();
    }
  }

  /** Sends what is pending now (skipping debounce and backoff) and resolves with the state once the queue is idle. */
  async flush(): Promise<QueueState> {
    this.clearDebounce();
    this.clearRetry();
    if (this.hasPending() && this.state.kind !== 'locked') this.kick();
    if (this.running) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    return this.state;
  }

  /** Retries at once (the browser came back online). */
  retryNow(): void {
    if (this.disposed || !this.hasPending() || this.state.kind === 'locked' || this.state.kind === 'failed') return;
    this.clearRetry();
    this.attempt = 0;
    this.kick();
  }

  dispose(): void {
    this.disposed = true;
    this.clearDebounce();
    this.clearRetry();
    const events = this.options.events ?? (typeof window !== 'undefined' ? window : undefined);
    events?.removeEventListener('online', this.onOnline);
    this.listeners.clear();
  }

  private kick(): void {
    // A scheduled retry will send the latest map; sending earlier would only hammer a dead connection.
    if (this.running || this.retryTimer || this.disposed) return;
    void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.hasPending() && !this.disposed) {
        const version = this.version;
        const snapshot = this.latest;
        const seq = this.seq;
        this.setState({ kind: 'saving' });
        try {
          await this.options.send(snapshot, seq);
        } catch (err) {
          this.handleFailure(err);
          return;
        }
        this.ackedVersion = Math.max(this.ackedVersion, version);
        this.attempt = 0;
        if (!this.hasPending()) {
          this.persist(false);
          this.setState({ kind: 'saved' });
        }
      }
    } finally {
      this.running = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  private handleFailure(err: unknown): void {
    const kind = this.classify(err);
    if (kind === 'submitted' || kind === 'closed') {
      this.setState({ kind: 'locked', reason: kind });
      return;
    }
    if (kind === 'fatal') {
      this.setState({ kind: 'failed', status: errorStatus(err) });
      return;
    }
    this.setState({ kind: kind === 'network' ? 'offline' : 'retrying' });
    const delay = this.backoff(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, delay);
  }

  private persist(pending: boolean): void {
    try {
      if (pending) {
        const stored: StoredAnswers = { answers: this.latest, updatedAt: this.now(), pending: true, seq: this.seq };
        this.storage.setItem(this.options.storageKey, JSON.stringify(stored));
      } else {
        // Acknowledged: the server holds it now, nothing to keep on the device.
        this.storage.removeItem(this.options.storageKey);
      }
    } catch (err) {
      // Storage full or disabled (private mode): sending still works, only reload-survival is lost.
      console.error('Could not keep answers on this device', err);
    }
  }

  private setState(state: QueueState): void {
    this.state = state;
    this.listeners.forEach((listener) => listener(state));
  }

  private clearDebounce(): void {
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
