import { invalid } from './errors';
import { loginNameProblem, normalizeLoginName } from '@kelasku/shared-rules';

// The rule itself is shared with the browsers (the admin's student-import preview applies it too).
export { loginNameProblem, normalizeLoginName };

/** The normalized login name, or a 400 naming the field (`username`, `nis`, `nip`). */
export function requireLoginName(raw: string, field: string): string {
  const name = normalizeLoginName(raw);
  const problem = loginNameProblem(name);
  if (problem) throw invalid(`${field} ${problem.text}`, { code: problem.code, params: { field } });
  return name;
}
