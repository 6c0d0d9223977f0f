import { useState } from 'react';

/**
 * True in the render where `value` is not the one the render before saw (Object.is); false on the first. For state
 * that starts over when a prop changes (a dialog opening, another student): set it right there, while rendering,
 * React's "store the previous value in state" pattern, instead of in an effect that renders twice. Only the calling
 * component's own state may be set that way. A render React throws away takes the change with it.
 */
export function useChanged<T>(value: T): boolean {
  const [previous, setPrevious] = useState(value);
  if (Object.is(previous, value)) return false;
  setPrevious(value);
  return true;
}
