import { ContentError } from './content';
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_RICH_HTML_CHARS } from './limits';
import { sanitizeRichHtml } from './sanitize';

describe('sanitizeRichHtml', () => {
  it('keeps Quill formatting', () => {
    const html = '<h2>Bab 1</h2><p class="ql-align-center"><strong>tebal</strong> <em>miring</em> <u>garis</u> <s>coret</s> x<sub>2</sub> y<sup>3</sup></p>'
      + '<ol><li data-list="bullet">satu</li></ol><blockquote>kutip</blockquote><pre class="ql-syntax" spellcheck="false">code</pre>'
      + '<p><span style="color: rgb(230, 0, 0); background-color: #ffff00;">warna</span></p>';
    expect(sanitizeRichHtml(html)).toBe(html.replace('color: rgb(230, 0, 0); background-color: #ffff00;', 'color:rgb(230, 0, 0);background-color:#ffff00'));
  });

  it('removes scripts, handlers and javascript: URLs', () => {
    expect(sanitizeRichHtml('<p onclick="x()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeRichHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(sanitizeRichHtml('<img src=x onerror="alert(1)">')).toBe('');
    expect(sanitizeRichHtml('<style>body{}</style><form><input></form>ok')).toBe('ok');
  });

  it('allows http(s)/mailto links and forces rel', () => {
    expect(sanitizeRichHtml('<a href="https://kelasku.id" target="_blank">k</a>')).toBe('<a href="https://kelasku.id" target="_blank" rel="noopener noreferrer">k</a>');
    expect(sanitizeRichHtml('<a href="mailto:guru@sekolah.id">m</a>')).toBe('<a href="mailto:guru@sekolah.id" rel="noopener noreferrer">m</a>');
  });

  it('allows raster data images and http(s) images only', () => {
    expect(sanitizeRichHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(sanitizeRichHtml('<img src="https://cdn.example.com/a.jpg">')).toBe('<img src="https://cdn.example.com/a.jpg" referrerpolicy="no-referrer" />');
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichHtml('<img src="data:text/html;base64,PHN2Zz4=">')).toBe('');
  });

  it('makes every picture from another site load without a referrer, whatever policy the input asked for', () => {
    for (const src of ['https://cdn.example.com/a.jpg', 'http://sekolah.example/b.png', ' HTTPS://CDN.EXAMPLE.COM/C.GIF']) {
      for (const asked of ['', ' referrerpolicy="unsafe-url"', ' referrerpolicy="origin"', ' REFERRERPOLICY="no-referrer-when-downgrade"']) {
        expect(sanitizeRichHtml(`<p><img alt="peta"${asked} src="${src}"></p>`)).toBe(`<p><img alt="peta" src="${src}" referrerpolicy="no-referrer" /></p>`);
      }
    }
    // This site's own pictures and inline ones carry no policy of the teacher's choosing either.
    const own = `/api/v1/images/${'a'.repeat(64)}.png`;
    expect(sanitizeRichHtml(`<img src="${own}" referrerpolicy="unsafe-url">`)).toBe(`<img src="${own}" />`);
    expect(sanitizeRichHtml('<img referrerpolicy="unsafe-url" src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
  });

  it('keeps video iframes from known hosts only', () => {
    const yt = '<iframe class="ql-video" src="https://www.youtube.com/embed/abc" frameborder="0" allowfullscreen="true"></iframe>';
    expect(sanitizeRichHtml(yt)).toBe(yt);
    expect(sanitizeRichHtml('<iframe src="https://evil.example/x"></iframe>')).toBe('');
    expect(sanitizeRichHtml('<iframe src="javascript:alert(1)"></iframe>')).toBe('');
  });

  it('drops non-Quill classes and unsafe styles', () => {
    expect(sanitizeRichHtml('<p class="ql-indent-1 evil" style="position:fixed;text-align:right">x</p>')).toBe('<p class="ql-indent-1" style="text-align:right">x</p>');
  });
});

describe('bounded sanitizing (caps from domain/limits.ts)', () => {
  it('refuses HTML nested deeper than MAX_HTML_DEPTH, before its quadratic cost (200,000 unclosed <b> took 22 s)', () => {
    expect(() => sanitizeRichHtml('<b>'.repeat(MAX_HTML_DEPTH + 1))).toThrow(ContentError);
    expect(() => sanitizeRichHtml('<b>'.repeat(200_000))).toThrow(`HTML is nested more than ${MAX_HTML_DEPTH} levels deep`);
    // unknown and dropped elements count too: the parser keeps them open all the same
    expect(() => sanitizeRichHtml('<x-y>'.repeat(MAX_HTML_DEPTH + 1))).toThrow(ContentError);
  });

  it('keeps HTML at exactly the depth and element caps', () => {
    expect(sanitizeRichHtml(`${'<b>'.repeat(MAX_HTML_DEPTH)}x`)).toBe(`${'<b>'.repeat(MAX_HTML_DEPTH)}x${'</b>'.repeat(MAX_HTML_DEPTH)}`);
    const flat = '<p><b>x</b></p>'.repeat(MAX_HTML_ELEMENTS / 2);
    expect(sanitizeRichHtml(flat)).toBe(flat);
    expect(() => sanitizeRichHtml(`${flat}<br>`)).toThrow(`HTML has more than ${MAX_HTML_ELEMENTS} elements`);
    // void elements and implied closes do not add depth
    expect(() => sanitizeRichHtml('<br><img src="https://a.example/x.png">'.repeat(1_000) + '<li>a'.repeat(1_000))).not.toThrow();
  });

  it('filters inline styles in one split (no postcss per attribute), keeping only the allowed declarations', () => {
    expect(sanitizeRichHtml('<span style="COLOR: red; color: red !important; color: expression(alert(1)); text-align: center">x</span>'))
      .toBe('<span style="text-align:center">x</span>');
    expect(sanitizeRichHtml('<span style="font-size: 99px; color: #abc">x</span>')).toBe('<span style="color:#abc">x</span>');
    expect(sanitizeRichHtml('<span style="background-color: url(x)">x</span>')).toBe('<span>x</span>');
    expect(sanitizeRichHtml('<span style="color: red&quot;><script>">x</span>')).toBe('<span>x</span>');
  });

  it('refuses HTML longer than MAX_RICH_HTML_CHARS instead of truncating it', () => {
    const tooLong = `<p>${'a'.repeat(MAX_RICH_HTML_CHARS)}</p>`;
    expect(() => sanitizeRichHtml(tooLong)).toThrow(`HTML is too long (max ${MAX_RICH_HTML_CHARS} characters without pictures)`);
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
