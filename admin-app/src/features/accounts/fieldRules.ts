import i18next from 'i18next';
import { COMMON_STATUSES, schoolIdProblem, STUDENT_GRADES } from '@kelasku/shared-rules';

/** shared-rules' schoolIdProblem sentences (English, the server's too) by message, said in the active language. */
const SCHOOL_ID_PROBLEM_KEY: Record<string, string> = {
  'must not be empty': 'admin:accounts.problems.idEmpty',
  'must contain digits only (0-9)': 'admin:accounts.problems.idDigits',
};

/** A NIS/NIP field: the same digits-only rule the server applies. */
export const schoolIdField = (label: 'NIS' | 'NIP') => (value: string) => {
  const problem = schoolIdProblem(value.normalize('NFKC').trim());
  if (!problem) return undefined;
  const key = SCHOOL_ID_PROBLEM_KEY[problem];
  return key ? i18next.t(key, { field: label }) : `${label} ${problem}`;
};

/** The grade input allows decimals (step 0.01, as the spec says), so 10.5 is refused here rather than rounded. */
export function gradeProblem(value: string): string | undefined {
  const grade = Number(value);
  return (STUDENT_GRADES as readonly number[]).includes(grade) ? undefined : i18next.t('admin:accounts.problems.grade');
}

export const STATUS_SUGGESTIONS = COMMON_STATUSES;
