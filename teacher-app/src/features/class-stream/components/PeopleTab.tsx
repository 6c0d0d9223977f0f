import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState, Pagination, SearchBox } from '@kelasku/shared-ui';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import { StudentTable } from '@kelasku/shared-ui/src/StudentTable';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
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
          onSearch={(q) => {
            setPage(1);
            setSearch(q.trim());
          }}
          placeholder={t('classStream.people.search')}
        />
      </Box>
      {!roster.data ? (
        roster.isError ? (
          <ErrorState
            message={t('classStream.people.loadFailed')}
            error={roster.error}
            onRetry={() => void roster.refetch()}
          />
        ) : (
          <LoadingState />
        )
      ) : students.length === 0 ? (
        <EmptyState message={search ? t('classStream.people.noMatch') : t('classStream.people.empty')} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('classStream.people.count', {
              count: roster.data?.meta.total ?? students.length,
              formatted: formatNumber(roster.data?.meta.total ?? students.length),
            })}
          </Typography>
          <StudentTable label={t('classStream.people.table')} students={students} />
          {(roster.data?.meta.totalPage ?? 1) > 1 && (
            <Pagination currentPage={page} totalPages={roster.data?.meta.totalPage ?? 1} onPageChange={setPage} />
          )}
        </>
      )}
    </Box>
  );
}
