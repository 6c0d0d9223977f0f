import { act, render, screen } from '@testing-library/react';
import { startTransition, StrictMode, Suspense, useState } from 'react';
import { useChanged } from './useChanged';

/** A note that starts over whenever `subject` changes: the use of useChanged the screens make. */
function Note({ subject, suspend = false }: { subject: string; suspend?: boolean }) {
  const [note, setNote] = useState('');
  if (useChanged(subject)) setNote('');
  if (suspend) throw new Promise(() => undefined);
  return (
    <>
      <p>
        {subject}: {note || 'no note'}
      </p>
      <button type="button" onClick={() => setNote('saved')}>
        save
      </button>
    </>
  );
}

const ui = (subject: string, suspend = false) => (
  <StrictMode>
    <Suspense fallback="loading">
      <Note subject={subject} suspend={suspend} />
    </Suspense>
  </StrictMode>
);

test('state starts over when the value changes, and only then', () => {
  const view = render(ui('Siti'));
  act(() => screen.getByRole('button').click());
  expect(screen.getByText('Siti: saved')).toBeInTheDocument();
  view.rerender(ui('Siti'));
  expect(screen.getByText('Siti: saved')).toBeInTheDocument();
  view.rerender(ui('Budi'));
  expect(screen.getByText('Budi: no note')).toBeInTheDocument();
});

test('a render that is thrown away (a suspended transition) changes nothing', () => {
  const view = render(ui('Siti'));
  act(() => screen.getByRole('button').click());
  act(() => startTransition(() => view.rerender(ui('Budi', true))));
  expect(screen.getByText('Siti: saved')).toBeInTheDocument();
  view.rerender(ui('Siti'));
  expect(screen.getByText('Siti: saved')).toBeInTheDocument();
});
