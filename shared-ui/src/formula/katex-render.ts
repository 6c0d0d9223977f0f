/**
 * KaTeX and its stylesheet (fonts included): this module is its own chunk, loaded by load.ts only where a formula is
 * shown, never with a first screen.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { FORMULA_CLASS, MAX_FORMULA_CHARS } from '@kelasku/shared-rules';

/**
 * A formula typeset as HTML. Never throws: a LaTeX error shows the LaTeX in KaTeX's error colour. `trust: false`
 * refuses \href, \url, \includegraphics and \html… commands, so a formula cannot link or load anything; KaTeX's
 * own maxExpand bounds macro loops, and an over-long LaTeX is shown as typed.
 */
export function renderFormula(latex: string, displayMode = false): string {
  if (latex.length > MAX_FORMULA_CHARS) return escapeText(latex);
  return katex.renderToString(latex, {
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    displayMode,
    output: 'htmlAndMathml',
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Sanitized HTML with each formula (`<span class="ql-formula" data-value="…">`) typeset in place of its content.
 * Parsed in an inert document: nothing in it runs or loads. A formula inside another formula is gone with the
 * outer one's content.
 */
export function typesetHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const span of Array.from(doc.body.querySelectorAll<HTMLElement>(`span.${FORMULA_CLASS}[data-value]`))) {
    if (!span.isConnected || span.parentElement?.closest(`.${FORMULA_CLASS}`)) continue;
    span.innerHTML = renderFormula(span.getAttribute('data-value') ?? '');
  }
  return doc.body.innerHTML;
}
