import i18next from 'i18next';
import { fromWibIso, toWibIso, wibDate } from '@kelasku/shared-api';
import { endsAfterStart } from '@kelasku/shared-rules';

/** Exam window as typed: a WIB calendar date and WIB wall-clock times ('HH:MM'). */
export interface ScheduleValues {
  date: string;
  start: string;
  end: string;
}

/** Today in WIB (whatever the browser's zone), times still to be chosen. */
export function defaultSchedule(now: Date = new Date()): ScheduleValues {
  return { date: wibDate(now), start: '', end: '' };
}

export function scheduleFromExam(exam: { start_time: string; end_time: string }): ScheduleValues {
  const start = fromWibIso(exam.start_time);
  const end = fromWibIso(exam.end_time);
  return { date: start.date, start: start.time, end: end.time };
}

/**
 * Inline message for the end-time field: set only when both times are there and end is not after start (the server's
 * rule; its English text is shared-rules' END_BEFORE_START).
 */
export function endTimeProblem(s: ScheduleValues): string | null {
  if (!s.start || !s.end) return null;
  const { start_time, end_time } = scheduleToTimes({ ...s, date: s.date || wibDate(new Date()) });
  return endsAfterStart(Date.parse(start_time), Date.parse(end_time))
    ? null
    : i18next.t('teacher:assessments.schedule.endBeforeStart');
}

/** The first problem with the window (in the active language), or null. */
export function scheduleProblem(s: ScheduleValues): string | null {
  if (!s.date) return i18next.t('teacher:assessments.schedule.dateRequired');
  if (!s.start || !s.end) return i18next.t('teacher:assessments.schedule.timesRequired');
  return endTimeProblem(s);
}

/** The API's form: 'YYYY-MM-DDTHH:MM:00+07:00'. */
export function scheduleToTimes(s: ScheduleValues): { start_time: string; end_time: string } {
  return { start_time: toWibIso(s.date, s.start), end_time: toWibIso(s.date, s.end) };
}
