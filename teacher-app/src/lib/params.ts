import { useSearchParams } from 'react-router-dom';

/** A positive integer from the URL query (ids travel in the URL so reloads work), or null. */
export function useNumberParam(name: string): number | null {
  const [params] = useSearchParams();
  return parsePositiveInt(params.get(name));
}

export function parsePositiveInt(raw: string | null | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value > 0 ? value : null;
}
