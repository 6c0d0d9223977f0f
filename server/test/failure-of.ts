/**
 * The message a promise rejects with, or 'no error'. Not `rejects.toThrow`: better-sqlite3's native part keeps the
 * error class of the first test file that loaded it, so in a later file of the same Jest worker its errors come from
 * another realm and `toThrow` reports "did not throw".
 */
export const failureOf = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'no error',
    (e: unknown) => String((e as Error)?.message ?? e),
  );
