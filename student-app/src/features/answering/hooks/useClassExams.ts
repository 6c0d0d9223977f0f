import { useCallback, useEffect, useRef, useState } from 'react';
import { loadClassExams, loadPastExam, type ClassExams } from '../../../lib/exam-prefetch';

export interface ClassExamsLoad {
  data: ClassExams | undefined;
  error: unknown;
  loading: boolean;
  /** Asks again (from Retry, or when the exam window opens); the exam on screen stays meanwhile. */
  reload: () => void;
}

/**
 * The class's exams for the exam screen. Not a TanStack query on purpose: the answer usually comes from the prefetch
 * started as the class was pressed (or with the remote, on a reload), it is used once and only while fresh, and it
 * carries the device time it arrived at for the exam clock; the exam e2e and offline tests cover that path. A failed
 * load clears the exam (the screen then shows the failure with Retry), as it always did.
 */
export function useClassExams(classId: number | undefined, examId?: number): ClassExamsLoad {
  const [state, setState] = useState<Omit<ClassExamsLoad, 'reload'>>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const callId = useRef(0);

  useEffect(() => {
    const id = ++callId.current;
    setState((s) => ({ ...s, error: undefined, loading: true }));
    // Answers of superseded calls are dropped: another class's exam never shows.
    // `examId`: one exam of the class's term by its id (a closed one: the class's own read serves only the current exam)
    const load = !classId
      ? Promise.reject(new Error('Class ID not found'))
      : examId
        ? loadPastExam(examId)
        : loadClassExams(classId);
    load.then(
      (data) => id === callId.current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => id === callId.current && setState({ data: undefined, error, loading: false }),
    );
  }, [classId, examId, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
