import { normalizeSchoolId, schoolIdProblem } from '@kelasku/shared-rules';
import { invalid } from './errors';
import { requireLoginName } from './login-names';

/** A NIS or NIP as stored and signed in with (spaces typed in it taken out): a valid login name made of digits only, or a 400 naming the field. */
export function requireSchoolId(raw: string, field: 'nis' | 'nip'): string {
  const id = requireLoginName(normalizeSchoolId(raw), field);
  const problem = schoolIdProblem(id);
  if (problem) throw invalid(`${field} ${problem.text}`, { code: problem.code, params: { field } });
  return id;
}
