import { act, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { renderAt } from './test-utils';
import { useGoBack } from './useGoBack';

function BackButton() {
  const goBack = useGoBack('/home');
  return (
    <button type="button" onClick={goBack}>
      Back
    </button>
  );
}

it('goes to the fallback, in place of the page, when the page was opened directly', async () => {
  renderAt(<BackButton />, '/detail?id=3');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await act(async () => undefined);
  expect(screen.getByTestId('location')).toHaveTextContent('/home');
});

it('goes back one screen after the user came from another page of the app', async () => {
  renderAt(
    <>
      <Link to="/detail?id=3">Open</Link>
      <BackButton />
    </>,
    '/list?page=2',
  );
  fireEvent.click(screen.getByRole('link', { name: 'Open' }));
  await act(async () => undefined);
  expect(screen.getByTestId('location')).toHaveTextContent('/detail?id=3');
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await act(async () => undefined);
  expect(screen.getByTestId('location')).toHaveTextContent('/list?page=2');
});

it('goes back even when the browser history state names no index (no router internals read)', async () => {
  renderAt(<BackButton />, '/detail?id=3', { from: '/list' });
  expect(window.history.state).toBeNull(); // MemoryRouter: the window's history knows nothing of the app's entries
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await act(async () => undefined);
  expect(screen.getByTestId('location')).toHaveTextContent('/list');
});
