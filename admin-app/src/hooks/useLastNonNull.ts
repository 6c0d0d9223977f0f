import { useState } from 'react';

/**
 * The last non-null value, so a closing dialog keeps showing its subject during the fade-out. Kept in state (set
 * while rendering, React's "previous value" pattern), not in a ref: a render React throws away (a suspended
 * transition) takes its update with it, so what shows next is always the last value that reached the screen.
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
