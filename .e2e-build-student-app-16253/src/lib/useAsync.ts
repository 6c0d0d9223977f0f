import { useCallback, useEffect, useRef, useState } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Fetches again (after a change, or from a Retry button). */
  reload: () => void;
}

/**
 * Runs `load` whenever `deps` change and keeps the latest result. Answers of superseded calls are dropped,
 * so a fast page switch never shows the previous page's data.
 */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined, error: undefined, loading: true,
  });
  const [tick, setTick] = useState(0);
  const callId = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);

  useEffect(() => {
    const id = ++callId.current;
    setState((s) => ({ ...s, error: undefined, loading: true }));
    run().then(
      (data) => id === callId.current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => id === callId.current && setState({ data: undefined, error, loading: false }),
    );
  }, [run, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
