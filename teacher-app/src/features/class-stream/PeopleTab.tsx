import { useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState, Pagination, SearchBox } from '@kelasku/shared-ui';
import { useAsync } from '../../lib/useAsync';
import { classStudents } from './classData';

/** People: the class roster, searchable by name or NIS. */
export function PeopleTab({ classId }: { classId: number }) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const roster = useAsync(() => classStudents(classId, page, search), [classId, page, search]);
  const students = roster.data?.students ?? [];
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        <SearchBox
          query={query}
          onChange={setQuery}
          onSearch={(q) => { setPage(1); setSearch(q.trim()); }}
          placeholder="Search students by name or NIS"
        />
      </Box>
      {roster.loading && !roster.data ? (
        <LoadingState />
      ) : roster.error ? (
        <ErrorState message="Failed to load the students of this class." onRetry={roster.reload} />
      ) : students.length === 0 ? (
        <EmptyState message={search ? 'No student matches this search.' : 'No students are assigned to this class yet.'} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{roster.data?.meta.total ?? students.length} students</Typography>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
            <Table size="small" aria-label="Students of this class">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>NIS</TableCell>
                  <TableCell>Grade</TableCell>
                  <TableCell>Status</TableCell>
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
