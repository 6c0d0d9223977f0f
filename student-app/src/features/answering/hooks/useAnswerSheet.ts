import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { preloadSignOutWarning } from '@kelasku/shared-ui/src/unsent-work';
import type { AnswerSheet, Answers } from '@kelasku/shared-api';
import type { AnswerQueue, QueueState } from '../answer-queue';
import {
  answerEarly,
  startSheetSession,
  type EarlyAnswers,
  type Opened,
  type SessionLinks,
  type SheetApi,
  type SheetPhase,
} from '../sheet-session';

export { earlyAnswersKey, type SheetApi, type SheetPhase } from '../sheet-session';

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

export const ESSAY_DEBOUNCE_MS = 800;

/**
 * The refs a sheet's session shares with setAnswer and flush. The latest clock offset and phase are written after
 * each commit (a layout effect: before the browser handles the next tap), never during render.
 */
function useSessionLinks(clockOffset: number, phase: SheetPhase): SessionLinks {
  const queue = useRef<AnswerQueue | null>(null);
  /** Answers given while the sheet loads (null when answering has to wait for the sheet). */
  const early = useRef<EarlyAnswers | null>(null);
  const opened = useRef<Promise<Opened> | null>(null);
  const offset = useRef(clockOffset);
  const phaseRef = useRef(phase);
  useLayoutEffect(() => {
    offset.current = clockOffset;
    phaseRef.current = phase;
  }, [clockOffset, phase]);
  // One object for the component's life: the session's effect depends on it.
  return useMemo(() => ({ queue, early, opened, offset, phase: phaseRef }), [queue, early, opened, offset, phaseRef]);
}

/** setAnswer: into the open sheet's queue, or kept on the device while the sheet loads (with `answerWhileLoading`). */
function useSetAnswer(links: SessionLinks, setAnswers: (answers: Answers) => void) {
  return useCallback(
    (n: number, value: string, { essay = false }: { essay?: boolean } = {}) => {
      const early = answerEarly(links, n, value);
      if (early) {
        setAnswers(early);
        return;
      }
      const queue = links.queue.current;
      if (!queue || queue.getState().kind === 'locked') return;
      queue.set(n, value, { debounceMs: essay ? ESSAY_DEBOUNCE_MS : 0 }); // shown through subscribeAnswers
    },
    [links, setAnswers],
  );
}

/**
 * Loads or creates the student's answer sheet and saves each answer at once through the offline-safe queue
 * (multiple choice immediately, essays after ~800 ms of quiet), as per-question changes with their times. Changes
 * this device still holds unsent from an earlier visit are shown over the server's copy and sent. With
 * `answerWhileLoading`, answers given before the sheet is open are kept on the device and sent when it opens.
 * Answers given in another tab or device show up from each save's reply and when this tab comes back into view.
 */
export function useAnswerSheet({
  kind,
  itemId,
  studentId,
  api,
  enabled,
  create = true,
  answerWhileLoading = false,
  clockOffset = 0,
}: UseAnswerSheetOptions) {
  // Answers can be left unsent here: the sign-out warning must be able to show, even offline.
  useEffect(preloadSignOutWarning, []);
  const [phase, setPhase] = useState<SheetPhase>('loading');
  const [sheet, setSheet] = useState<AnswerSheet | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [queueState, setQueueState] = useState<QueueState>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const links = useSessionLinks(clockOffset, phase);

  useEffect(() => {
    if (!enabled || !itemId || !studentId) return;
    return startSheetSession(
      { kind, itemId, studentId, api, create, answerWhileLoading },
      { setPhase, setSheet, setAnswers, setQueueState },
      links,
    );
  }, [kind, itemId, studentId, api, enabled, create, answerWhileLoading, attempt, links]);

  const setAnswer = useSetAnswer(links, setAnswers);
  const flush = useCallback(async (): Promise<QueueState> => {
    // Submitting while the sheet still loads: wait for it, so early answers are sent before grading.
    const opened = links.queue.current ?? (await links.opened.current);
    if (opened === 'error') throw new Error('Could not open your answer sheet, please try again.');
    return opened && opened !== 'no-queue' ? opened.flush() : { kind: 'saved' };
  }, [links]);

  const markSubmitted = useCallback(() => setPhase('submitted'), []);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  /** Answers can be given: the sheet is open, or it is loading and early answers are taken. */
  const answerable =
    phase === 'open' || (phase === 'loading' && answerWhileLoading && Boolean(enabled && itemId && studentId));

  return { phase, sheet, answers, queueState, answerable, setAnswer, flush, markSubmitted, reload };
}

/** What a page gets of its answer sheet. */
export type AnswerSheetState = ReturnType<typeof useAnswerSheet>;
