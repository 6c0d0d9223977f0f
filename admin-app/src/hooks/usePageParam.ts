import { useSearchParams } from 'react-router-dom';

/** The list page kept in the URL (?page=2), so a reload or a shared link shows the same page. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) =>
    setParams((p) => {
      const copy = new URLSearchParams(p);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return [page, setPage];
}
