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
    expect(sanitizeRichHtml('<img src="https://cdn.example.com/a.jpg">')).toBe('<img src="https://cdn.example.com/a.jpg" />');
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeRichHtml('<img src="data:text/html;base64,PHN2Zz4=">')).toBe('');
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
