/**
 * Counts the values of a JSON text from its bytes, without parsing it, stopping once it passes `max`. Parsing a body
 * costs by the number of its values, not its bytes: 10 MB of `[{},{},…]` (3.3 million objects) took 0.7–0.9 s of
 * JSON.parse, 10 MB of one picture's base64 a few ms. Counted: each string and `,` outside strings, and each `[` and
 * `{` twice (the container and its first element; every later element follows a comma), so the count is never below
 * the number of values.
 * Strings are skipped with Buffer#indexOf (native), so long texts and pictures cost next to nothing.
 * Malformed text is counted all the same: JSON.parse refuses it after.
 */
/**
 * The number of values of `text` (an upper bound), or `max + 1` as soon as it is over `max`. Self-contained (no names
 * from outside it, no inner functions, which a build may wrap in a helper of its own): lib/json-workers.ts runs its
 * source on worker threads too.
 */
export function countJsonValues(text: Buffer, max: number): number {
  const QUOTE = 0x22;
  const BACKSLASH = 0x5c;
  const COMMA = 0x2c;
  const OPEN_ARRAY = 0x5b;
  const OPEN_OBJECT = 0x7b;
  let values = 0;
  let i = 0;
  while (i < text.length) {
    const byte = text[i];
    if (byte === QUOTE) {
      let end = text.indexOf(QUOTE, i + 1);
      // escaped when preceded by an odd number of backslashes (written inline: no inner function, see above)
      for (;;) {
        if (end <= 0) break;
        let backslashes = 0;
        for (let b = end - 1; b >= 0 && text[b] === BACKSLASH; b--) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf(QUOTE, end + 1);
      }
      if (end < 0) return values + 1; // an unclosed string: JSON.parse refuses it
      i = end + 1;
      values++;
    } else {
      if (byte === COMMA) values++;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) values += 2;
      i++;
    }
    if (values > max) return max + 1;
  }
  return values === 0 ? 1 : values; // a lone number, true, false or null
}
