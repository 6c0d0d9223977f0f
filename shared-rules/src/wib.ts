/**
 * Western Indonesia Time (WIB), the zone of every time the product shows and of every exam window: UTC+7 all year
 * (Indonesia keeps no daylight saving), so a fixed offset is exact and needs no time-zone database.
 */
export const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The same offset as RFC 3339 writes it after a WIB wall clock (`2025-06-29T08:00:00+07:00`). */
export const WIB_OFFSET_TEXT = '+07:00';

/** The WIB wall clock of an instant (epoch ms): month 0–11, weekday 0 = Sunday. */
export interface WibWallClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

export function wibWallClock(epochMs: number): WibWallClock {
  const shifted = new Date(epochMs + WIB_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}

/** The WIB wall clock of an instant as `YYYY-MM-DDTHH:MM:SS` (no offset): slice it for the date, month or time. */
export function wibIsoText(epochMs: number): string {
  return new Date(epochMs + WIB_OFFSET_MS).toISOString().slice(0, 19);
}

/** One calendar day; WIB keeps no daylight saving, so every WIB day is this long. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant (epoch ms) the WIB calendar day of `epochMs` starts: 00:00 WIB, which is 17:00 UTC the day before. */
export function wibDayStart(epochMs: number): number {
  return Math.floor((epochMs + WIB_OFFSET_MS) / DAY_MS) * DAY_MS - WIB_OFFSET_MS;
}

/**
 * WIB calendar months, written `YYYY-MM` as the API sends them (the teacher dashboard's submissions per month). Every
 * month's arithmetic (which month an instant is in, when a month starts, n months back across a new year) is here.
 */
const MONTH_RE = /^(\d{4})-(\d{2})$/;

/** Year and month (0–11, as WibWallClock counts it) of a `YYYY-MM` month; null for anything else. */
export function parseWibMonth(month: string): { year: number; month: number } | null {
  const m = MONTH_RE.exec(month);
  const index = m ? Number(m[2]) - 1 : -1;
  return m && index >= 0 && index < 12 ? { year: Number(m[1]), month: index } : null;
}

function monthText(year: number, monthIndex: number): string {
  return new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 7);
}

/** `YYYY-MM` of the WIB month an instant falls in (31 December 17:00 UTC is already January in WIB). */
export function wibMonthOf(epochMs: number): string {
  return wibIsoText(epochMs).slice(0, 7);
}

/** The month `delta` months after `month` (before it when negative), over year boundaries. */
export function addWibMonths(month: string, delta: number): string {
  const parsed = parseWibMonth(month);
  if (!parsed) throw new RangeError(`"${month}" is not a YYYY-MM month`);
  return monthText(parsed.year, parsed.month + delta);
}

/** The instant (epoch ms) a WIB month starts: its first day at 00:00 WIB. */
export function wibMonthStart(month: string): number {
  const parsed = parseWibMonth(month);
  if (!parsed) throw new RangeError(`"${month}" is not a YYYY-MM month`);
  return Date.UTC(parsed.year, parsed.month, 1) - WIB_OFFSET_MS;
}

/** The last `n` WIB months, oldest first, ending with the month `epochMs` falls in. */
export function lastWibMonths(epochMs: number, n: number): string[] {
  const current = wibMonthOf(epochMs);
  return Array.from({ length: n }, (_, i) => addWibMonths(current, i - (n - 1)));
}
