import { act, render, screen } from '@testing-library/react';
import { startTransition, StrictMode, Suspense } from 'react';
import { useLastNonNull } from './useLastNonNull';

/** Shows the hook's value; `suspend` makes the same render suspend after the hook ran (a render React throws away). */
function Subject({ value, suspend = false }: { value: string | null; suspend?: boolean }) {
  const shown = useLastNonNull(value);
  if (suspend) throw new Promise(() => undefined);
  return <p>{shown ?? 'nothing'}</p>;
}

const ui = (value: string | null, suspend = false) => (
  <StrictMode>
    <Suspense fallback="loading">
      <Subject value={value} suspend={suspend} />
    </Suspense>
  </StrictMode>
);

test('keeps showing the last value while it is null again (a closing dialog)', () => {
  const view = render(ui(null));
  expect(screen.getByText('nothing')).toBeInTheDocument();
  view.rerender(ui('Siti'));
  expect(screen.getByText('Siti')).toBeInTheDocument();
  view.rerender(ui(null));
  expect(screen.getByText('Siti')).toBeInTheDocument();
  view.rerender(ui('Budi'));
  view.rerender(ui(null));
  expect(screen.getByText('Budi')).toBeInTheDocument();
});

test('a render that is thrown away (a suspended transition) does not change what shows next', () => {
  const view = render(ui('Siti'));
  // In a transition, a suspending render is not committed: 'Budi' never reached the screen.
  act(() => startTransition(() => view.rerender(ui('Budi', true))));
  expect(screen.getByText('Siti')).toBeInTheDocument();
  view.rerender(ui(null));
  expect(screen.getByText('Siti')).toBeInTheDocument();
});
