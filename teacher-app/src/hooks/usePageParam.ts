import { useSearchParams } from 'react-router-dom';
import { parsePositiveInt } from '../lib/params';

/** The query parameter of a paged list's page (`?page=2`). */
export const PAGE_PARAM = 'page';

/**
 * The page of the screen's list, kept in the URL so a reload or a shared link shows the same page. Turning a page
 * replaces the history entry: Back still leaves the screen, as before pages were in the URL.
 */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePositiveInt(params.get(PAGE_PARAM)) ?? 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete(PAGE_PARAM);
      else copy.set(PAGE_PARAM, String(next));
      return copy;
    }, { replace: true });
  return [page, setPage];
}
