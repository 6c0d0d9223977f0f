import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState, Pagination, SearchBox } from '@kelasku/shared-ui';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import { usePageParam } from '../../../hooks/usePageParam';
import { classStudentsQuery } from '../api';

/** People: the class roster, searchable by name or NIS. */
export function PeopleTab({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const [page, setPage] = usePageParam();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  // The previous page's rows stay while the next page (or a search) loads.
  const roster = useQuery({ ...classStudentsQuery(classId, page, search), placeholderData: keepPreviousData });
  const students = roster.data?.students ?? [];
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <SearchBox
          query={query}
          onChange={setQuery}
          onSearch={(q) => { setPage(1); setSearch(q.trim()); }}
          placeholder={t('classStream.people.search')}
        />
      </Box>
      {!roster.data ? (
        roster.isError ? <ErrorState message={t('classStream.people.loadFailed')} error={roster.error} onRetry={() => void roster.refetch()} /> : <LoadingState />
      ) : students.length === 0 ? (
        <EmptyState message={search ? t('classStream.people.noMatch') : t('classStream.people.empty')} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('classStream.people.count', { count: roster.data?.meta.total ?? students.length, formatted: formatNumber(roster.data?.meta.total ?? students.length) })}</Typography>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
            <Table size="small" aria-label={t('classStream.people.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('classStream.people.name')}</TableCell>
                  <TableCell>{t('classStream.people.nis')}</TableCell>
                  <TableCell>{t('classStream.people.grade')}</TableCell>
                  <TableCell>{t('classStream.people.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {students.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{s.name}</TableCell>
                    <TableCell>{s.nis}</TableCell>
                    <TableCell>{s.grade}</TableCell>
                    <TableCell>{s.status}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {(roster.data?.meta.totalPage ?? 1) > 1 && (
            <Pagination currentPage={page} totalPages={roster.data?.meta.totalPage ?? 1} onPageChange={setPage} />
          )}
        </>
      )}
    </Box>
  );
}
