import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerSheet, Answers } from '@kelasku/shared-api';
import { AnswerQueue, answersStorageKey, mergeWithPending, readStoredAnswers, type QueueState, type StoredAnswers } from './answer-queue';

/** The answer-sheet calls of one kind of work (exercisesApi.answers or examsApi.answers). */
export interface SheetApi {
  get: (itemId: number, studentId: number) => Promise<AnswerSheet[]>;
  create: (itemId: number, studentId: number) => Promise<AnswerSheet>;
  save: (sheetId: number, itemId: number, studentId: number, answers: Answers, seq?: number) => Promise<AnswerSheet>;
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
}

export type SheetPhase = 'loading' | 'error' | 'open' | 'submitted' | 'none';

export const ESSAY_DEBOUNCE_MS = 800;

/** Where answers given before the sheet exists are kept (the sheet id, which names the queue's key, is not known yet). */
export function earlyAnswersKey(kind: 'exercise' | 'exam', itemId: number, studentId: number): string {
  return `kelasku:answers:${kind}:early:${itemId}:${studentId}`;
}

function keepEarlyAnswers(key: string, answers: Answers): void {
  try {
    const stored: StoredAnswers = { answers, updatedAt: Date.now(), pending: true };
    localStorage.setItem(key, JSON.stringify(stored));
  } catch (err) {
    console.error('Could not keep answers on this device', err); // storage full or disabled: they stay in memory
  }
}

/** What the load ended with, for a flush asked for before the sheet was open. */
type Opened = AnswerQueue | 'no-queue' | 'error';

/**
 * Loads or creates the student's answer sheet and saves each answer at once through the offline-safe queue
 * (multiple choice immediately, essays after ~800 ms of quiet). A map this device still holds unsent from an
 * earlier visit is merged over the server's copy and sent. With `answerWhileLoading`, answers given before the sheet
 * is open are kept on the device and merged over both when it opens.
 */
export function useAnswerSheet({ kind, itemId, studentId, api, enabled, create = true, answerWhileLoading = false }: UseAnswerSheetOptions) {
  const [phase, setPhase] = useState<SheetPhase>('loading');
  const [sheet, setSheet] = useState<AnswerSheet | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [queueState, setQueueState] = useState<QueueState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const queueRef = useRef<AnswerQueue | null>(null);
  /** Answers given while the sheet loads (null when answering has to wait for the sheet). */
  const earlyRef = useRef<{ key: string; answers: Answers } | null>(null);
  const openedRef = useRef<Promise<Opened> | null>(null);

  useEffect(() => {
    if (!enabled || !itemId || !studentId) return;
    let live = true;
    let queue: AnswerQueue | null = null;
    let settle: (opened: Opened) => void = () => undefined;
    openedRef.current = new Promise<Opened>((resolve) => (settle = resolve));
    const earlyKey = earlyAnswersKey(kind, itemId, studentId);
    if (answerWhileLoading) {
      // Answers kept from a visit that ended before the sheet opened are shown (and sent) again.
      const kept = readStoredAnswers(earlyKey)?.answers ?? {};
      earlyRef.current = { key: earlyKey, answers: kept };
      setAnswers(kept);
    }
    setPhase('loading');
    (async () => {
      const existing = (await api.get(itemId, studentId))[0];
      const found = existing ?? (create ? await api.create(itemId, studentId) : null);
      if (!live) return;
      const early = earlyRef.current?.answers ?? {};
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
      const stored = mergeWithPending(found.answers, readStoredAnswers(key));
      const hasEarly = Object.keys(early).length > 0;
      const merged = hasEarly ? { answers: { ...stored.answers, ...early }, resend: true } : stored;
      queue = new AnswerQueue(
        { storageKey: key, send: (map, seq) => api.save(found.id, itemId, studentId, map, seq), lastSeq: found.answers_seq },
        merged.answers,
      );
      queue.subscribe(setQueueState);
      queueRef.current = queue;
      setAnswers(merged.answers);
      setPhase('open');
      if (merged.resend) queue.update(merged.answers); // persisted under the sheet's key before the early copy goes
      if (hasEarly) localStorage.removeItem(earlyKey);
      settle(queue);
    })().catch((err: unknown) => {
      console.error('Could not open the answer sheet', err);
      settle('error');
      if (!live) return;
      earlyRef.current = null; // kept on the device under earlyKey: shown and sent again on retry
      setPhase('error');
    });

    // Phones switch apps without unloading: send what is pending while the page is hidden.
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && queue?.hasPending()) void queue.flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      live = false;
      earlyRef.current = null;
      // A submit still waiting for this load must not grade without the early answers (they stay on the device).
      settle(queue ?? 'error');
      document.removeEventListener('visibilitychange', onHidden);
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
      early.answers = { ...early.answers, [String(n)]: value };
      setAnswers(early.answers);
      keepEarlyAnswers(early.key, early.answers);
      return;
    }
    if (!queue || queue.getState().kind === 'locked') return;
    const next = { ...queue.getAnswers(), [String(n)]: value };
    setAnswers(next);
    queue.update(next, { debounceMs: essay ? ESSAY_DEBOUNCE_MS : 0 });
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
