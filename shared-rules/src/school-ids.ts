import { EMPTY_NAME, normalizeLoginName, type NameProblem } from './login-names';

/** NIS and NIP (the school IDs students and teachers sign in with) are numbers issued by the school system:
 * plain ASCII digits, after the login-name normalization (which turns fullwidth digits into plain ones). */
const DIGITS_ONLY = /^[0-9]+$/;

/** What is wrong with a normalized NIS/NIP; undefined when it is fine. */
export function schoolIdProblem(id: string): NameProblem | undefined {
  if (id === '') return EMPTY_NAME;
  return DIGITS_ONLY.test(id) ? undefined : { code: 'school-id-not-digits', text: 'must contain digits only (0-9)' };
}

/**
 * A NIS/NIP as typed or pasted ("2024 100 101", a non-breaking space from a spreadsheet) in the form it is stored
 * and signed in with: the login-name normalization, then every space taken out (the school system writes them in
 * groups, the number has none).
 */
export function normalizeSchoolId(raw: string): string {
  return normalizeLoginName(raw).replace(/\p{White_Space}+/gu, '');
}
