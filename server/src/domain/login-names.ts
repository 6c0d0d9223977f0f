import type { ErrorCode } from '@kelasku/shared-rules';
import { badRequest } from '../plugins/errors';
import { loginNameProblem, normalizeLoginName } from '@kelasku/shared-rules';

// The rule itself is shared with the browsers (the admin's student-import preview applies it too).
export { loginNameProblem, normalizeLoginName };

/** The code of each problem loginNameProblem names (its texts are fixed); another one is just "invalid". */
const PROBLEM_CODES: Record<string, ErrorCode> = {
  'must not be empty': 'login-name-empty',
  'must not contain spaces': 'login-name-spaces',
  'must not contain invisible or formatting characters (such as a zero-width space)': 'login-name-invisible',
  'must use the letters of one alphabet only (for example not Latin mixed with Cyrillic)': 'login-name-mixed-scripts',
};

/** The normalized login name, or a 400 naming the field (`username`, `nis`, `nip`). */
export function requireLoginName(raw: string, field: string): string {
  const name = normalizeLoginName(raw);
  const problem = loginNameProblem(name);
  if (problem) throw badRequest(`${field} ${problem}`, { code: PROBLEM_CODES[problem] ?? 'login-name-invalid', params: { field } });
  return name;
}
