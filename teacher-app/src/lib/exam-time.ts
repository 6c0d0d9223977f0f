import { fromWibIso } from '@kelasku/shared-api';

/** 'HH:MM - HH:MM WIB' of an exam's window (the API writes times with +07:00; any offset is converted). */
export function wibRangeLabel(exam: { start_time: string; end_time: string }): string {
  return `${fromWibIso(exam.start_time).time} - ${fromWibIso(exam.end_time).time} WIB`;
}
