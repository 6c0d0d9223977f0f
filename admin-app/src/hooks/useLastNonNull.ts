import { useRef } from 'react';

/** The last non-null value, so a closing dialog keeps showing its subject during the fade-out. */
export function useLastNonNull<T>(value: T | null): T | null {
  const ref = useRef<T | null>(value);
  if (value !== null) ref.current = value;
  return ref.current;
}
