// Quill is ESM only: a stand-in with the formula blot's value(), as Quill's own Embed gives it.
const registered: Record<string, unknown> = {};
jest.mock('quill', () => ({
  __esModule: true,
  default: {
    import: () =>
      class {
        constructor(private readonly latex: string) {}
        value() {
          return { formula: this.latex };
        }
      },
    register: (name: string, blot: unknown) => {
      registered[name] = blot;
    },
  },
}));

import { formulaHtml, registerFormula } from './editor-formula';

describe('the formula blot as the editor stores it', () => {
  it('writes <span class="ql-formula" data-value="LaTeX">LaTeX</span>, both escaped', () => {
    expect(formulaHtml('2\\pi\\sqrt{l/g}')).toBe(
      '<span class="ql-formula" data-value="2\\pi\\sqrt{l/g}">2\\pi\\sqrt{l/g}</span>',
    );
    expect(formulaHtml('a<b & "c" \'d\' </span><script>x</script>')).toBe(
      '<span class="ql-formula" data-value="a&lt;b &amp; &quot;c&quot; &#39;d&#39; &lt;/span&gt;&lt;script&gt;x&lt;/script&gt;">' +
        'a&lt;b &amp; &quot;c&quot; &#39;d&#39; &lt;/span&gt;&lt;script&gt;x&lt;/script&gt;</span>',
    );
  });

  it("replaces Quill's blot (which wrote a bare, unescaped span) and gives Quill KaTeX", () => {
    registerFormula();
    const Blot = registered['formats/formula'] as new (latex: string) => { html(): string };
    expect(new Blot('x<y').html()).toBe('<span class="ql-formula" data-value="x&lt;y">x&lt;y</span>');
    expect((window as unknown as { katex?: { renderToString: unknown } }).katex?.renderToString).toEqual(
      expect.any(Function),
    );
  });
});
