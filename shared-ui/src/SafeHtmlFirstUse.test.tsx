// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { render, screen } from '@testing-library/react';
import { SafeHtml } from './SafeHtml';

// A fresh module registry: DOMPurify is not loaded yet, as on a user's first rich-text screen.
it('shows the plain text (never raw HTML) until the sanitizer has loaded', async () => {
  const { container } = render(<SafeHtml html={'<p>Halo <b>kelas</b></p><img src=x onerror="alert(1)">'} />);
  expect(container).toHaveTextContent('Halo kelas');
  expect(container.querySelector('img')).toBeNull();
  expect(await screen.findByText('kelas', { selector: 'b' })).toBeInTheDocument();
  expect(container.querySelector('img')).not.toHaveAttribute('onerror');
});
