/** NIS and NIP (the school IDs students and teachers sign in with) are numbers issued by the school system:
 * plain ASCII digits, after the login-name normalization (which turns fullwidth digits into plain ones). */
const DIGITS_ONLY = /^[0-9]+$/;

/** What is wrong with a normalized NIS/NIP, as the end of a sentence that starts with the field's name; undefined when it is fine. */
export function schoolIdProblem(id: string): string | undefined {
  if (id === '') return 'must not be empty';
  return DIGITS_ONLY.test(id) ? undefined : 'must contain digits only (0-9)';
}
