import { useSearchParams } from 'react-router-dom';

/**
 * The page of the screen's paged list, kept in the URL (?page=2) so that a reload, Back or a shared link shows the
 * same page. Other query parameters (e.g. ?class_id=) are kept; page 1 is the address without ?page=.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return [page, setPage];
}
