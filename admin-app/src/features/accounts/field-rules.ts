import i18next from 'i18next';
import { COMMON_STATUSES, isStudentGrade, normalizeSchoolId, schoolIdProblem } from '@kelasku/shared-rules';
import { errorText } from '@kelasku/shared-api/src/error-text';

/** A NIS/NIP field: the same digits-only rule the server applies, in the active language. */
export const schoolIdField = (label: 'NIS' | 'NIP') => (value: string) => {
  const problem = schoolIdProblem(normalizeSchoolId(value));
  return problem && errorText(problem.code, { field: label.toLowerCase() }, `${label} ${problem.text}`);
};

/** The grade input allows decimals (step 0.01, as the spec says), so 10.5 is refused here rather than rounded. */
export function gradeProblem(value: string): string | undefined {
  const grade = Number(value);
  return isStudentGrade(grade) ? undefined : i18next.t('admin:accounts.problems.grade');
}

export const STATUS_SUGGESTIONS = COMMON_STATUSES;
