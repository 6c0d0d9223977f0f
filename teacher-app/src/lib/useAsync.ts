import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Runs the loader again (Retry buttons, after a change). */
  reload: () => void;
  /** Replaces the loaded value locally (e.g. after a delete) without refetching. */
  setData: (value: T | undefined) => void;
}

/**
 * Loads data when the screen opens or a dependency changes. Answers of superseded runs are dropped,
 * so a slow first request cannot overwrite a newer one.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const run = useRef(0);

  useEffect(() => {
    const id = ++run.current;
    setLoading(true);
    setError(undefined);
    load().then(
      (value) => {
        if (id !== run.current) return;
        setData(value);
        setLoading(false);
      },
      (err: unknown) => {
        if (id !== run.current) return;
        setError(err ?? new Error('Failed'));
        setLoading(false);
      },
    );
    // The caller lists what the loader depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData };
}
