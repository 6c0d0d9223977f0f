import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerSheet, Answers } from '@kelasku/shared-api';
import { AnswerQueue, answersStorageKey, mergeWithPending, readStoredAnswers, type QueueState } from './answer-queue';

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
}

export type SheetPhase = 'loading' | 'error' | 'open' | 'submitted' | 'none';

export const ESSAY_DEBOUNCE_MS = 800;

/**
 * Loads or creates the student's answer sheet and saves each answer at once through the offline-safe queue
 * (multiple choice immediately, essays after ~800 ms of quiet). A map this device still holds unsent from an
 * earlier visit is merged over the server's copy and sent.
 */
export function useAnswerSheet({ kind, itemId, studentId, api, enabled, create = true }: UseAnswerSheetOptions) {
  const [phase, setPhase] = useState<SheetPhase>('loading');
  const [sheet, setSheet] = useState<AnswerSheet | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [queueState, setQueueState] = useState<QueueState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const queueRef = useRef<AnswerQueue | null>(null);

  useEffect(() => {
    if (!enabled || !itemId || !studentId) return;
    let live = true;
    let queue: AnswerQueue | null = null;
    setPhase('loading');
    (async () => {
      const existing = (await api.get(itemId, studentId))[0];
      const found = existing ?? (create ? await api.create(itemId, studentId) : null);
      if (!live) return;
      if (!found) {
        setPhase('none');
        return;
      }
      const key = answersStorageKey(kind, found.id);
      setSheet(found);
      if (found.status === 'Inactive') {
        localStorage.removeItem(key); // submitted: nothing left to send
        setAnswers(found.answers ?? {});
        setPhase('submitted');
        return;
      }
      const merged = mergeWithPending(found.answers, readStoredAnswers(key));
      queue = new AnswerQueue(
        { storageKey: key, send: (map, seq) => api.save(found.id, itemId, studentId, map, seq), lastSeq: found.answers_seq },
        merged.answers,
      );
      queue.subscribe(setQueueState);
      queueRef.current = queue;
      setAnswers(merged.answers);
      setPhase('open');
      if (merged.resend) queue.update(merged.answers);
    })().catch((err: unknown) => {
      console.error('Could not open the answer sheet', err);
      if (live) setPhase('error');
    });

    // Phones switch apps without unloading: send what is pending while the page is hidden.
    const onHidden = () => {
      if (document.visibilityState === 'hidden' && queue?.hasPending()) void queue.flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onHidden);
      const q = queue;
      if (queueRef.current === q) queueRef.current = null;
      // Leaving the page: send what is pending now; anything unsent stays on the device for the next visit.
      if (q) void q.flush().finally(() => q.dispose());
    };
  }, [kind, itemId, studentId, api, enabled, create, attempt]);

  const setAnswer = useCallback((n: number, value: string, { essay = false }: { essay?: boolean } = {}) => {
    const queue = queueRef.current;
    if (!queue || queue.getState().kind === 'locked') return;
    const next = { ...queue.getAnswers(), [String(n)]: value };
    setAnswers(next);
    queue.update(next, { debounceMs: essay ? ESSAY_DEBOUNCE_MS : 0 });
  }, []);

  const flush = useCallback(async (): Promise<QueueState> => {
    const queue = queueRef.current;
    return queue ? queue.flush() : { kind: 'saved' };
  }, []);

  const markSubmitted = useCallback(() => setPhase('submitted'), []);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  return { phase, sheet, answers, queueState, setAnswer, flush, markSubmitted, reload };
}
