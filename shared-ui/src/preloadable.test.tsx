import { Suspense } from 'react';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { preloadable, SuspenseAfterFirstScreen, usePreloaded } from './preloadable';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

it('renders at once, without the Suspense fallback, once its code is loaded', async () => {
  const load = jest.fn(async () => Hello);
  const Page = preloadable(load);
  await Page.preload();
  render(
    <Suspense fallback={<p>fallback</p>}>
      <Page name="Sari" />
    </Suspense>,
  );
  // synchronously after the first render: no fallback step
  expect(screen.getByText('Hello Sari')).toBeInTheDocument();
  expect(screen.queryByText('fallback')).toBeNull();
  expect(load).toHaveBeenCalledTimes(1);
});

it('suspends like React.lazy when not loaded yet, and loads once', async () => {
  const load = jest.fn(async () => Hello);
  const Page = preloadable(load);
  render(
    <Suspense fallback={<p>fallback</p>}>
      <Page name="Budi" />
    </Suspense>,
  );
  expect(screen.getByText('fallback')).toBeInTheDocument();
  expect(await screen.findByText('Hello Budi')).toBeInTheDocument();
  await Page.preload();
  expect(load).toHaveBeenCalledTimes(1);
});

it('usePreloaded is false until the code is there, and true after a failure so the error can be shown', async () => {
  const Page = preloadable(async () => Hello);
  const { result } = renderHook(() => usePreloaded(Page));
  expect(result.current).toBe(false);
  await waitFor(() => expect(result.current).toBe(true));

  const Broken = preloadable<{ name: string }>(() => Promise.reject(new Error('chunk failed')));
  const broken = renderHook(() => usePreloaded(Broken));
  expect(broken.result.current).toBe(false);
  await waitFor(() => expect(broken.result.current).toBe(true));
  expect(Broken.isLoaded()).toBe(false);
  await act(async () => {
    await expect(Broken.preload()).rejects.toThrow('chunk failed'); // tried again, not cached as a failure
  });
});

it('usePreloaded still turns true when the code arrives between its render and its effect', async () => {
  // isLoaded() says false while rendering and true from then on, as when the chunk lands just before the effect runs.
  let calls = 0;
  const arriving = Object.assign(() => <p>page</p>, { isLoaded: () => calls++ > 0, preload: () => Promise.resolve() });
  const { result } = renderHook(() => usePreloaded(arriving));
  await waitFor(() => expect(result.current).toBe(true));
});

it('SuspenseAfterFirstScreen shows the fallback until the first screen is loaded, then its children', async () => {
  let arrive!: () => void;
  const First = preloadable(
    () =>
      new Promise<typeof Hello>((resolve) => {
        arrive = () => resolve(Hello);
      }),
  );
  render(
    <SuspenseAfterFirstScreen first={First} fallback={<p>loading</p>}>
      <First name="Ani" />
    </SuspenseAfterFirstScreen>,
  );
  expect(screen.getByText('loading')).toBeInTheDocument();
  await act(async () => arrive());
  expect(await screen.findByText('Hello Ani')).toBeInTheDocument();
  expect(screen.queryByText('loading')).toBeNull();
});
