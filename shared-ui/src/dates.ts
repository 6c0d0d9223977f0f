// Date/time formatting. Exam times are always shown in WIB (UTC+7), whatever the browser's zone. Dates and clock
// times are Indonesian in both languages (the specification's own formats); reply times follow the active language.
// Written from WIB's fixed offset, not with Intl.DateTimeFormat: building a formatter with a time zone made the
// exam page's first render ~30 ms slower on a cold start (the browser loads its time-zone and pattern data).
import { wibWallClock, type WibWallClock } from '@kelasku/shared-rules';
// By its shared path: the shell's copy, not a second one in each remote (scripts/first-screen-imports.test.ts).
import { currentLanguage } from '@kelasku/shared-ui/src/i18n';

export const INDONESIAN_MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
] as const;

const INDONESIAN_WEEKDAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

function wallClockOf(value: Date | string | number) {
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(ms) ? null : wibWallClock(ms);
}

const dateText = (wib: WibWallClock) => `${wib.day} ${INDONESIAN_MONTHS[wib.month]} ${wib.year}`;
const timeText = (wib: WibWallClock) => `${twoDigits(wib.hours)}.${twoDigits(wib.minutes)} WIB`;

/** Date in Indonesian, e.g. '5 Januari 2025' or, with the weekday, 'Minggu, 5 Januari 2025' (WIB calendar day). '-' for an invalid date. */
export function formatDateId(value: Date | string | number, { weekday = false }: { weekday?: boolean } = {}): string {
  const wib = wallClockOf(value);
  if (!wib) return '-';
  return weekday ? `${INDONESIAN_WEEKDAYS[wib.weekday]}, ${dateText(wib)}` : dateText(wib);
}

/** Clock time in WIB, e.g. '08.00 WIB' (Indonesian writes a dot between hours and minutes). */
export function formatWibTime(value: Date | string | number): string {
  const wib = wallClockOf(value);
  return wib ? timeText(wib) : '-';
}

/** Time range in WIB, e.g. '08.00 - 09.30 WIB'. */
export function formatWibRange(start: Date | string | number, end: Date | string | number): string {
  return `${formatWibTime(start).replace(' WIB', '')} - ${formatWibTime(end)}`;
}

/**
 * Reply time in WIB: in English the specification's '3PM. Januari 5, 2025' (hour with AM/PM, Indonesian month
 * name); in Indonesian '5 Januari 2025, 15.00 WIB'.
 */
export function formatReplyTime(value: Date | string | number): string {
  const wib = wallClockOf(value);
  if (!wib) return '-';
  if (currentLanguage() === 'id') return `${dateText(wib)}, ${timeText(wib)}`;
  const hour = wib.hours % 12 || 12;
  return `${hour}${wib.hours < 12 ? 'AM' : 'PM'}. ${INDONESIAN_MONTHS[wib.month]} ${wib.day}, ${wib.year}`;
}
