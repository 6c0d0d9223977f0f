import { useEffect, useMemo, useState } from 'react';
import { parseQuestions } from '@kelasku/shared-api';
import { arrivedClassExams, type ClassExams } from '../../../lib/exam-prefetch';
import { clockOffset, useServerNow, windowPhase } from '../exam-clock';
import { useClassExams } from './useClassExams';

/** The class's exam (the first of its list) and the server's clock minus this device's. */
function examOf({ list, receivedAt }: ClassExams) {
  const exam = list[0] ?? null;
  return { exam, offset: clockOffset(exam?.server_time, receivedAt) };
}

/**
 * The exam on screen and its window: the class's exam (or a past one by its id), with this student's own end once a
 * heartbeat brought it (`setOwnEnd`), the server's clock, the window's phase and the questions.
 */
export function useExamWindow(classId: number | undefined, examId: number | undefined) {
  // Usually already on its way: started when the class was pressed on My Exams, or with this screen's code.
  const classExams = useClassExams(classId, examId);
  const loadedExam = useMemo(() => classExams.data && examOf(classExams.data), [classExams.data]);
  const examLoad = { ...classExams, data: loadedExam };
  // Already here (usual when the exam is opened directly): shown in the first render, not after a loading state. The
  // load above takes the same answer; from its first result on, only the load counts (also after a failed Retry).
  const [arrived] = useState(() => (classId && !examId ? { classId, data: arrivedClassExams(classId) } : undefined));
  const settledNow = examLoad.data !== undefined || examLoad.error !== undefined;
  const [loadSettled, setLoadSettled] = useState(settledNow);
  if (settledNow && !loadSettled) setLoadSettled(true); // state, not a ref: remembered from a render React kept
  const earlyData =
    !loadSettled && !settledNow && arrived?.data && arrived.classId === classId ? examOf(arrived.data) : undefined;
  const examData = examLoad.data ?? earlyData;
  // The proctor may give this student extra minutes: their own end comes with each heartbeat and moves the clock.
  const [ownEnd, setOwnEnd] = useState<string | null>(null);
  const loadedEnd = examData?.exam ?? null;
  const exam = useMemo(
    () =>
      loadedEnd && ownEnd && Date.parse(ownEnd) > Date.parse(loadedEnd.end_time)
        ? { ...loadedEnd, end_time: ownEnd }
        : loadedEnd,
    [loadedEnd, ownEnd],
  );
  const offset = examData?.offset;
  const now = useServerNow(offset ?? 0);
  const phase = exam ? windowPhase(exam, now) : undefined;
  const questions = useMemo(() => parseQuestions(exam?.content), [exam]);

  // The server hides the questions until the start: fetch again once the window opens.
  const { reload: reloadExam } = examLoad;
  useEffect(() => {
    if (phase === 'Active' && exam && questions.length === 0 && exam.status === 'Scheduled') reloadExam();
  }, [phase, exam, questions.length, reloadExam]);

  return { examLoad, exam, offset, now, phase, questions, setOwnEnd };
}
