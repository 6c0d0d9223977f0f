import { hasMath, MAX_FORMULA_CHARS, splitMath } from './formulas';

describe('splitMath', () => {
  it('cuts text and formulas written between \\( and \\)', () => {
    expect(splitMath('T = \\(2\\pi\\sqrt{l/g}\\) detik')).toEqual([
      { kind: 'text', text: 'T = ' },
      { kind: 'formula', latex: '2\\pi\\sqrt{l/g}' },
      { kind: 'text', text: ' detik' },
    ]);
    expect(splitMath('\\(a\\)\\(b\\)')).toEqual([
      { kind: 'formula', latex: 'a' },
      { kind: 'formula', latex: 'b' },
    ]);
  });

  it('leaves everything else as typed: no formula, unclosed, empty, too long, lone \\)', () => {
    for (const text of [
      '',
      'x<y & z',
      'a \\( b',
      '\\(\\)',
      '\\(   \\)',
      'a \\) b',
      `\\(${'x'.repeat(MAX_FORMULA_CHARS + 1)}\\)`,
    ]) {
      expect(
        splitMath(text)
          .map((p) => (p.kind === 'text' ? p.text : `[${p.latex}]`))
          .join(''),
      ).toBe(text);
      expect(hasMath(text)).toBe(false);
    }
    expect(splitMath(`\\(${'x'.repeat(MAX_FORMULA_CHARS)}\\)`)).toEqual([
      { kind: 'formula', latex: 'x'.repeat(MAX_FORMULA_CHARS) },
    ]);
  });

  it('keeps text after an unclosed opening and finds a later formula after an empty one', () => {
    expect(splitMath('\\(\\) lalu \\(x^2\\)')).toEqual([
      { kind: 'text', text: '\\(\\) lalu ' },
      { kind: 'formula', latex: 'x^2' },
    ]);
    expect(splitMath('😀 \\(\\alpha\\) 😀')).toEqual([
      { kind: 'text', text: '😀 ' },
      { kind: 'formula', latex: '\\alpha' },
      { kind: 'text', text: ' 😀' },
    ]);
  });
});
