/**
 * Exam time windows (docs/api.md §4.4). Instants are real instants: stored as UTC, compared as epoch
 * milliseconds, and always serialized in WIB as `YYYY-MM-DDTHH:MM:SS+07:00` (the frontend cuts the wall clock out
 * of that string by position).
 */

import {
  endsAfterStart,
  examStatusAt,
  type ExamStatus,
  WIB_OFFSET_MS,
  WIB_OFFSET_TEXT,
  WINDOW_RULE,
  wibIsoText,
  windowRefusal,
} from '@kelasku/shared-rules';
import { type ErrorDetails, RuleError } from './errors';

// The window rule itself (closed interval, status names, refusal texts) is shared with the student's exam clock.
export { type ExamStatus, windowRefusal };

// RFC 3339 date-time; seconds optional (tolerance for `HH:MM+07:00`), an offset or Z is required.
const RFC3339_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses an RFC 3339 date-time with an offset. Returns null for anything else (including impossible dates). */
export function parseInstant(text: string): Date | null {
  const m = RFC3339_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', offset] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  let offsetMs = 0;
  if (offset !== 'Z' && offset !== 'z') {
    const sign = offset[0] === '-' ? -1 : 1;
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offsetMs = sign * (oh * 60 + om) * 60_000;
  }
  const ms = Math.floor(Number(`0${frac || '.0'}`) * 1000);
  const utc = Date.UTC(Number(y), month - 1, day, hour, minute, second, ms) - offsetMs;
  return new Date(utc);
}

// Instants already written out: a list of discussions formats the same few thousand reply times on every read, and
// the formatting costs more than the lookup. Emptied when full (a bound, not an eviction policy).
const wibText = new Map<number, string>();
const WIB_TEXTS_MAX = 20_000;

const WIB_OFFSET_HOURS = WIB_OFFSET_MS / 3_600_000;

/**
 * formatWib in SQL, for statements that write their JSON themselves (hot-reads.ts): `column`, an instant as the
 * database keeps it, as `YYYY-MM-DDTHH:MM:SS+07:00` (seconds cut, not rounded, as wibIsoText does).
 */
export function formatWibSql(kind: 'sqlite' | 'postgres', column: string): string {
  return kind === 'sqlite'
    ? `strftime('%Y-%m-%dT%H:%M:%S${WIB_OFFSET_TEXT}', ${column}, '+${WIB_OFFSET_HOURS} hours')`
    : `to_char((${column} AT TIME ZONE 'UTC') + interval '${WIB_OFFSET_HOURS} hours', 'YYYY-MM-DD"T"HH24:MI:SS"${WIB_OFFSET_TEXT}"')`;
}

/** `YYYY-MM-DDTHH:MM:SS+07:00` for an instant. */
export function formatWib(instant: Date | number | string): string {
  const ms = toMillis(instant);
  let text = wibText.get(ms);
  if (text === undefined) {
    text = `${wibIsoText(ms)}${WIB_OFFSET_TEXT}`;
    if (wibText.size >= WIB_TEXTS_MAX) wibText.clear();
    wibText.set(ms, text);
  }
  return text;
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ` by its shape (Date.parse checks the digits). */
function isIsoUtc(text: string): boolean {
  return text.length === 24 && text[23] === 'Z' && text[10] === 'T' && text[19] === '.';
}

/**
 * Accepts what the database gives back for a stored instant: a Date (pg timestamptz), epoch milliseconds, or an
 * ISO/RFC 3339 string (SQLite text).
 */
export function toMillis(instant: Date | number | string): number {
  if (instant instanceof Date) return instant.getTime();
  if (typeof instant === 'number') return instant;
  if (isIsoUtc(instant)) {
    // the form toISOString writes, as SQLite keeps instants: Date.parse reads it exactly (lists format dozens per reply)
    const ms = Date.parse(instant);
    if (!Number.isNaN(ms)) return ms;
  }
  const parsed = parseInstant(instant);
  if (parsed) return parsed.getTime();
  const fallback = Date.parse(instant);
  if (Number.isNaN(fallback)) throw new RangeError(`not an instant: ${instant}`);
  return fallback;
}

/** Scheduled before start, Active in [start, end], Completed after end; `extraMinutes` moves one student's end. */
export function examStatus(
  start: Date | number | string,
  end: Date | number | string,
  now: Date | number = Date.now(),
  extraMinutes = 0,
): ExamStatus {
  return examStatusAt(toMillis(start), toMillis(end), toMillis(now), extraMinutes);
}

/** Columns (SQL expressions) of an exam's window; `extraMinutes`: an integer expression of one student's extra time. */
export interface WindowColumns {
  start: string;
  end: string;
  extraMinutes?: string;
}

/**
 * The SQL conditions of the window, generated from shared-rules' WINDOW_RULE (the comparisons examStatusAt makes), for
 * statements that check it themselves: `now` is an SQL expression (a placeholder) of an instant as the database keeps
 * it (toDbTime text in SQLite, timestamptz in PostgreSQL). SQLite keeps instants as ISO text in UTC, whose order is
 * time order; the end moved by extra minutes is written back in that same form.
 */
export function windowSql(kind: 'sqlite' | 'postgres', cols: WindowColumns) {
  const end = !cols.extraMinutes
    ? cols.end
    : kind === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${cols.end}, (${cols.extraMinutes}) || ' minutes')`
      : `(${cols.end} + make_interval(mins => ${cols.extraMinutes}))`;
  const started = (now: string) => `${cols.start} ${WINDOW_RULE.started} ${now}`;
  const notEnded = (now: string) => `${end} ${WINDOW_RULE.notEnded} ${now}`;
  return {
    /** The (student's own) end as an SQL expression. */
    end,
    started,
    notEnded,
    /** Past its end (the student's own end with extra minutes). */
    ended: (now: string) => `NOT (${notEnded(now)})`,
    /** Inside [start, end]: answers are accepted. */
    open: (now: string) => `${started(now)} AND ${notEnded(now)}`,
  };
}

export class WindowError extends RuleError {
  constructor(message: string, extra?: ErrorDetails) {
    super(message, { code: 'exam-window-invalid', ...extra });
  }
}

// Exam times a school can mean: an offset can push "9999-12-31" past year 9999 in UTC, which no database column or
// ISO string holds, and no exam is ever scheduled decades away.
const EARLIEST_EXAM_MS = Date.UTC(2000, 0, 1);
const LATEST_EXAM_MS = Date.UTC(2101, 0, 1) - 1;

function refuseOutsideYears(field: string, text: string, instant: Date): void {
  const ms = instant.getTime();
  if (ms < EARLIEST_EXAM_MS || ms > LATEST_EXAM_MS) {
    throw new WindowError(`${field} "${text}" must be between the years 2000 and 2100`);
  }
}

/** Validates a create/update pair of times; returns the parsed instants. */
export function parseWindow(startText: unknown, endText: unknown): { start: Date; end: Date } {
  if (typeof startText !== 'string' || typeof endText !== 'string') {
    throw new WindowError(
      `start_time and end_time are required RFC 3339 date-times, e.g. 2025-06-29T08:00:00${WIB_OFFSET_TEXT}`,
    );
  }
  const start = parseInstant(startText);
  if (!start)
    throw new WindowError(
      `start_time "${startText}" is not an RFC 3339 date-time with an offset, e.g. 2025-06-29T08:00:00${WIB_OFFSET_TEXT}`,
    );
  const end = parseInstant(endText);
  if (!end)
    throw new WindowError(
      `end_time "${endText}" is not an RFC 3339 date-time with an offset, e.g. 2025-06-29T10:00:00${WIB_OFFSET_TEXT}`,
    );
  refuseOutsideYears('start_time', startText, start);
  refuseOutsideYears('end_time', endText, end);
  if (!endsAfterStart(start.getTime(), end.getTime()))
    throw new WindowError('end_time must be after start_time', { code: 'exam-window-order' });
  return { start, end };
}
