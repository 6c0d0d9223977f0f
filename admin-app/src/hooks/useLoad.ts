import { useCallback, useEffect, useRef, useState } from 'react';

export interface LoadState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Fetches again with the same inputs (after a create, edit or delete). */
  reload: () => void;
}

/**
 * Runs `load` whenever `key` changes and keeps the last answer. Answers of superseded calls are dropped,
 * so a slow page-1 response can never overwrite page 2.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): LoadState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(undefined);
    loadRef.current().then(
      (value) => {
        if (!current) return;
        setData(value);
        setLoading(false);
      },
      (err: unknown) => {
        if (!current) return;
        setError(err ?? new Error('Failed'));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
