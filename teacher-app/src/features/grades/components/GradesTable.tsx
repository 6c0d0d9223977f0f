import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { stickyActionSx } from '@kelasku/shared-ui';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import type { Submission } from '@kelasku/shared-api';
import { infoChipSx, warningChipSx } from '../../../lib/chip-styles';
import { workQuery, type WorkRef } from '../../../lib/work';
import { counted } from '../queue';

/** The message key of each sheet status the server sends. */
const STATUS_KEY = {
  'Not started': 'grades.status.notStarted',
  'In progress': 'grades.status.inProgress',
  Submitted: 'grades.status.submitted',
} as const satisfies Record<Submission['status'], string>;

function StatusChip({ status }: { status: Submission['status'] }) {
  const { t } = useTranslation('teacher');
  const label = t(STATUS_KEY[status]);
  if (status === 'Submitted') return <Chip size="small" color="success" label={label} />;
  return <Chip size="small" label={label} sx={status === 'In progress' ? warningChipSx : undefined} />;
}

/** What still needs the teacher: essays pending or scored automatically; sheets the exam's end submitted. */
function ReviewMarks({ row }: { row: Submission }) {
  const { t } = useTranslation('teacher');
  const pending = row.pending_essays ?? 0;
  const automatic = row.auto_scored_essays ?? 0;
  if (!pending && !automatic && !row.auto_submitted) return null;
  return (
    <>
      {pending > 0 && <Chip size="small" label={t('grades.marks.pending')} sx={warningChipSx} />}
      {automatic > 0 && <Chip size="small" label={t('grades.marks.autoScored')} sx={infoChipSx} />}
      {row.auto_submitted && <Chip size="small" variant="outlined" label={t('grades.marks.autoSubmitted')} />}
    </>
  );
}

/** The student's name, with (on a phone) the NIS and the score under it. */
function NameCell({ row }: { row: Submission }) {
  const { t } = useTranslation('teacher');
  return (
    <TableCell sx={{ overflowWrap: 'break-word', minWidth: 96 }}>
      <Box component="span" sx={{ display: 'block' }}>
        {row.name}
      </Box>
      {!counted(row) && <Chip size="small" variant="outlined" label={t('grades.deactivated')} sx={{ mt: 0.5 }} />}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: { xs: 'block', sm: 'none' }, whiteSpace: 'nowrap' }}
      >
        {row.nis}
      </Typography>
      {row.score != null && (
        <Typography variant="caption" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 600 }}>
          {t('grades.table.scoreOnPhone', { score: formatScore(row.score) })}
        </Typography>
      )}
    </TableCell>
  );
}

function GradeRow({ row, work }: { row: Submission; work: WorkRef }) {
  const { t } = useTranslation('teacher');
  return (
    <TableRow sx={counted(row) ? undefined : { '& td': { color: 'text.secondary' } }}>
      <NameCell row={row} />
      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.nis}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          <StatusChip status={row.status} />
          <ReviewMarks row={row} />
        </Stack>
      </TableCell>
      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
        {formatScore(row.score)}
      </TableCell>
      <TableCell sx={stickyActionSx}>
        {row.sheet_id != null ? (
          <Button
            size="small"
            component={RouterLink}
            to={`/Review?${workQuery(work)}&student_id=${row.student_id}`}
            aria-label={t('grades.table.reviewOf', { name: row.name })}
          >
            {t('grades.table.review')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            -
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The students shown (filtered and ordered), each with status, marks, score and a link to the review. */
export function GradesTable({ rows, work }: { rows: Submission[]; work: WorkRef }) {
  const { t } = useTranslation('teacher');
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Table
        size="small"
        aria-label={work.kind === 'exam' ? t('grades.table.labelExam') : t('grades.table.labelExercise')}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('grades.table.name')}</TableCell>
            {/* On a phone the NIS and the score go under the name, so every column fits on the screen. */}
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('grades.table.nis')}</TableCell>
            <TableCell>{t('grades.table.status')}</TableCell>
            {/* On a phone the score goes under the name. */}
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('grades.table.score')}
            </TableCell>
            <TableCell sx={stickyActionSx}>{t('grades.table.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <GradeRow key={r.student_id} row={r} work={work} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
