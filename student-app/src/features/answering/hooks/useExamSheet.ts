import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { examsApi, type Exam } from '@kelasku/shared-api';
import type { ExamStatus } from '@kelasku/shared-rules';
import { storedGradeQuery, useSubmitSheet } from '../api';
import { useAnswerSheet } from './useAnswerSheet';
import { useExamHeartbeat } from './useExamHeartbeat';

/** Submit this long before the end so the last answers still reach the server inside the window. */
const AUTO_SUBMIT_LEAD_MS = 2000;

export interface ExamSheetParams {
  exam: Exam | null;
  phase: ExamStatus | undefined;
  studentId: number | undefined;
  /** The server's clock minus this device's, when known. */
  offset: number | undefined;
  now: number;
  /** This student's own end, as each heartbeat brings it. */
  onOwnEnd: (end: string | null) => void;
}

/**
 * The student's sheet of the exam on screen: answering (offline queue), the heartbeat (one device at a time, own
 * end), the stored grade, handing in, and the hand-in at the end time.
 */
export function useExamSheet({ exam, phase, studentId, offset, now, onOwnEnd }: ExamSheetParams) {
  const sheet = useAnswerSheet({
    kind: 'exam',
    itemId: exam?.id,
    studentId,
    api: examsApi.answers,
    enabled: Boolean(exam) && phase !== 'Scheduled',
    // Fixed per loaded exam: a closed exam is only looked at, never given a new sheet.
    create: exam?.status !== 'Completed',
    // Question 1 is usable as soon as the exam is here; the sheet is fetched (or created) meanwhile and the answers
    // given until then are sent once it exists. The server still decides: a refused save shows as today.
    answerWhileLoading: exam?.status !== 'Completed',
    // Answer times on the server's clock: devices whose clocks differ still merge by which answer was given last.
    clockOffset: offset,
  });
  const { otherDevice, endChecked } = useExamHeartbeat({
    sheetId: sheet.phase === 'open' ? (sheet.sheet?.id ?? null) : null,
    queueState: sheet.queueState,
    // also past the exam's end: this student may have extra minutes
    active: phase !== undefined && phase !== 'Scheduled',
    endMs: exam ? Date.parse(exam.end_time) : null,
    onEnd: onOwnEnd,
  });
  const storedGrade = useQuery({
    ...storedGradeQuery('exam', exam?.id ?? 0, studentId ?? 0, phase === 'Completed'),
    enabled: Boolean(exam && studentId) && (sheet.phase === 'submitted' || phase === 'Completed'),
  });
  const submit = useSubmitSheet({
    kind: 'exam',
    itemId: exam?.id,
    studentId,
    flush: sheet.flush,
    onSubmitted: sheet.markSubmitted,
  });
  const { autoNote, autoError } = useAutoSubmit({
    exam,
    sheetOpen: sheet.phase === 'open',
    now,
    endChecked,
    submit,
    markSubmitted: sheet.markSubmitted,
  });
  return { sheet, otherDevice, storedGrade, submit, autoNote, autoError };
}

/** At the end time an open exam is handed in from here too (the server also submits it on its own). */
function useAutoSubmit({
  exam,
  sheetOpen,
  now,
  endChecked,
  submit,
  markSubmitted,
}: {
  exam: Exam | null;
  sheetOpen: boolean;
  now: number;
  /** The first heartbeat answered: it may bring this student's own, later end. */
  endChecked: boolean;
  submit: ReturnType<typeof useSubmitSheet>;
  markSubmitted: () => void;
}) {
  const { t } = useTranslation('student');
  const [autoNote, setAutoNote] = useState<string | undefined>();
  const started = useRef(false);
  const { mutate } = submit;
  useEffect(() => {
    if (!exam || !sheetOpen || started.current) return;
    if (now < Date.parse(exam.end_time) - AUTO_SUBMIT_LEAD_MS) return;
    if (!endChecked) return;
    started.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the note of the hand-in this effect starts at the end
    setAutoNote(t('exam.autoSubmitted'));
    // Failed: the sheet shows as handed in all the same (the server submits it at the end), with the reason.
    mutate(undefined, { onError: markSubmitted });
  }, [now, exam, sheetOpen, endChecked, mutate, markSubmitted, t]);
  // The reason the hand-in at the end time failed (a submit the student started shows its own failure).
  const autoError = autoNote && submit.error ? (submit.error instanceof Error ? submit.error.message : autoNote) : null;
  return { autoNote, autoError };
}
