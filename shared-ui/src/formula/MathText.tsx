import { Fragment, useMemo } from 'react';
import { hasMath, splitMath } from '@kelasku/shared-rules';
import { useFormulaRenderer } from './load';

/**
 * A plain text (a question, an option) with its formulas — written between `\(` and `\)` — typeset by KaTeX, which
 * loads only when the text holds one. The text itself stays text (never HTML); until KaTeX is there the LaTeX shows
 * as typed.
 */
export function MathText({ text }: { text: string }) {
  const math = hasMath(text);
  const renderer = useFormulaRenderer(math);
  const pieces = useMemo(() => (math ? splitMath(text) : null), [math, text]);
  if (!pieces || !renderer) return <>{text}</>;
  return (
    <>
      {pieces.map((piece, i) =>
        piece.kind === 'text' ? (
          <Fragment key={i}>{piece.text}</Fragment>
        ) : (
          // KaTeX's own HTML from the LaTeX (trust off: it links and loads nothing); the LaTeX is its text for copying
          <span
            key={i}
            className="formula"
            data-latex={piece.latex}
            dangerouslySetInnerHTML={{ __html: renderer.renderFormula(piece.latex) }}
          />
        ),
      )}
    </>
  );
}
