/**
 * Formulas (LaTeX, rendered with KaTeX in the browsers).
 *
 * - In a material's HTML a formula is `<span class="ql-formula" data-value="LaTeX">LaTeX</span>`: the editor writes it,
 *   the server keeps `data-value` on exactly that element, and a reader without KaTeX still shows the LaTeX as text.
 * - Question and option texts are plain strings: a formula there stands between `\(` and `\)`.
 */

/** The longest LaTeX of one formula, in characters: far above any school formula, small enough to typeset at once. */
export const MAX_FORMULA_CHARS = 2000;

/** The class that marks a formula in stored HTML (Quill's formula blot). */
export const FORMULA_CLASS = 'ql-formula';

/** One piece of a plain text: text as typed, or the LaTeX of a formula written between `\(` and `\)`. */
export type MathPiece = { kind: 'text'; text: string } | { kind: 'formula'; latex: string };

/**
 * A plain text cut into text and formulas. An opening `\(` without its `\)`, an empty formula and one longer than
 * MAX_FORMULA_CHARS stay text, exactly as typed; so does everything when the text holds no `\(`.
 */
export function splitMath(text: string): MathPiece[] {
  const pieces: MathPiece[] = [];
  let rest = 0;
  let at = text.indexOf('\\(');
  while (at >= 0) {
    const end = text.indexOf('\\)', at + 2);
    if (end < 0) break;
    const latex = text.slice(at + 2, end);
    if (latex.trim() && latex.length <= MAX_FORMULA_CHARS) {
      if (at > rest) pieces.push({ kind: 'text', text: text.slice(rest, at) });
      pieces.push({ kind: 'formula', latex });
      rest = end + 2;
      at = text.indexOf('\\(', rest);
    } else {
      at = text.indexOf('\\(', at + 2);
    }
  }
  if (rest < text.length) pieces.push({ kind: 'text', text: text.slice(rest) });
  return pieces;
}

/** Does a plain text hold at least one formula (so KaTeX is worth loading)? */
export const hasMath = (text: string): boolean =>
  text.includes('\\(') && splitMath(text).some((p) => p.kind === 'formula');
