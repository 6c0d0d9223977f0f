import { useCallback, useEffect, useState } from 'react';
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
  const [tick, setTick] = useState(0);
  /** The last answer, and the load it answered: while it answers another one, this one is on its way. */
  const [answer, setAnswer] = useState<{ load: string; data: ClassExams | undefined; error: unknown } | null>(null);
  const load = `${classId}:${examId}:${tick}`;
  const loading = answer?.load !== load;

  useEffect(() => {
    let current = true;
    // Answers of superseded calls are dropped: another class's exam never shows.
    // `examId`: one exam of the class's term by its id (a closed one: the class's own read serves only the current exam)
    const read = !classId
      ? Promise.reject(new Error('Class ID not found'))
      : examId
        ? loadPastExam(examId)
        : loadClassExams(classId);
    read.then(
      (data) => current && setAnswer({ load, data, error: undefined }),
      (error: unknown) => current && setAnswer({ load, data: undefined, error }),
    );
    return () => {
      current = false;
    };
  }, [classId, examId, load]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  // While asking again, the exam on screen stays and the last failure goes.
  return { data: answer?.data, error: loading ? undefined : answer?.error, loading, reload };
}
