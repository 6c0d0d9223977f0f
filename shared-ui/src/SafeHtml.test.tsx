// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { render, screen, waitFor } from '@testing-library/react';
import { SafeHtml, sanitizeHtml } from './SafeHtml';

const html =
  '<h2>Sel</h2><p><b>Inti</b> sel</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">klik</a><img src="data:image/png;base64,AAAA">';

describe('SafeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', async () => {
    const { container } = render(<SafeHtml html={html} />);
    expect(await screen.findByRole('heading', { name: 'Sel' })).toBeInTheDocument();
    expect(container.querySelector('b')).toHaveTextContent('Inti');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('klik')).not.toHaveAttribute('href', 'javascript:alert(3)');
    expect(container.querySelectorAll('img')[1]).toHaveAttribute('src', 'data:image/png;base64,AAAA');
  });

  it('renders every picture with referrerpolicy="no-referrer", over whatever the stored HTML asked', async () => {
    const stored =
      '<p><img src="https://cdn.example.com/peta.png"><img src="http://sekolah.example/a.gif" referrerpolicy="unsafe-url"><img src="/api/v1/images/abc.png"></p>';
    const { container } = render(<SafeHtml html={stored} />);
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(3));
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.example.com/peta.png',
      'http://sekolah.example/a.gif',
      '/api/v1/images/abc.png',
    ]);
    expect(images.map((img) => img.getAttribute('referrerpolicy'))).toEqual([
      'no-referrer',
      'no-referrer',
      'no-referrer',
    ]);
    await expect(sanitizeHtml('<img src="https://cdn.example.com/x.png">')).resolves.toBe(
      '<img src="https://cdn.example.com/x.png" referrerpolicy="no-referrer">',
    );
  });

  it('renders at once, as HTML, once the sanitizer is loaded', () => {
    const { container } = render(<SafeHtml html="<p><i>Mitokondria</i></p>" />);
    expect(container.querySelector('i')).toHaveTextContent('Mitokondria');
  });

  it('exposes the sanitizer for code that needs the clean string', async () => {
    await expect(sanitizeHtml('<p onclick="x()">hi</p>')).resolves.toBe('<p>hi</p>');
  });
});
