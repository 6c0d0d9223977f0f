import { useSearchParams } from 'react-router-dom';
import { parsePositiveInt } from '../lib/params';

/** A positive integer from the URL query (ids travel in the URL so reloads work), or null. */
export function useNumberParam(name: string): number | null {
  const [params] = useSearchParams();
  return parsePositiveInt(params.get(name));
}
