import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@kelasku/shared-api';
import { ErrorState, LoadFailure } from './states';
import { renderAt } from './test-utils';

const httpError = (status: number) => new ApiError(status, {});
const failure = (error: unknown, onRetry = jest.fn()) =>
  renderAt(
    <LoadFailure
      error={error}
      what="class"
      failed="Error fetching materials"
      onRetry={onRetry}
      backTo="/MyClasses"
      backLabel="Back to My Classes"
    />,
    '/MyDetailClasses/9999',
  );

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
  failure(new ApiError(undefined), onRetry);
  expect(screen.getByRole('alert')).toHaveTextContent('Error fetching materials');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalled();
});

describe('ErrorState says why after the screen’s own text', () => {
  const refused = new ApiError(503, {
    error: 'Service Unavailable',
    message: 'The server is busy; try again in a moment.',
    code: 'server-busy',
  });

  it('with the server’s reason', () => {
    renderAt(<ErrorState message="Failed to load the grades." error={refused} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to load the grades\.The server is busy; try again in a moment\.$/);
  });

  it('with a no-connection sentence when no answer came', () => {
    renderAt(<ErrorState message="Failed to load the grades." error={new ApiError(undefined)} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to load the grades.The server could not be reached. Check the connection and try again.',
    );
  });

  it('with nothing more for a failure without a reason (a bug), nor without an error', () => {
    renderAt(<ErrorState message="Failed to load the grades." error={new Error('x is undefined')} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to load the grades\.$/);
  });
});
