import { COMMON_STATUSES, schoolIdProblem, STUDENT_GRADES } from '@kelasku/shared-rules';

/** A NIS/NIP field: the same digits-only rule the server applies. */
export const schoolIdField = (label: 'NIS' | 'NIP') => (value: string) => {
  const problem = schoolIdProblem(value.normalize('NFKC').trim());
  return problem && `${label} ${problem}`;
};

/** The grade input allows decimals (step 0.01, as the spec says), so 10.5 is refused here rather than rounded. */
export function gradeProblem(value: string): string | undefined {
  const grade = Number(value);
  return (STUDENT_GRADES as readonly number[]).includes(grade) ? undefined : 'Grade must be 10, 11 or 12 (a whole number)';
}

export const STATUS_SUGGESTIONS = COMMON_STATUSES;
