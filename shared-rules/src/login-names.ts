/**
 * Login names (users' usernames, which for students and teachers are their NIS and NIP): one rule for creating,
 * renaming, importing and signing in, so two accounts never differ only by characters a reader cannot see or tell
 * apart (`admin\u200b`, a Cyrillic `а` in `аdmin`, fullwidth `ａｄｍｉｎ`).
 */
import type { ErrorCode } from './error-codes';

/** The form names are stored and looked up in: NFKC (fullwidth and other compatibility forms become plain), trimmed. */
export function normalizeLoginName(raw: string): string {
  return raw.normalize('NFKC').trim();
}

const WHITE_SPACE = /\p{White_Space}/u;
/** Controls, format characters (zero-width, bidi overrides, soft hyphen), unassigned and private-use code points,
 * and characters that render as nothing (Hangul filler and the like). */
const INVISIBLE = /[\p{C}\p{Default_Ignorable_Code_Point}]/u;
/** A combining mark on a Latin, Cyrillic, Greek or neutral character: NFKC has already composed every real accent
 * there (é, ñ), so one left over only hides on its base (i + U+0307 looks like i). */
const HIDDEN_MARK = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Common}][\p{Mn}\p{Me}]/u;
/** Characters that belong to no particular alphabet (digits, punctuation, combining marks). */
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thai',
  'Devanagari',
  'Javanese',
  'Balinese',
  'Sundanese',
  'Han',
  'Hangul',
  'Hiragana',
  'Katakana',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((name) => ({ name, re: new RegExp(`\\p{Script=${name}}`, 'u') }));

function scriptOf(ch: string): string {
  return SCRIPT_TESTS.find((s) => s.re.test(ch))?.name ?? 'Other';
}

/**
 * What is wrong with a name or id: its error code (a screen says it in its language) and its English words, the end
 * of a sentence that starts with the field's name ("nis must not contain spaces").
 */
export interface NameProblem {
  code: ErrorCode;
  text: string;
}

export const EMPTY_NAME: NameProblem = { code: 'login-name-empty', text: 'must not be empty' };

/** What is wrong with a normalized login name; undefined when it is fine. */
export function loginNameProblem(name: string): NameProblem | undefined {
  if (name === '') return EMPTY_NAME;
  if (WHITE_SPACE.test(name)) return { code: 'login-name-spaces', text: 'must not contain spaces' };
  if (INVISIBLE.test(name) || HIDDEN_MARK.test(name)) {
    return {
      code: 'login-name-invisible',
      text: 'must not contain invisible or formatting characters (such as a zero-width space)',
    };
  }
  const scripts = new Set<string>();
  for (const ch of name) if (!NEUTRAL.test(ch)) scripts.add(scriptOf(ch));
  if (scripts.size > 1) {
    return {
      code: 'login-name-mixed-scripts',
      text: 'must use the letters of one alphabet only (for example not Latin mixed with Cyrillic)',
    };
  }
  return undefined;
}
