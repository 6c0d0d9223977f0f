import { render, screen } from '@testing-library/react';
import { SafeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const { container } = render(
      <SafeHtml html={'<h2>Sel</h2><p><b>Inti</b> sel</p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">klik</a><img src="data:image/png;base64,AAAA">'} />,
    );
    expect(screen.getByRole('heading', { name: 'Sel' })).toBeInTheDocument();
    expect(container.querySelector('b')).toHaveTextContent('Inti');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('klik')).not.toHaveAttribute('href', 'javascript:alert(3)');
    expect(container.querySelectorAll('img')[1]).toHaveAttribute('src', 'data:image/png;base64,AAAA');
  });
});
