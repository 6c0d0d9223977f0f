import i18next from 'i18next';
import { errorStatus, isNetworkError, type Grade } from '@kelasku/shared-api';
import type { QueueState } from './answer-queue';

/** Read when the failure happens, in the language active then. */
const offlineText = () => i18next.t('student:submit.errors.offline');

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
  if (state.kind === 'offline' || state.kind === 'retrying') throw new Error(offlineText());
  if (state.kind === 'failed') throw new Error(i18next.t('student:submit.errors.notSaved'));
  try {
    return await calculate();
  } catch (err) {
    if (isNetworkError(err)) throw new Error(offlineText(), { cause: err });
    const status = errorStatus(err);
    if (status === 403 || status === 409) {
      const grade = await storedGrade().catch(() => undefined);
      if (grade) return grade;
      throw new Error(i18next.t('student:submit.errors.closed'), { cause: err });
    }
    throw new Error(i18next.t('student:submit.errors.failed'), { cause: err });
  }
}

/** True when some essay is still waiting for a score (scorer down or teacher review). */
export function hasPendingEssays(grade: Grade): boolean {
  return Object.values(grade.detail ?? {}).some(
    (d) => typeof d === 'object' && d !== null && 'pending' in d && d.pending,
  );
}
