// Offline-safe answer queue: every change is written to localStorage first, then sent to the server, one request at
// a time. Failures that may heal (no network, 5xx) keep the data and retry with backoff and on the browser's `online`
// event; a locked sheet (409 submitted, 403 window closed) stops retrying.
// The queue sends only the questions changed on this device, each with the time it was changed (docs/api.md §4.5):
// the server keeps per question the latest change from any tab or device, so a change this device gave up on
// (timeout, dropped connection) or replayed after being offline never overwrites a newer answer given elsewhere.
// Each reply carries the whole merged sheet, so this tab also learns the answers given elsewhere.
import { errorCode, errorStatus, isNetworkError, type AnswerChanges, type Answers } from '@kelasku/shared-api';

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
  /** Another device holds the exam sheet (one device at a time): answers are kept locally and retried until released. */
  | { kind: 'other-device' }
  /** Any other refusal (e.g. signed out): answers are kept locally, not retried until the page reopens. */
  | { kind: 'failed'; status?: number };

export type FailureKind = 'network' | 'server' | 'submitted' | 'closed' | 'other-device' | 'fatal';

/** Retries while another device holds the sheet come this often at most: the proctor may release it any moment. */
export const OTHER_DEVICE_RETRY_MS = 5_000;

/** How a failed save is handled. Exported for tests and for the submit flow. */
export function classifyFailure(err: unknown): FailureKind {
  if (isNetworkError(err)) return 'network';
  const status = errorStatus(err);
  if (errorCode(err) === 'exam-other-device') return 'other-device';
  if (status === 409) return 'submitted';
  if (status === 403) return 'closed';
  if (status === undefined || status >= 500 || status === 429 || status === 408) return 'server';
  return 'fatal';
}

export interface StoredAnswers {
  /** Every answer as this device shows it (the server's copy with the changes below over it). */
  answers: Answers;
  /** The changes not acknowledged yet, with their times (absent in what older versions of the app stored). */
  changes?: AnswerChanges;
  updatedAt: number;
  /** True while something here is not acknowledged by the server. */
  pending: boolean;
  /** The exercise or exam answered: its delivery ticket seals these answers at a sign-out (shared-api sealed-answers.ts). */
  item_id?: number;
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
 * The unacknowledged changes kept on this device. A whole map kept by an older version of the app counts as changed
 * when it was stored (so it still loses to anything changed later elsewhere).
 */
export function storedChanges(stored: StoredAnswers | null): AnswerChanges {
  if (!stored?.pending) return {};
  if (stored.changes && typeof stored.changes === 'object') return { ...stored.changes };
  const at = Number.isFinite(stored.updatedAt) ? stored.updatedAt : 0;
  return Object.fromEntries(Object.entries(stored.answers).map(([n, answer]) => [n, { answer, at }]));
}

/** The answers to show: the server's copy with the changes over it (an empty answer is no answer). */
export function withChanges(server: Answers | null | undefined, changes: AnswerChanges): Answers {
  const answers = { ...(server ?? {}) };
  for (const [n, { answer }] of Object.entries(changes)) {
    if (answer === '') delete answers[n];
    else answers[n] = answer;
  }
  return answers;
}

/** Both sets of changes; for a question in both, the later change. */
export function laterChanges(a: AnswerChanges, b: AnswerChanges): AnswerChanges {
  const out = { ...a };
  for (const [n, change] of Object.entries(b)) if (!out[n] || change.at > out[n].at) out[n] = change;
  return out;
}

/** 1 s, 2 s, 4 s … capped at 30 s, with a little jitter so a whole class does not retry in the same instant. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export interface AnswerQueueOptions {
  storageKey: string;
  /** The exercise or exam answered, kept with the unsent answers. */
  itemId?: number;
  /** Sends the changes (PATCH of the answer sheet); resolves with every answer of the sheet after the merge. */
  send: (changes: AnswerChanges) => Promise<Answers | null | undefined>;
  storage?: Storage;
  backoff?: (attempt: number) => number;
  classify?: (err: unknown) => FailureKind;
  /** Where the `online` event is heard (window in the browser). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

type Listener = (state: QueueState) => void;
type AnswersListener = (answers: Answers) => void;

export class AnswerQueue {
  /** The server's copy of the sheet, as last heard (reply to a save, or a fresh read). */
  private server: Answers;
  /** Changes not acknowledged yet, by question; a newer change of a question replaces its entry. */
  private pending: AnswerChanges;
  /** The time of this device's last change of each question: a later change never gets an earlier time. */
  private lastAt: Record<string, number> = {};
  /** Acknowledged sends so far: a read started before one of them is older than that reply. */
  private acks = 0;
  private running = false;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private state: QueueState = { kind: 'idle' };
  private listeners = new Set<Listener>();
  private answersListeners = new Set<AnswersListener>();
  private idleWaiters: (() => void)[] = [];
  private disposed = false;
  private readonly storage: Storage;
  private readonly backoff: (attempt: number) => number;
  private readonly classify: (err: unknown) => FailureKind;
  private readonly now: () => number;
  private readonly onOnline = () => this.retryNow();

  /** `server`: the sheet's answers when it was opened. Changes kept on this device from an earlier visit are taken over. */
  constructor(
    private readonly options: AnswerQueueOptions,
    server: Answers = {},
  ) {
    this.server = { ...server };
    this.storage = options.storage ?? localStorage;
    this.backoff = options.backoff ?? defaultBackoff;
    this.classify = options.classify ?? classifyFailure;
    this.now = options.now ?? Date.now;
    this.pending = storedChanges(readStoredAnswers(options.storageKey, this.storage));
    for (const [n, change] of Object.entries(this.pending)) this.lastAt[n] = change.at;
    const events = options.events ?? (typeof window !== 'undefined' ? window : undefined);
    events?.addEventListener('online', this.onOnline);
  }

  getState(): QueueState {
    return this.state;
  }

  /** Every answer as it should show: the server's copy with this device's unacknowledged changes over it. */
  getAnswers(): Answers {
    return withChanges(this.server, this.pending);
  }

  /** The changes not acknowledged yet. */
  getPending(): AnswerChanges {
    return { ...this.pending };
  }

  /** True while a change has not been acknowledged by the server. */
  hasPending(): boolean {
    return Object.keys(this.pending).length > 0;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called whenever the answers to show change (a change here, a reply, a fresh read). */
  subscribeAnswers(listener: AnswersListener): () => void {
    this.answersListeners.add(listener);
    return () => this.answersListeners.delete(listener);
  }

  /**
   * Records the new answer of a question ('' clears it), persisted at once, and sends it, right away or after
   * `debounceMs` of quiet (essays: one request per pause, not per keystroke). Ignored once the sheet is locked.
   */
  set(question: number | string, answer: string, { debounceMs = 0 }: { debounceMs?: number } = {}): void {
    if (this.disposed || this.state.kind === 'locked') return;
    const n = String(question);
    const at = Math.max(Math.floor(this.now()), (this.lastAt[n] ?? 0) + 1);
    this.lastAt[n] = at;
    this.pending = { ...this.pending, [n]: { answer, at } };
    this.changed(debounceMs);
  }

  /** Takes over changes made before the queue existed (e.g. while the sheet was loading), keeping their times. */
  add(changes: AnswerChanges): void {
    if (this.disposed || this.state.kind === 'locked' || Object.keys(changes).length === 0) return;
    this.pending = laterChanges(this.pending, changes);
    for (const [n, change] of Object.entries(changes)) this.lastAt[n] = Math.max(this.lastAt[n] ?? 0, change.at);
    this.changed(0);
  }

  /** Sends what was kept on this device from an earlier visit (nothing when nothing is pending). */
  resend(): void {
    if (this.hasPending() && this.state.kind !== 'locked') this.kick();
  }

  /** A mark to pass to `refresh` with the answers of a read started now. */
  mark(): number {
    return this.acks;
  }

  /**
   * The server's answers from a fresh read (the tab came back into view): shown under this device's unacknowledged
   * changes, which win until acknowledged. A read started before a save was acknowledged is older than that save's
   * reply and is ignored. Returns whether it was used.
   */
  refresh(server: Answers | null | undefined, mark: number): boolean {
    if (this.disposed || mark !== this.acks) return false;
    this.server = { ...(server ?? {}) };
    this.emitAnswers();
    return true;
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
    this.answersListeners.clear();
  }

  private changed(debounceMs: number): void {
    this.persist();
    this.emitAnswers();
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

  private kick(): void {
    // A scheduled retry will send the latest changes; sending earlier would only hammer a dead connection.
    if (this.running || this.retryTimer || this.disposed) return;
    void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.hasPending() && !this.disposed) {
        const sent = this.pending;
        this.setState({ kind: 'saving' });
        let merged: Answers | null | undefined;
        try {
          merged = await this.options.send(sent);
        } catch (err) {
          this.handleFailure(err);
          return;
        }
        this.acks += 1;
        this.attempt = 0;
        // Acknowledged: what was sent, unless the question was changed again meanwhile (then that change is pending).
        const left: AnswerChanges = {};
        for (const [n, change] of Object.entries(this.pending)) if (sent[n] !== change) left[n] = change;
        this.pending = left;
        this.server = merged ? { ...merged } : withChanges(this.server, sent);
        this.persist(sent);
        this.emitAnswers();
        if (!this.hasPending()) this.setState({ kind: 'saved' });
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
    this.setState(kind === 'other-device' ? { kind } : { kind: kind === 'network' ? 'offline' : 'retrying' });
    const delay =
      kind === 'other-device'
        ? Math.min(this.backoff(this.attempt), OTHER_DEVICE_RETRY_MS)
        : this.backoff(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.kick();
    }, delay);
  }

  /**
   * Keeps the pending changes on the device. Another tab of the same sheet keeps its own there too: its entries are
   * kept (the later change of a question wins), and only what the server acknowledged (`acked`) is taken out.
   */
  private persist(acked: AnswerChanges = {}): void {
    try {
      const kept = storedChanges(readStoredAnswers(this.options.storageKey, this.storage));
      for (const [n, change] of Object.entries(acked)) {
        if (kept[n] && kept[n].at === change.at && kept[n].answer === change.answer) delete kept[n];
      }
      const changes = laterChanges(kept, this.pending);
      if (Object.keys(changes).length > 0) {
        const stored: StoredAnswers = {
          answers: withChanges(this.server, changes),
          changes,
          updatedAt: this.now(),
          pending: true,
          item_id: this.options.itemId,
        };
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

  private emitAnswers(): void {
    const answers = this.getAnswers();
    this.answersListeners.forEach((listener) => listener(answers));
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
