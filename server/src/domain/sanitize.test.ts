import { ContentError } from './content';
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_RICH_HTML_CHARS } from './limits';
import { sanitizeRichHtml } from './sanitize';
import { MAX_FORMULA_CHARS } from '@kelasku/shared-rules';

describe('sanitizeRichHtml', () => {
  it('keeps Quill formatting', () => {
    const html =
      '<h2>Bab 1</h2><p class="ql-align-center"><strong>tebal</strong> <em>miring</em> <u>garis</u> <s>coret</s> x<sub>2</sub> y<sup>3</sup></p>' +
      '<ol><li data-list="bullet">satu</li></ol><blockquote>kutip</blockquote><pre class="ql-syntax" spellcheck="false">code</pre>' +
      '<p><span style="color: rgb(230, 0, 0); background-color: #ffff00;">warna</span></p>';
    expect(sanitizeRichHtml(html)).toBe(
      html.replace(
        'color: rgb(230, 0, 0); background-color: #ffff00;',
        'color:rgb(230, 0, 0);background-color:#ffff00',
      ),
    );
  });

  it('removes scripts, handlers and javascript: URLs', () => {
    expect(sanitizeRichHtml('<p onclick="x()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeRichHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeRichHtml('<img src=x onerror="alert(1)">')).toBe('');
    expect(sanitizeRichHtml('<style>body{}</style><form><input></form>ok')).toBe('ok');
  });

  it('allows http(s)/mailto links and forces rel', () => {
    expect(sanitizeRichHtml('<a href="https://kelasku.id" target="_blank">k</a>')).toBe(
      '<a href="https://kelasku.id" target="_blank" rel="noopener noreferrer">k</a>',
    );
    expect(sanitizeRichHtml('<a href="mailto:guru@sekolah.id">m</a>')).toBe(
      '<a href="mailto:guru@sekolah.id" rel="noopener noreferrer">m</a>',
    );
  });

  it('allows raster data images and http(s) images only', () => {
    expect(sanitizeRichHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" />',
    );
    expect(sanitizeRichHtml('<img src="https://cdn.example.com/a.jpg">')).toBe(
      '<img src="https://cdn.example.com/a.jpg" referrerpolicy="no-referrer" />',
    );
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichHtml('<img src="data:text/html;base64,PHN2Zz4=">')).toBe('');
  });

  it('makes every picture from another site load without a referrer, whatever policy the input asked for', () => {
    for (const src of [
      'https://cdn.example.com/a.jpg',
      'http://sekolah.example/b.png',
      ' HTTPS://CDN.EXAMPLE.COM/C.GIF',
    ]) {
      for (const asked of [
        '',
        ' referrerpolicy="unsafe-url"',
        ' referrerpolicy="origin"',
        ' REFERRERPOLICY="no-referrer-when-downgrade"',
      ]) {
        expect(sanitizeRichHtml(`<p><img alt="peta"${asked} src="${src}"></p>`)).toBe(
          `<p><img alt="peta" src="${src}" referrerpolicy="no-referrer" /></p>`,
        );
      }
    }
    // This site's own pictures and inline ones carry no policy of the teacher's choosing either.
    const own = `/api/v1/images/${'a'.repeat(64)}.png`;
    expect(sanitizeRichHtml(`<img src="${own}" referrerpolicy="unsafe-url">`)).toBe(`<img src="${own}" />`);
    expect(sanitizeRichHtml('<img referrerpolicy="unsafe-url" src="data:image/png;base64,iVBORw0KGgo=">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" />',
    );
  });

  it('keeps video iframes from known hosts only', () => {
    const yt =
      '<iframe class="ql-video" src="https://www.youtube.com/embed/abc" frameborder="0" allowfullscreen="true"></iframe>';
    expect(sanitizeRichHtml(yt)).toBe(yt);
    expect(sanitizeRichHtml('<iframe src="https://evil.example/x"></iframe>')).toBe('');
    expect(sanitizeRichHtml('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
  });

  it('drops non-Quill classes and unsafe styles', () => {
    expect(sanitizeRichHtml('<p class="ql-indent-1 evil" style="position:fixed;text-align:right">x</p>')).toBe(
      '<p class="ql-indent-1" style="text-align:right">x</p>',
    );
  });
});

describe('bounded sanitizing (caps from domain/limits.ts)', () => {
  it('refuses HTML nested deeper than MAX_HTML_DEPTH, before its quadratic cost (200,000 unclosed <b> took 22 s)', () => {
    expect(() => sanitizeRichHtml('<b>'.repeat(MAX_HTML_DEPTH + 1))).toThrow(ContentError);
    expect(() => sanitizeRichHtml('<b>'.repeat(200_000))).toThrow(
      `HTML is nested more than ${MAX_HTML_DEPTH} levels deep`,
    );
    // unknown and dropped elements count too: the parser keeps them open all the same
    expect(() => sanitizeRichHtml('<x-y>'.repeat(MAX_HTML_DEPTH + 1))).toThrow(ContentError);
  });

  it('keeps HTML at exactly the depth and element caps', () => {
    expect(sanitizeRichHtml(`${'<b>'.repeat(MAX_HTML_DEPTH)}x`)).toBe(
      `${'<b>'.repeat(MAX_HTML_DEPTH)}x${'</b>'.repeat(MAX_HTML_DEPTH)}`,
    );
    const flat = '<p><b>x</b></p>'.repeat(MAX_HTML_ELEMENTS / 2);
    expect(sanitizeRichHtml(flat)).toBe(flat);
    expect(() => sanitizeRichHtml(`${flat}<br>`)).toThrow(`HTML has more than ${MAX_HTML_ELEMENTS} elements`);
    // void elements and implied closes do not add depth
    expect(() =>
      sanitizeRichHtml('<br><img src="https://a.example/x.png">'.repeat(1_000) + '<li>a'.repeat(1_000)),
    ).not.toThrow();
  });

  it('filters inline styles in one split (no postcss per attribute), keeping only the allowed declarations', () => {
    expect(
      sanitizeRichHtml(
        '<span style="COLOR: red; color: red !important; color: expression(alert(1)); text-align: center">x</span>',
      ),
    ).toBe('<span style="text-align:center">x</span>');
    expect(sanitizeRichHtml('<span style="font-size: 99px; color: #abc">x</span>')).toBe(
      '<span style="color:#abc">x</span>',
    );
    expect(sanitizeRichHtml('<span style="background-color: url(x)">x</span>')).toBe('<span>x</span>');
    expect(sanitizeRichHtml('<span style="color: red&quot;><script>">x</span>')).toBe('<span>x</span>');
  });

  it('refuses HTML longer than MAX_RICH_HTML_CHARS instead of truncating it', () => {
    const tooLong = `<p>${'a'.repeat(MAX_RICH_HTML_CHARS)}</p>`;
    expect(() => sanitizeRichHtml(tooLong)).toThrow(
      `HTML is too long (max ${MAX_RICH_HTML_CHARS} characters without pictures)`,
    );
    const justFits = `<p>${'a'.repeat(MAX_RICH_HTML_CHARS - 7)}</p>`;
    expect(sanitizeRichHtml(justFits)).toBe(justFits);
  });

  it('still drops pictures and iframes it does not allow, among many kept elements (no exclusiveFilter re-slicing)', () => {
    const html = '<p>a</p><img src="x"><iframe src="https://evil.example/v">t</iframe><p>b</p>'.repeat(3);
    expect(sanitizeRichHtml(html)).toBe('<p>a</p><p>b</p>'.repeat(3));
    expect(sanitizeRichHtml('<p><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichHtml('<iframe src="//www.youtube.com/embed/a"></iframe>')).toBe('');
    expect(sanitizeRichHtml('<iframe src="https://www.youtube.com.evil.example/embed/a"></iframe>')).toBe('');
  });
});

describe('formulas: data-value on exactly <span class="ql-formula">', () => {
  const formula = (latex: string) => `<span class="ql-formula" data-value="${latex}">${latex}</span>`;

  it('keeps a formula as the editor writes it, LaTeX in the attribute and as text', () => {
    const html = `<p>T = ${formula('2\\pi\\sqrt{l/g}')} s, ${formula('a &lt; b &amp; c')}</p>`;
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('drops data-value on every other element and on a span of another or extra class', () => {
    expect(sanitizeRichHtml('<p data-value="x">p</p><li data-value="y">l</li><span data-value="z">s</span>')).toBe(
      '<p>p</p><li>l</li><span>s</span>',
    );
    expect(sanitizeRichHtml('<span class="ql-size-large" data-value="x">s</span>')).toBe(
      '<span class="ql-size-large">s</span>',
    );
    expect(sanitizeRichHtml('<span class="ql-formula evil" data-value="x">s</span>')).toBe(
      '<span class="ql-formula">s</span>',
    );
    expect(sanitizeRichHtml('<span class="ql-formula ql-size-large" data-value="x">s</span>')).toBe(
      '<span class="ql-formula ql-size-large">s</span>',
    );
    expect(sanitizeRichHtml('<a href="https://a.example" data-value="x">a</a>')).toBe(
      '<a href="https://a.example" rel="noopener noreferrer">a</a>',
    );
  });

  it('escapes markup and script in the LaTeX, and drops handlers and styles on a formula', () => {
    expect(
      sanitizeRichHtml(
        '<span class="ql-formula" data-value="</span><script>alert(1)</script>" onclick="x()" style="color:red">x</span>',
      ),
    ).toBe('<span class="ql-formula" data-value="&lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</span>');
    expect(sanitizeRichHtml('<span class="ql-formula" data-value=\'"><img src=x onerror=alert(1)>\'>x</span>')).toBe(
      '<span class="ql-formula" data-value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</span>',
    );
    expect(sanitizeRichHtml(formula('\\href{javascript:alert(1)}{x}'))).toBe(formula('\\href{javascript:alert(1)}{x}'));
  });

  it('sanitizes what is nested in a formula like anything else', () => {
    expect(
      sanitizeRichHtml(
        '<span class="ql-formula" data-value="a"><span class="ql-formula" data-value="b"><img src=x onerror=alert(1)>b</span><script>x</script><span data-value="c">c</span></span>',
      ),
    ).toBe(
      '<span class="ql-formula" data-value="a"><span class="ql-formula" data-value="b">b</span><span>c</span></span>',
    );
  });

  it('keeps Unicode in the LaTeX as typed', () => {
    expect(sanitizeRichHtml(formula('\\text{π ≈ 3,14 😀}'))).toBe(formula('\\text{π ≈ 3,14 😀}'));
  });

  it(`refuses a formula longer than ${MAX_FORMULA_CHARS} characters with a ContentError (a 400), keeps one at the cap`, () => {
    expect(sanitizeRichHtml(formula('x'.repeat(MAX_FORMULA_CHARS)))).toBe(formula('x'.repeat(MAX_FORMULA_CHARS)));
    const huge = formula('x'.repeat(MAX_FORMULA_CHARS + 1));
    expect(() => sanitizeRichHtml(huge)).toThrow(ContentError);
    expect(() => sanitizeRichHtml(huge)).toThrow(/formula is too long/);
    // the same LaTeX on a plain span is not a formula: its data-value goes, nothing is refused
    expect(sanitizeRichHtml(`<span data-value="${'x'.repeat(MAX_FORMULA_CHARS + 1)}">s</span>`)).toBe('<span>s</span>');
  });
});
