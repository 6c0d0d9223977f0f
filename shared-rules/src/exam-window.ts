/**
 * The exam window: answers are accepted in the closed interval [start, end] — the end instant itself still counts —
 * so the student's clock and the server agree on the last moment and on the names of the phases.
 */

export type ExamStatus = 'Scheduled' | 'Active' | 'Completed';

/** Scheduled before start, Active in [start, end], Completed after end (all epoch milliseconds). */
export function examStatusAt(startMs: number, endMs: number, nowMs: number): ExamStatus {
  if (nowMs < startMs) return 'Scheduled';
  if (nowMs > endMs) return 'Completed';
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
