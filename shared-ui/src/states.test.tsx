import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { LoadFailure } from './states';
import { renderAt } from './test-utils';

const httpError = (status: number) => new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, { status, data: {} } as never);
const failure = (error: unknown, onRetry = jest.fn()) =>
  renderAt(<LoadFailure error={error} what="class" failed="Error fetching materials" onRetry={onRetry} backTo="/MyClasses" backLabel="Back to My Classes" />, '/MyDetailClasses/9999');

test('a missing thing (404) says so and links back; there is nothing to retry', async () => {
  failure(httpError(404));
  expect(screen.getByRole('alert')).toHaveTextContent('This class does not exist or was removed.');
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  await userEvent.click(screen.getByRole('link', { name: 'Back to My Classes' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyClasses');
});

test('no access (403) is not reported as a network error', () => {
  failure(httpError(403));
  expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this class.');
  expect(screen.queryByText('Error fetching materials')).toBeNull();
  expect(screen.getByRole('link', { name: 'Back to My Classes' })).toBeInTheDocument();
});

test('a network failure keeps its text and Retry', async () => {
  const onRetry = jest.fn();
  failure(new AxiosError('Network Error', 'ERR_NETWORK'), onRetry);
  expect(screen.getByRole('alert')).toHaveTextContent('Error fetching materials');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalled();
});
