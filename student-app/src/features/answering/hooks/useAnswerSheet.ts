import { useCallback, useEffect, useRef, useState } from 'react';
import { preloadSignOutWarning } from '@kelasku/shared-ui/src/unsent-work';
import type { AnswerChanges, AnswerSheet, Answers } from '@kelasku/shared-api';
import {
  AnswerQueue, answersStorageKey, laterChanges, readStoredAnswers, storedChanges, withChanges, type QueueState, type StoredAnswers,
} from '../answer-queue';

/** The answer-sheet calls of one kind of work (exercisesApi.answers or examsApi.answers). */
export interface SheetApi {
  get: (itemId: number, studentId: number) => Promise<AnswerSheet[]>;
  create: (itemId: number, studentId: number) => Promise<AnswerSheet>;
  /** Sends the questions changed on this device; answers with the whole merged sheet. */
  saveChanges: (sheetId: number, changes: AnswerChanges) => Promise<AnswerSheet>;
}

export interface UseAnswerSheetOptions {
  kind: 'exercise' | 'exam';
  itemId: number | undefined;
  studentId: number | undefined;
  api: SheetApi;
  /** Load (and create when missing) only when true, e.g. while the exam is open. */
  enabled: boolean;
  /** Create the sheet when none exists (false for a closed exam: only look). */
  create?: boolean;
  /**
   * Take answers while the sheet is still being fetched or created (exams: the first question is usable as soon as
   * the exam is there). They are kept on this device and sent through the queue once the sheet is open.
   */
  answerWhileLoading?: boolean;
  /**
   * The server's clock minus this device's (ms), when known (exams): the time of each change is taken on the server's
   * clock, so changes from devices whose clocks differ compare fairly (the latest change of a question wins).
   */
  clockOffset?: number;
}

export type SheetPhase = 'loading' | 'error' | 'open' | 'submitted' | 'none';

export const ESSAY_DEBOUNCE_MS = 800;

/** Where answers given before the sheet exists are kept (the sheet id, which names the queue's key, is not known yet). */
export function earlyAnswersKey(kind: 'exercise' | 'exam', itemId: number, studentId: number): string {
  return `kelasku:answers:${kind}:early:${itemId}:${studentId}`;
}

function keepEarlyAnswers(key: string, changes: AnswerChanges): void {
  try {
    const stored: StoredAnswers = { answers: withChanges({}, changes), changes, updatedAt: Date.now(), pending: true };
    localStorage.setItem(key, JSON.stringify(stored));
  } catch (err) {
    console.error('Could not keep answers on this device', err); // storage full or disabled: they stay in memory
  }
}

/** What the load ended with, for a flush asked for before the sheet was open. */
type Opened = AnswerQueue | 'no-queue' | 'error';

/**
 * Loads or creates the student's answer sheet and saves each answer at once through the offline-safe queue
 * (multiple choice immediately, essays after ~800 ms of quiet), as per-question changes with their times. Changes
 * this device still holds unsent from an earlier visit are shown over the server's copy and sent. With
 * `answerWhileLoading`, answers given before the sheet is open are kept on the device and sent when it opens.
 * Answers given in another tab or device show up from each save's reply and when this tab comes back into view.
 */
export function useAnswerSheet({ kind, itemId, studentId, api, enabled, create = true, answerWhileLoading = false, clockOffset = 0 }: UseAnswerSheetOptions) {
  // Answers can be left unsent here: the sign-out warning must be able to show, even offline.
  useEffect(preloadSignOutWarning, []);
  const [phase, setPhase] = useState<SheetPhase>('loading');
  const [sheet, setSheet] = useState<AnswerSheet | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [queueState, setQueueState] = useState<QueueState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const queueRef = useRef<AnswerQueue | null>(null);
  /** Answers given while the sheet loads (null when answering has to wait for the sheet). */
  const earlyRef = useRef<{ key: string; changes: AnswerChanges } | null>(null);
  const openedRef = useRef<Promise<Opened> | null>(null);
  const offsetRef = useRef(clockOffset);
  offsetRef.current = clockOffset;
  const phaseRef = useRef(phase);
  phaseRef.current = phase;

  useEffect(() => {
    if (!enabled || !itemId || !studentId) return;
    let live = true;
    let queue: AnswerQueue | null = null;
    let queueKey = '';
    let settle: (opened: Opened) => void = () => undefined;
    openedRef.current = new Promise<Opened>((resolve) => (settle = resolve));
    const earlyKey = earlyAnswersKey(kind, itemId, studentId);
    if (answerWhileLoading) {
      // Answers kept from a visit that ended before the sheet opened are shown (and sent) again.
      const kept = storedChanges(readStoredAnswers(earlyKey));
      earlyRef.current = { key: earlyKey, changes: kept };
      setAnswers(withChanges({}, kept));
    }
    setPhase('loading');
    (async () => {
      const existing = (await api.get(itemId, studentId))[0];
      const found = existing ?? (create ? await api.create(itemId, studentId) : null);
      if (!live) return;
      const early = earlyRef.current?.changes ?? {};
      earlyRef.current = null;
      if (!found) {
        setPhase('none');
        settle('no-queue');
        return;
      }
      const key = answersStorageKey(kind, found.id);
      setSheet(found);
      if (found.status === 'Inactive') {
        localStorage.removeItem(key); // submitted: nothing left to send
        localStorage.removeItem(earlyKey); // the server would refuse them (409)
        setAnswers(found.answers ?? {});
        setPhase('submitted');
        settle('no-queue');
        return;
      }
      // Takes over the changes kept under the sheet's key from an earlier visit.
      queueKey = key;
      queue = new AnswerQueue(
        {
          storageKey: key, itemId, send: async (changes) => (await api.saveChanges(found.id, changes)).answers, now: () => Date.now() + offsetRef.current,
        },
        found.answers ?? {},
      );
      queue.subscribe(setQueueState);
      queue.subscribeAnswers(setAnswers);
      queueRef.current = queue;
      setAnswers(queue.getAnswers());
      setPhase('open');
      if (Object.keys(early).length > 0) {
        queue.add(early); // persisted under the sheet's key before the early copy goes
        localStorage.removeItem(earlyKey);
      } else {
        queue.resend();
      }
      settle(queue);
    })().catch((err: unknown) => {
      console.error('Could not open the answer sheet', err);
      settle('error');
      if (!live) return;
      earlyRef.current = null; // kept on the device under earlyKey: shown and sent again on retry
      setPhase('error');
    });

    // Back in view (another tab or device may have answered meanwhile): read the sheet again. What this device has
    // not had acknowledged stays over the server's copy (the queue keeps it until acknowledged).
    let reading = false;
    const refresh = () => {
      const q = queue;
      if (!q || reading || !live || phaseRef.current !== 'open') return;
      reading = true;
      const mark = q.mark();
      api.get(itemId, studentId)
        .then(([fresh]) => {
          if (!live || !fresh || queue !== q || phaseRef.current !== 'open') return;
          if (fresh.status !== 'Inactive') {
            q.refresh(fresh.answers, mark);
            return;
          }
          // Submitted in another tab or device: show the submission (the server refuses further changes).
          q.dispose();
          queue = null;
          if (queueRef.current === q) queueRef.current = null;
          localStorage.removeItem(queueKey);
          setSheet(fresh);
          setAnswers(fresh.answers ?? {});
          setPhase('submitted');
        })
        .catch(() => undefined) // offline: the next focus tries again; saves report the connection
        .finally(() => (reading = false));
    };
    // Phones switch apps without unloading: send what is pending while the page is hidden.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (queue?.hasPending()) void queue.flush();
      } else {
        refresh();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', refresh);
    return () => {
      live = false;
      earlyRef.current = null;
      // A submit still waiting for this load must not grade without the early answers (they stay on the device).
      settle(queue ?? 'error');
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', refresh);
      const q = queue;
      if (queueRef.current === q) queueRef.current = null;
      // Leaving the page: send what is pending now; anything unsent stays on the device for the next visit.
      if (q) void q.flush().finally(() => q.dispose());
    };
  }, [kind, itemId, studentId, api, enabled, create, answerWhileLoading, attempt]);

  const setAnswer = useCallback((n: number, value: string, { essay = false }: { essay?: boolean } = {}) => {
    const queue = queueRef.current;
    const early = earlyRef.current;
    if (!queue && early) {
      const previous = early.changes[String(n)]?.at ?? 0;
      early.changes = laterChanges(early.changes, { [String(n)]: { answer: value, at: Math.max(Date.now() + offsetRef.current, previous + 1) } });
      setAnswers(withChanges({}, early.changes));
      keepEarlyAnswers(early.key, early.changes);
      return;
    }
    if (!queue || queue.getState().kind === 'locked') return;
    queue.set(n, value, { debounceMs: essay ? ESSAY_DEBOUNCE_MS : 0 }); // shown through subscribeAnswers
  }, []);

  const flush = useCallback(async (): Promise<QueueState> => {
    // Submitting while the sheet still loads: wait for it, so early answers are sent before grading.
    const opened = queueRef.current ?? (await openedRef.current);
    if (opened === 'error') throw new Error('Could not open your answer sheet, please try again.');
    return opened && opened !== 'no-queue' ? opened.flush() : { kind: 'saved' };
  }, []);

  const markSubmitted = useCallback(() => setPhase('submitted'), []);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  /** Answers can be given: the sheet is open, or it is loading and early answers are taken. */
  const answerable = phase === 'open' || (phase === 'loading' && answerWhileLoading && Boolean(enabled && itemId && studentId));

  return { phase, sheet, answers, queueState, answerable, setAnswer, flush, markSubmitted, reload };
}
