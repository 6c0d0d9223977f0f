import type { MutableRefObject } from 'react';
import type { AnswerChanges, AnswerSheet, Answers } from '@kelasku/shared-api';
import {
  AnswerQueue,
  answersStorageKey,
  laterChanges,
  readStoredAnswers,
  storedChanges,
  withChanges,
  type QueueState,
  type StoredAnswers,
} from './answer-queue';

// One visit of an answer sheet, outside React: its load (or creation), the queue it opens, the early answers kept
// meanwhile, and the reads when the page comes back into view. useAnswerSheet starts one per sheet and closes it.

/** The answer-sheet calls of one kind of work (exercisesApi.answers or examsApi.answers). */
export interface SheetApi {
  get: (itemId: number, studentId: number) => Promise<AnswerSheet[]>;
  create: (itemId: number, studentId: number) => Promise<AnswerSheet>;
  /** Sends the questions changed on this device; answers with the whole merged sheet. */
  saveChanges: (sheetId: number, changes: AnswerChanges) => Promise<AnswerSheet>;
}

export type SheetPhase = 'loading' | 'error' | 'open' | 'submitted' | 'none';

/** What the load ended with, for a flush asked for before the sheet was open. */
export type Opened = AnswerQueue | 'no-queue' | 'error';

/** Answers given while the sheet loads, and where they are kept on the device meanwhile. */
export interface EarlyAnswers {
  key: string;
  changes: AnswerChanges;
}

/** Where answers given before the sheet exists are kept (the sheet id, which names the queue's key, is not known yet). */
export function earlyAnswersKey(kind: 'exercise' | 'exam', itemId: number, studentId: number): string {
  return `kelasku:answers:${kind}:early:${itemId}:${studentId}`;
}

export function keepEarlyAnswers(key: string, changes: AnswerChanges): void {
  try {
    const stored: StoredAnswers = { answers: withChanges({}, changes), changes, updatedAt: Date.now(), pending: true };
    localStorage.setItem(key, JSON.stringify(stored));
  } catch (err) {
    console.error('Could not keep answers on this device', err); // storage full or disabled: they stay in memory
  }
}

export interface SessionParams {
  kind: 'exercise' | 'exam';
  itemId: number;
  studentId: number;
  api: SheetApi;
  create: boolean;
  answerWhileLoading: boolean;
}

/** The hook's state setters: what the session shows. */
export interface SessionView {
  setPhase: (phase: SheetPhase) => void;
  setSheet: (sheet: AnswerSheet) => void;
  setAnswers: (answers: Answers) => void;
  setQueueState: (state: QueueState) => void;
}

/** The hook's refs the session shares with setAnswer and flush (written only by the session and in effects). */
export interface SessionLinks {
  queue: MutableRefObject<AnswerQueue | null>;
  early: MutableRefObject<EarlyAnswers | null>;
  /** What the current visit's load ended with, for a flush asked for before the sheet was open. */
  opened: MutableRefObject<Promise<Opened> | null>;
  /** The phase on screen (markSubmitted sets it from outside): the latest, written in an effect. */
  phase: MutableRefObject<SheetPhase>;
  /** The server's clock minus this device's: the latest, written in an effect. */
  offset: MutableRefObject<number>;
}

/** The session's own mutable state, shared by its load, its watchers and its close. */
interface Session {
  live: boolean;
  queue: AnswerQueue | null;
  queueKey: string;
}

/**
 * An answer given while the sheet loads (no queue yet, `answerWhileLoading`): kept with its time on the server's clock
 * and on the device. Returns the answers to show, or null when the answer is not one to keep here.
 */
export function answerEarly(links: SessionLinks, n: number, value: string): Answers | null {
  const early = links.early.current;
  if (links.queue.current || !early) return null;
  const previous = early.changes[String(n)]?.at ?? 0;
  early.changes = laterChanges(early.changes, {
    [String(n)]: { answer: value, at: Math.max(Date.now() + links.offset.current, previous + 1) },
  });
  keepEarlyAnswers(early.key, early.changes);
  return withChanges({}, early.changes);
}

/**
 * Starts a visit of the sheet (`links.opened` says what its load ends with); the returned function ends it (what is
 * pending is sent, anything unsent stays on the device).
 */
export function startSheetSession(params: SessionParams, view: SessionView, links: SessionLinks): () => void {
  const session: Session = { live: true, queue: null, queueKey: '' };
  let settle: (opened: Opened) => void = () => undefined;
  links.opened.current = new Promise<Opened>((resolve) => (settle = resolve));
  const earlyKey = earlyAnswersKey(params.kind, params.itemId, params.studentId);
  if (params.answerWhileLoading) {
    // Answers kept from a visit that ended before the sheet opened are shown (and sent) again.
    const kept = storedChanges(readStoredAnswers(earlyKey));
    links.early.current = { key: earlyKey, changes: kept };
    view.setAnswers(withChanges({}, kept));
  }
  view.setPhase('loading');
  loadSheet(params, view, links, session, earlyKey).then(settle, (err: unknown) => {
    console.error('Could not open the answer sheet', err);
    settle('error');
    if (!session.live) return;
    links.early.current = null; // kept on the device under earlyKey: shown and sent again on retry
    view.setPhase('error');
  });
  const unwatch = watchVisibility(params, view, links, session);

  const close = () => {
    session.live = false;
    links.early.current = null;
    // A submit still waiting for this load must not grade without the early answers (they stay on the device).
    settle(session.queue ?? 'error');
    unwatch();
    const q = session.queue;
    if (links.queue.current === q) links.queue.current = null;
    // Leaving the page: send what is pending now; anything unsent stays on the device for the next visit.
    if (q) void q.flush().finally(() => q.dispose());
  };
  return close;
}

/** Reads the sheet (creates it when allowed and missing) and opens its queue, sending the early answers through it. */
async function loadSheet(
  params: SessionParams,
  view: SessionView,
  links: SessionLinks,
  session: Session,
  earlyKey: string,
): Promise<Opened> {
  const { kind, itemId, studentId, api } = params;
  const existing = (await api.get(itemId, studentId))[0];
  const found = existing ?? (params.create ? await api.create(itemId, studentId) : null);
  if (!session.live) return 'no-queue'; // closed meanwhile: close() already settled
  const early = links.early.current?.changes ?? {};
  links.early.current = null;
  if (!found) {
    view.setPhase('none');
    return 'no-queue';
  }
  const key = answersStorageKey(kind, found.id);
  view.setSheet(found);
  if (found.status === 'Inactive') {
    localStorage.removeItem(key); // submitted: nothing left to send
    localStorage.removeItem(earlyKey); // the server would refuse them (409)
    view.setAnswers(found.answers ?? {});
    view.setPhase('submitted');
    return 'no-queue';
  }
  // Takes over the changes kept under the sheet's key from an earlier visit.
  session.queueKey = key;
  const queue = new AnswerQueue(
    {
      storageKey: key,
      itemId,
      send: async (changes) => (await api.saveChanges(found.id, changes)).answers,
      now: () => Date.now() + links.offset.current,
    },
    found.answers ?? {},
  );
  session.queue = queue;
  queue.subscribe(view.setQueueState);
  queue.subscribeAnswers(view.setAnswers);
  links.queue.current = queue;
  view.setAnswers(queue.getAnswers());
  view.setPhase('open');
  if (Object.keys(early).length > 0) {
    queue.add(early); // persisted under the sheet's key before the early copy goes
    localStorage.removeItem(earlyKey);
  } else {
    queue.resend();
  }
  return queue;
}

/**
 * Back in view (another tab or device may have answered meanwhile): reads the sheet again; what this device has not
 * had acknowledged stays over the server's copy (the queue keeps it until acknowledged). Hidden (phones switch apps
 * without unloading): sends what is pending. Returns the unsubscribe.
 */
function watchVisibility(params: SessionParams, view: SessionView, links: SessionLinks, session: Session): () => void {
  let reading = false;
  const isOpen = (q: AnswerQueue) => session.live && session.queue === q && links.phase.current === 'open';
  const refresh = () => {
    const q = session.queue;
    if (!q || reading || !isOpen(q)) return;
    reading = true;
    const mark = q.mark();
    params.api
      .get(params.itemId, params.studentId)
      .then(([fresh]) => {
        if (!fresh || !isOpen(q)) return;
        if (fresh.status !== 'Inactive') {
          q.refresh(fresh.answers, mark);
          return;
        }
        // Submitted in another tab or device: show the submission (the server refuses further changes).
        q.dispose();
        session.queue = null;
        if (links.queue.current === q) links.queue.current = null;
        localStorage.removeItem(session.queueKey);
        view.setSheet(fresh);
        view.setAnswers(fresh.answers ?? {});
        view.setPhase('submitted');
      })
      .catch(() => undefined) // offline: the next focus tries again; saves report the connection
      .finally(() => (reading = false));
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      if (session.queue?.hasPending()) void session.queue.flush();
    } else {
      refresh();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', refresh);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', refresh);
  };
}
