// Date/time formatting. Exam times are always shown in WIB (UTC+7), whatever the browser's zone. Dates and clock
// times are Indonesian in both languages (the specification's own formats); reply times follow the active language.
import { currentLanguage } from './i18n';

const WIB = 'Asia/Jakarta';

export const INDONESIAN_MONTHS = [
  'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
  'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options, kept: building one costs far more than formatting with it (the
 * exam page's first render spent ~29 ms in formatWibTime building them), and lists format dozens of times.
 */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, cached);
  }
  return cached;
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Date in the Indonesian locale, e.g. '5 Januari 2025' (WIB calendar day). '-' for an invalid date. */
export function formatDateId(value: Date | string | number, options: Intl.DateTimeFormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '-';
  return formatter('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: WIB, ...options }).format(date);
}

/** Clock time in WIB, e.g. '08.00 WIB' ('id-ID' uses a dot between hours and minutes). */
export function formatWibTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '-';
  const time = formatter('id-ID', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: WIB }).format(date);
  return `${time} WIB`;
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
  const date = toDate(value);
  if (!date) return '-';
  if (currentLanguage() === 'id') return `${formatDateId(date)}, ${formatWibTime(date)}`;
  const parts = formatter('en-US', {
    hour: 'numeric', hour12: true, day: 'numeric', month: 'numeric', year: 'numeric', timeZone: WIB,
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const month = INDONESIAN_MONTHS[Number(get('month')) - 1];
  return `${get('hour')}${get('dayPeriod').toUpperCase()}. ${month} ${get('day')}, ${get('year')}`;
}
