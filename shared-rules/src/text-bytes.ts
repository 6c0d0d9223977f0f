/**
 * Caps on what people type, in bytes: the size a text takes inside a JSON reply (UTF-8, with JSON's escapes, without
 * the quotes), which is what every page that carries it pays. Characters are no measure of that: 20,000 emoji are
 * 80 KB, 20,000 control characters 120 KB. The server refuses past these caps and the forms refuse the same texts
 * before sending, both through `textBytes`.
 */

/** One student answer (an essay of about 3,000 words). */
export const MAX_ANSWER_BYTES = 20_000;
/**
 * A whole answer sheet: its answers all together. A sheet always fits in one whole-map save (BODY_LIMITS.answers,
 * 1 MB) and its every later save, read and grading stays small.
 */
export const MAX_SHEET_BYTES = 512 * 1024;
/** One text of an exercise's or exam's question: its text, an option, the essay's reference answer. */
export const MAX_QUESTION_TEXT_BYTES = 20_000;
/** A discussion's topic, description, and one reply as typed. */
export const MAX_TOPIC_BYTES = 1_000;
export const MAX_DESCRIPTION_BYTES = 16_000;
export const MAX_REPLY_BYTES = 8_000;

/** JSON's two-character escapes (\b \t \n \f \r); every other control character takes six (\u00XX). */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Bytes of `text` as JSON.stringify writes it in UTF-8, without the two quotes; counted without building the string.
 * A lone surrogate (never stored: the server refuses it) counts as the six bytes of its escape, as JSON.stringify writes it.
 */
export function textBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x20) bytes += SHORT_ESCAPES.has(c) ? 2 : 6;
    else if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one character outside the BMP
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/** True when `text` takes more than `limit` bytes (stops counting once past it). */
export function overBytes(text: string, limit: number): boolean {
  // No character takes more than 6 bytes, and none less than 1: most texts are decided without counting.
  if (text.length * 6 <= limit) return false;
  if (text.length > limit) return true;
  return textBytes(text) > limit;
}
