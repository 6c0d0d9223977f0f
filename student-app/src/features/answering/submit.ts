import { errorStatus, isNetworkError, type Grade } from '@kelasku/shared-api';
import type { QueueState } from './answer-queue';

export const OFFLINE_SUBMIT_TEXT =
  'You are offline — your answers are kept on this device. Submit again when the connection is back.';

/**
 * Submit: send every pending answer first, then ask the server to grade (which locks the sheet).
 * If the sheet is already locked (submitted, or the exam window closed and the server submitted it),
 * the stored grade is read instead. Rejects with a message for the student.
 */
export async function flushThenGrade(
  flush: () => Promise<QueueState>,
  calculate: () => Promise<Grade>,
  storedGrade: () => Promise<Grade | undefined>,
): Promise<Grade> {
  const state = await flush();
  if (state.kind === 'offline' || state.kind === 'retrying') throw new Error(OFFLINE_SUBMIT_TEXT);
  if (state.kind === 'failed') throw new Error('Your answers could not be saved. Sign in again, then reopen this page.');
  try {
    return await calculate();
  } catch (err) {
    if (isNetworkError(err)) throw new Error(OFFLINE_SUBMIT_TEXT, { cause: err });
    const status = errorStatus(err);
    if (status === 403 || status === 409) {
      const grade = await storedGrade().catch(() => undefined);
      if (grade) return grade;
      throw new Error('The exam is closed. Your answers were submitted automatically; your grade will appear soon.', { cause: err });
    }
    throw new Error('Could not submit, please try again.', { cause: err });
  }
}

/** True when some essay is still waiting for a score (scorer down or teacher review). */
export function hasPendingEssays(grade: Grade): boolean {
  return Object.values(grade.detail ?? {}).some((d) => typeof d === 'object' && d !== null && 'pending' in d && d.pending);
}
