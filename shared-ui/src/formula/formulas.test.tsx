jest.setTimeout(30000);

import { render, screen, waitFor } from '@testing-library/react';
import { SafeHtml } from '../SafeHtml';
import { MathText } from './MathText';
import * as load from './load';

const formula = (latex: string) => `<span class="ql-formula" data-value="${latex}">${latex}</span>`;

describe('formulas in a material (SafeHtml)', () => {
  it('typesets each formula with KaTeX in place of its LaTeX text', async () => {
    const { container } = render(<SafeHtml html={`<p>T = ${formula('2\\pi\\sqrt{l/g}')} s</p>`} />);
    await waitFor(() => expect(container.querySelector('.ql-formula .katex')).not.toBeNull());
    // MathML beside the visual HTML: what a screen reader reads
    expect(container.querySelector('.ql-formula annotation')).toHaveTextContent('2\\pi\\sqrt{l/g}');
    expect(container.querySelector('.ql-formula .katex-html')).toHaveAttribute('aria-hidden', 'true');
    expect(container.textContent).toContain('T =');
  });

  it('runs and loads nothing from the LaTeX: markup, script and links stay text', async () => {
    const attacks = [
      '&lt;img src=x onerror=alert(1)&gt;',
      '\\href{javascript:alert(1)}{x}',
      '\\includegraphics{https://evil.example/a.png}',
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    ];
    const { container } = render(<SafeHtml html={attacks.map(formula).join(' ')} />);
    await waitFor(() => expect(container.querySelectorAll('.ql-formula .katex')).toHaveLength(3));
    // DOMPurify already drops a data-value that closes a tag: that formula stays its (escaped) text
    expect(container.querySelectorAll('.ql-formula')).toHaveLength(attacks.length);
    expect(container.querySelector('script, img, a, [onerror], [href]')).toBeNull();
    expect(container.textContent).toContain('"><script>alert(1)</script>');
  });

  it('typesets only the outermost of nested formulas', async () => {
    const { container } = render(<SafeHtml html={`<span class="ql-formula" data-value="a">${formula('b')}</span>`} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
    expect(container.querySelector('annotation')).toHaveTextContent(/^a$/);
  });

  it('does not load KaTeX for HTML without a formula', async () => {
    const spy = jest.spyOn(load, 'loadFormulaRenderer');
    render(<SafeHtml html="<p>Tanpa rumus, x<sup>2</sup></p>" />);
    expect(await screen.findByText(/Tanpa rumus/)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('MathText (questions and options: formulas between \\( and \\))', () => {
  it('typesets the formulas and keeps the rest as text (never HTML)', async () => {
    const { container } = render(
      <p data-testid="q">
        {'<b>Periode</b> \\(T = 2\\pi\\sqrt{l/g}\\) & \\(x^2\\)'}{' '}
        <MathText text={'<b>Periode</b> \\(T = 2\\pi\\sqrt{l/g}\\) & \\(x^2\\)'} />
      </p>,
    );
    await waitFor(() => expect(container.querySelectorAll('.formula .katex')).toHaveLength(2));
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('q').textContent).toContain('<b>Periode</b> ');
    expect(container.querySelectorAll('.formula')[0]).toHaveAttribute('data-latex', 'T = 2\\pi\\sqrt{l/g}');
  });

  it('shows a text without a formula, an unclosed \\( or a broken LaTeX without failing', async () => {
    const { container } = render(
      <>
        <MathText text="a \( b" />
        <MathText text={'\\(\\frac{1}{\\)'} />
      </>,
    );
    await waitFor(() => expect(container.querySelector('.katex-error, .katex')).not.toBeNull());
    expect(container.textContent).toContain('a \\( b');
  });
});
