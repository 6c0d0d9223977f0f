import { useSearchParams } from 'react-router-dom';

/**
 * The page of the screen's paged list, kept in the URL (?page=2) so that a reload or a shared link shows the same
 * page. Other query parameters (e.g. ?class_id=) are kept; page 1 is the address without ?page=. Turning a page
 * replaces the history entry: Back (the browser's and the screens' own) leaves the screen rather than paging back.
 */
/** The query parameter of a paged list's page (a screen that changes what the list shows drops it: page 1). */
export const PAGE_PARAM = 'page';

export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, parseInt(params.get(PAGE_PARAM) ?? '1', 10) || 1);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete(PAGE_PARAM);
        else copy.set(PAGE_PARAM, String(next));
        return copy;
      },
      { replace: true },
    );
  return [page, setPage];
}
