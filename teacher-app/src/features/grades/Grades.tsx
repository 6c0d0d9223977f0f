import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import type { Submission } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { downloadGradesCsv } from './csv';
import { formatScore } from './score';
import { warningChipSx } from '../../lib/chipStyles';
import { workApi, workFromParams, workQuery } from './kind';

function StatusChip({ status }: { status: Submission['status'] }) {
  if (status === 'Submitted') return <Chip size="small" color="success" label={status} />;
  return <Chip size="small" label={status} sx={status === 'In progress' ? warningChipSx : undefined} />;
}

function average(rows: Submission[]): number | null {
  const scores = rows.map((r) => r.score).filter((s): s is number => typeof s === 'number');
  return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
}

/** /Grades?exercise_id= or ?exam_id=: every student of the class with status and score; review and CSV export. */
export default function Grades() {
  const [params] = useSearchParams();
  const work = workFromParams(params);
  const goBack = useGoBack();
  const rows = useAsync(
    () => (work ? workApi(work.kind).submissions(work.id) : Promise.reject(new Error('missing id'))),
    [work?.kind, work?.id],
  );

  if (!work) return <ErrorState message="No exercise or exam was chosen." onRetry={goBack} retryLabel="Go Back" />;
  const noun = work.kind === 'exam' ? 'Exam' : 'Exercise';
  const header = (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>Back</Button>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' } }}>{noun} Grades</Typography>
    </>
  );
  if (rows.loading) return <>{header}<LoadingState /></>;
  if (rows.error) return <>{header}<ErrorState message="Failed to load the grades." onRetry={rows.reload} /></>;
  const list = rows.data ?? [];
  const submitted = list.filter((r) => r.status === 'Submitted').length;
  const avg = average(list);

  return (
    <Box>
      {header}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography color="text.secondary">
          {submitted} of {list.length} students submitted{avg != null ? ` · average score ${formatScore(avg)}` : ''}
        </Typography>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={list.length === 0}
          onClick={() => downloadGradesCsv(`${work.kind}-${work.id}-grades.csv`, list)}
        >
          Export grades (CSV)
        </Button>
      </Stack>
      {list.length === 0 ? (
        <EmptyState message="No students are assigned to this class yet." />
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <Table size="small" aria-label={`${noun} grades`}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>NIS</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell>Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((r) => (
                <TableRow key={r.student_id}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.nis}</TableCell>
                  <TableCell><StatusChip status={r.status} /></TableCell>
                  <TableCell align="right">{r.score == null ? '-' : formatScore(r.score)}</TableCell>
                  <TableCell>
                    {r.sheet_id != null ? (
                      <Button size="small" component={RouterLink} to={`/Review?${workQuery(work)}&student_id=${r.student_id}`} aria-label={`Review answers of ${r.name}`}>
                        Review
                      </Button>
                    ) : (
                      <Typography variant="body2" color="text.secondary">-</Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
