import { useSearchParams } from 'react-router-dom';

/** Search, filter and sort of a list, kept in the URL like its page (?q=&filter=&sort=1). */
export interface ListParams {
  search: string;
  filter: string;
  sort: boolean;
}

/**
 * The list's search, filter and sort kept in the URL, so a reload, a shared link or Back shows the same list. Each
 * change is a new history entry (Back undoes it) and starts again at page 1.
 */
export function useListParams(): [ListParams, (change: Partial<ListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const current: ListParams = {
    search: params.get('q') ?? '',
    filter: params.get('filter') ?? '',
    sort: params.get('sort') === '1',
  };
  const change = (next: Partial<ListParams>) =>
    setParams((p) => {
      const copy = new URLSearchParams(p);
      const set = (key: string, value: string) => (value ? copy.set(key, value) : copy.delete(key));
      if (next.search !== undefined) set('q', next.search);
      if (next.filter !== undefined) set('filter', next.filter);
      if (next.sort !== undefined) set('sort', next.sort ? '1' : '');
      copy.delete('page');
      return copy;
    });
  return [current, change];
}
