import { ApiError } from '@kelasku/shared-api';
import { render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { createQueryClient, DataProvider, isTransientFailure, READ_RETRIES } from './data';

/** A failed call as the client gives it: with the server's status, or without an answer. */
const apiFailure = (status?: number) => new ApiError(status, status === undefined ? undefined : {});

describe('isTransientFailure', () => {
  it('tries again after no answer or a busy gateway, never after the server said no', () => {
    expect(isTransientFailure(apiFailure())).toBe(true);
    expect(isTransientFailure(apiFailure(503))).toBe(true);
    expect(isTransientFailure(apiFailure(502))).toBe(true);
    expect(isTransientFailure(apiFailure(404))).toBe(false);
    expect(isTransientFailure(apiFailure(403))).toBe(false);
    expect(isTransientFailure(apiFailure(500))).toBe(false);
    expect(isTransientFailure(new Error('a bug'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  const retry = (client: ReturnType<typeof createQueryClient>) =>
    client.getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;

  it(`retries a transient read ${READ_RETRIES} times at the most, and a refused one never`, () => {
    const policy = retry(createQueryClient());
    expect(policy(0, apiFailure())).toBe(true);
    expect(policy(READ_RETRIES - 1, apiFailure())).toBe(true);
    expect(policy(READ_RETRIES, apiFailure())).toBe(false);
    expect(policy(0, apiFailure(404))).toBe(false);
  });

  it('does not retry at all when asked not to (tests)', () => {
    expect(retry(createQueryClient({ retry: false }))(0, apiFailure())).toBe(false);
  });
});

describe('DataProvider', () => {
  function Reader({ load }: { load: () => Promise<string> }) {
    const { data } = useQuery({ queryKey: ['greeting'], queryFn: load });
    return <p>{data ?? 'loading'}</p>;
  }

  it('starts every mount with an empty cache, so the next signed-in user never sees the previous one’s data', async () => {
    const first = render(
      <DataProvider>
        <Reader load={() => Promise.resolve('for Siti')} />
      </DataProvider>,
    );
    expect(await screen.findByText('for Siti')).toBeInTheDocument();
    first.unmount();

    let resolveNext!: (value: string) => void;
    render(
      <DataProvider>
        <Reader
          load={() =>
            new Promise((resolve) => {
              resolveNext = resolve;
            })
          }
        />
      </DataProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    resolveNext('for Budi');
    expect(await screen.findByText('for Budi')).toBeInTheDocument();
  });
});
