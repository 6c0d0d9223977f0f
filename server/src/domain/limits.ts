/**
 * Every cap on the size of what one request may ask the server to do, in one place. Each is far above what a real
 * teacher or student reaches, and input beyond it is refused with a 4xx naming the cap — never truncated. Together
 * they keep each request's work linear in its size and bounded, so one request cannot stall the others.
 */

/** Questions in one exercise or exam, and entries in one answers map. */
export const MAX_QUESTIONS = 200;
/** One text value of a content map (question, option, reference answer). */
export const MAX_TEXT_CHARS = 20_000;
/** One student answer. */
export const MAX_ANSWER_CHARS = 20_000;
/** A teacher's comment on one essay answer (kept in the grade's detail). */
export const MAX_ESSAY_COMMENT_CHARS = 2_000;
/**
 * One discussion's replies: every page of posts returns each post's replies inline, so they must stay bounded — in
 * number and in characters of text all together; the reply that would pass either is refused.
 * 200 replies of 20,000 characters made one page 4 MB; with these a post's replies stay under about 200 KB.
 */
export const MAX_REPLIES_PER_POST = 200;
export const MAX_REPLY_CHARS_PER_POST = 200_000;
/** One reply as typed. */
export const MAX_REPLY_CHARS = 20_000;
/** A discussion's topic and its description as typed. */
export const MAX_TOPIC_CHARS = 500;
export const MAX_DESCRIPTION_CHARS = 20_000;
/** A material's content field as sent: its text (MAX_RICH_HTML_CHARS) and inline pictures (MAX_PICT_CHARS each). */
export const MAX_MATERIAL_CONTENT_CHARS = 8_000_000;

/** A report's optional reason (the student's report form caps it too). */
export { MAX_REPORT_REASON_CHARS } from '@kelasku/shared-rules';
/** Largest picture accepted, in bytes: the browsers check and name the same limit before upload. */
export { MAX_IMAGE_BYTES } from '@kelasku/shared-rules';
/** A picture as a data URL (`n_pict`): base64 of MAX_IMAGE_BYTES plus its header fits in this many characters. */
export const MAX_PICT_CHARS = 2_000_000;

/**
 * Rich HTML (a material) handed to the sanitizer, in characters, not counting inline pictures'
 * data URLs (each picture has its own cap, and all of them together the request body limit): 1 MiB is a book's
 * worth of text, and sanitizing it stays well under 100 ms.
 */
export const MAX_RICH_HTML_CHARS = 1024 * 1024;
/**
 * Open elements inside each other. Quill nests a few levels; the HTML parser under the sanitizer keeps open
 * elements in an array it shifts at the front, so its work grows with the square of the depth (200,000 unclosed
 * `<b>` took 22 s). Capped, the work stays linear.
 */
export const MAX_HTML_DEPTH = 64;
/**
 * Elements in one rich HTML text: a long chapter has one to three thousand. The sanitizer costs a few microseconds
 * per element (more before the JIT has warmed up), so this keeps one text's sanitizing within tens of milliseconds.
 */
export const MAX_HTML_ELEMENTS = 5_000;

const KB = 1024;
const MB = 1024 * KB;

/** Request bodies, in bytes (see plugins/body-limits.ts for where each applies). */
export const BODY_LIMITS = {
  /** No (valid) token, or the /auth routes: a login body is tiny, so strangers cannot make us parse megabytes. */
  unauthenticated: 16 * KB,
  /** Every signed-in route not listed below. */
  standard: 256 * KB,
  /** An answers map: even dozens of long essays stay far below. */
  answers: 1 * MB,
  /**
   * Sealed answers delivered after a sign-out, from any caller (no token): an answers map with its per-question times
   * and ticket, encrypted and in base64 (4/3), plus the envelope's clear fields.
   */
  sealedAnswers: 1.5 * MB,
  /** A student import of up to MAX_IMPORT_ROWS (1,000) rows. */
  import: 1 * MB,
  /** A student or teacher with a profile picture: room for a data URL of MAX_PICT_CHARS and the other fields. */
  withProfilePicture: 2.5 * MB,
  /** Content with inline pictures: materials, exercises, exams. */
  withImages: 10 * MB,
} as const;

/** Bytes as a short human text for refusal messages: `16 KB`, `10 MB`. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.round(bytes / KB)} KB`;
}
