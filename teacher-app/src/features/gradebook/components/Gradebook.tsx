import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { EmptyState, LoadFailure, LoadingState, NotFoundState, formatDateId } from '@kelasku/shared-ui';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { errorMessage, toWibIso, type Gradebook as GradebookData } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { parsePositiveInt } from '../../../lib/params';
import { examKindText } from '../../../lib/term-i18n';
import { gradebookQuery, useGradebookExport } from '../api';
import { buildGradebookTable } from '../gradebook-table';
import { WeightsForm } from './WeightsForm';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

/** A score cell: the score, or a dash read out as "no grade" (an empty cell is not a zero). */
function ScoreCell({ score, bold }: { score: number | null; bold?: boolean }) {
  const { t } = useTranslation('term');
  return (
    <TableCell align="right" sx={{ fontWeight: bold ? 700 : undefined, whiteSpace: 'nowrap' }}>
      {score == null ? <span aria-label={t('term:gradebook.empty')}>–</span> : formatScore(score)}
    </TableCell>
  );
}

function GradebookTable({ book }: { book: GradebookData }) {
  const { t } = useTranslation('term');
  const { rows, columnAverages } = buildGradebookTable(book);
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ maxWidth: '100%' }}
      tabIndex={0}
      aria-label={t('term:gradebook.tableLabel')}
      role="region"
    >
      <Table size="small" aria-label={t('term:gradebook.tableLabel')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('term:gradebook.no')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('term:gradebook.nis')}</TableCell>
            <TableCell sx={{ minWidth: 120 }}>{t('term:gradebook.name')}</TableCell>
            {book.assessments.map((a) => (
              <TableCell key={`${a.type}-${a.id}`} align="right" sx={{ minWidth: 96, verticalAlign: 'bottom' }}>
                <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {a.type === 'exercise' ? t('term:kind.exercise') : examKindText(t, a)}
                </Box>
                <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                  {a.title}
                </Box>
                <Box component="span" sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary' }}>
                  {formatDateId(toWibIso(a.date, '12:00'))}
                  {a.closed ? ` · ${t('term:gradebook.closed')}` : ''}
                </Box>
              </TableCell>
            ))}
            <TableCell align="right">{t('term:gradebook.average')}</TableCell>
            <TableCell align="right">{t('term:gradebook.final')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.no}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.nis}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {r.name}
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                  {r.nis}
                </Typography>
              </TableCell>
              {r.scores.map((s, j) => (
                <ScoreCell key={j} score={s} />
              ))}
              <ScoreCell score={r.average} />
              <ScoreCell score={r.final} bold />
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell />
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
            <TableCell sx={{ fontWeight: 700 }}>{t('term:gradebook.classAverage')}</TableCell>
            {columnAverages.map((avg, j) => (
              <ScoreCell key={j} score={avg} />
            ))}
            <TableCell />
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** /Gradebook?class_id=: every exercise and exam of the class (closed ones too) for every student, weights, exports. */
export default function Gradebook() {
  const { t } = useTranslation('term');
  const [params] = useSearchParams();
  const classId = parsePositiveInt(params.get('class_id'));
  const goBack = useGoBack(classId ? `/ManageTaskExam?class_id=${classId}&tab=classwork` : '/DashboardTeacher');
  const book = useQuery({ ...gradebookQuery(classId ?? 0), enabled: classId != null });
  const exporting = useGradebookExport();
  const [format, setFormat] = useState<'csv' | 'xlsx' | null>(null);

  if (!classId)
    return (
      <NotFoundState
        message={t('term:gradebook.noClass')}
        backTo="/DashboardTeacher"
        backLabel={t('term:gradebook.backToDashboard')}
      />
    );
  const header = (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('term:gradebook.back')}
      </Button>
      <PageTitle>
        {book.data ? t('term:gradebook.classTitle', { name: book.data.class_name }) : t('term:gradebook.title')}
      </PageTitle>
    </>
  );
  if (!book.data) {
    return (
      <>
        {header}
        {book.isError ? (
          <LoadFailure
            error={book.error}
            what={t('term:gradebook.what')}
            failed={t('term:gradebook.loadFailed')}
            onRetry={() => void book.refetch()}
            backTo="/DashboardTeacher"
            backLabel={t('term:gradebook.backToDashboard')}
          />
        ) : (
          <LoadingState />
        )}
      </>
    );
  }
  const data = book.data;
  const download = (f: 'csv' | 'xlsx') => {
    setFormat(f);
    exporting.mutate({ book: data, format: f });
  };
  const empty = data.students.length === 0 || data.assessments.length === 0;
  return (
    <Box>
      {header}
      <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={empty || exporting.isPending}
          onClick={() => download('csv')}
        >
          {exporting.isPending && format === 'csv'
            ? t('term:gradebook.export.exporting')
            : t('term:gradebook.export.csv')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={empty || exporting.isPending}
          onClick={() => download('xlsx')}
        >
          {exporting.isPending && format === 'xlsx'
            ? t('term:gradebook.export.exporting')
            : t('term:gradebook.export.excel')}
        </Button>
      </Stack>
      {exporting.isError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => exporting.reset()}>
          {t('term:gradebook.export.failed', { reason: errorMessage(exporting.error) ?? String(exporting.error) })}
        </Alert>
      )}
      {data.students.length === 0 ? (
        <EmptyState message={t('term:gradebook.noStudents')} />
      ) : data.assessments.length === 0 ? (
        <EmptyState message={t('term:gradebook.noAssessments')} />
      ) : (
        <GradebookTable book={data} />
      )}
      <WeightsForm classId={classId} weights={data.weights} isDefault={data.default_weights} />
    </Box>
  );
}
