/**
 * The exam window: answers are accepted in the closed interval [start, end] — the end instant itself still counts —
 * so the student's clock and the server agree on the last moment and on the names of the phases.
 */

export type ExamStatus = 'Scheduled' | 'Active' | 'Completed';

/**
 * The window as two comparisons of a bound with `now` (`bound op now`): started while `start <= now`, not ended while
 * `end >= now`. examStatusAt applies them in JavaScript and the server generates its SQL conditions from them
 * (server/src/domain/exam-window.ts), so the browser, the routes and every statement agree on the last moment.
 */
export const WINDOW_RULE = { started: '<=', notEnded: '>=' } as const;
export type WindowComparison = (typeof WINDOW_RULE)[keyof typeof WINDOW_RULE];

function holds(bound: number, op: WindowComparison, nowMs: number): boolean {
  return op === '<=' ? bound <= nowMs : bound >= nowMs;
}

/** Extra minutes a proctor may give one student on one exam. */
export const MAX_EXTRA_MINUTES = 600;

/** One student's end of the exam: its end plus the extra minutes the proctor gave that student. */
export function personalEndMs(endMs: number, extraMinutes = 0): number {
  return endMs + extraMinutes * 60_000;
}

/**
 * Scheduled before start, Active in [start, end], Completed after end (all epoch milliseconds); with `extraMinutes`,
 * the student's own end (personalEndMs).
 */
export function examStatusAt(startMs: number, endMs: number, nowMs: number, extraMinutes = 0): ExamStatus {
  if (!holds(startMs, WINDOW_RULE.started, nowMs)) return 'Scheduled';
  if (!holds(personalEndMs(endMs, extraMinutes), WINDOW_RULE.notEnded, nowMs)) return 'Completed';
  return 'Active';
}

/** Why an answer is refused at this status (the server's 403 message), or null while the exam is open. */
export function windowRefusal(status: ExamStatus): string | null {
  if (status === 'Scheduled') return 'The exam has not started yet';
  if (status === 'Completed') return 'The exam has ended';
  return null;
}

/** A window must end strictly after it starts (same-instant or reversed windows are refused). */
export function endsAfterStart(startMs: number, endMs: number): boolean {
  return endMs > startMs;
}

export const END_BEFORE_START = 'End time must be after start time.';
