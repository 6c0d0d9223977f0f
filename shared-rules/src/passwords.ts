/**
 * What a password someone chooses must be: the server refuses a new password that breaks a rule, and the change
 * screen lists the same rules (ticked as they are met) before anything is sent.
 */

/** Long enough that guessing online stays hopeless under the sign-in rate limit. */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * The longest password accepted anywhere (sign-in, change, creation). Long enough for any passphrase or password
 * manager; a longer value can never be right, so it is refused before any hashing work.
 */
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordRuleCode = 'password-too-short' | 'password-too-long' | 'password-same-as-current';

export interface PasswordRule {
  code: PasswordRuleCode;
  /** The English rule, completing "The new password must be …". */
  text: string;
  /** The number in the rule, when it has one. */
  limit?: number;
}

/** Every rule, in the order the change screen lists them. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { code: 'password-too-short', text: `at least ${PASSWORD_MIN_LENGTH} characters long`, limit: PASSWORD_MIN_LENGTH },
  { code: 'password-too-long', text: `at most ${PASSWORD_MAX_LENGTH} characters long`, limit: PASSWORD_MAX_LENGTH },
  { code: 'password-same-as-current', text: 'different from the current password' },
];

/** Characters as people count them: an emoji or an accented letter typed as one is one, not two UTF-16 units. */
function characterCount(text: string): number {
  return [...text].length;
}

/**
 * The rules a new password breaks (empty when it is fine). `current` is the password it replaces, when known: a
 * "change" to the same password would leave the printed initial password in use.
 */
export function passwordProblems(password: string, current?: string): PasswordRule[] {
  const length = characterCount(password);
  return PASSWORD_RULES.filter((rule) => {
    switch (rule.code) {
      case 'password-too-short':
        return length < PASSWORD_MIN_LENGTH;
      case 'password-too-long':
        return length > PASSWORD_MAX_LENGTH;
      case 'password-same-as-current':
        return current !== undefined && current !== '' && password === current;
    }
  });
}
