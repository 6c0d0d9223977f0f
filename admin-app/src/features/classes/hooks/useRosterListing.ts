import { useMemo, useState } from 'react';
import type { Student } from '@kelasku/shared-api';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { filterStudents, sortStudents } from '../roster';

const TABLE_PAGE_SIZE = 10;

/**
 * What a class's roster shows: the search, the NIS sort, the table page and the selected students. `students` is the
 * roster (undefined while it loads).
 */
export function useRosterListing(students: Student[] | undefined) {
  const [query, setQuery] = useState('');
  const [sortByNIS, setSortByNIS] = useState(false);
  // The roster's table page is in the URL like every other list's; a new search or sort starts at page 1.
  const [page, setPage] = usePageParam();
  const toFirstPage = () => {
    if (page > 1) setPage(1);
  };
  const [selected, setSelected] = useState<Set<number>>(() => new Set());

  const shown = useMemo(
    () => sortStudents(filterStudents(students ?? [], query), sortByNIS),
    [students, query, sortByNIS],
  );
  const totalPages = Math.max(1, Math.ceil(shown.length / TABLE_PAGE_SIZE));
  const currentPage = Math.min(page, totalPages);
  const pageRows = shown.slice((currentPage - 1) * TABLE_PAGE_SIZE, currentPage * TABLE_PAGE_SIZE);
  // what is selected and still on the roster (a student another admin removed meanwhile drops out)
  const selectedIds = useMemo(
    () => (students ?? []).filter((s) => selected.has(s.id)).map((s) => s.id),
    [students, selected],
  );

  return {
    query,
    search: (q: string) => {
      setQuery(q);
      toFirstPage();
    },
    toFirstPage,
    sortByNIS,
    toggleSort: () => {
      setSortByNIS((v) => !v);
      toFirstPage();
    },
    /** the filtered, sorted roster (every page) */
    shown,
    pageRows,
    currentPage,
    totalPages,
    setPage,
    selected,
    setSelected,
    selectedIds,
  };
}
