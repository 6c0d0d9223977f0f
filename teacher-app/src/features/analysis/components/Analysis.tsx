import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { EmptyState, LoadFailure, LoadingState, MathText, NotFoundState } from '@kelasku/shared-ui';
import { formatNumber, formatScore } from '@kelasku/shared-ui/src/numbers';
import { downloadCsv } from '@kelasku/shared-api/src/csv';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { workFromParams, workQuery } from '../../../lib/work';
import type { ItemAnalysis, QuestionAnalysis } from '../transport';
import { analysisQuery } from '../api';
import {
  analysisCsvRows,
  binLabel,
  essayQuestions,
  hasOtherAnswers,
  mcQuestions,
  OPTION_KEYS,
  percent,
  questionLabel,
} from '../analysis-view';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

// x-charts arrives in its own chunk after the figures: a phone on a weak connection reads the tables first.
const charts = () => import('./AnalysisCharts');
const ScoreDistributionChart = lazy(() => charts().then((m) => ({ default: m.ScoreDistributionChart })));
const CorrectShareChart = lazy(() => charts().then((m) => ({ default: m.CorrectShareChart })));
const OptionsChart = lazy(() => charts().then((m) => ({ default: m.OptionsChart })));
const EssayChart = lazy(() => charts().then((m) => ({ default: m.EssayChart })));

const tableSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
  bgcolor: 'background.paper',
  '& th, & td': { px: { xs: 1, sm: 2 } },
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2, minWidth: 0 }}
    >
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

function ChartFailed() {
  const { t } = useTranslation('teacher');
  return (
    <Typography variant="body2" color="text.secondary">
      {t('analysis.chartFailed')}
    </Typography>
  );
}

/** A chart that fails (its chunk did not load, the browser cannot draw it) leaves the figures and tables in place. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <ChartFailed />;
    return this.props.children;
  }
}

function ChartSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation('teacher');
  return (
    <ChartBoundary>
      <Suspense fallback={<LoadingState text={t('analysis.loadingChart')} />}>{children}</Suspense>
    </ChartBoundary>
  );
}

/** The question's number, and its text on a second line (at most two lines, the rest in the CSV). */
function QuestionCell({ q }: { q: QuestionAnalysis }) {
  return (
    <TableCell component="th" scope="row" sx={{ minWidth: 96, maxWidth: 220 }}>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {questionLabel(q)}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        <MathText text={q.text} />
      </Typography>
    </TableCell>
  );
}

function ScoreTable({ analysis }: { analysis: ItemAnalysis }) {
  const { t } = useTranslation('teacher');
  return (
    <TableContainer sx={tableSx}>
      <Table size="small" aria-label={t('analysis.scores.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('analysis.scores.range')}</TableCell>
            <TableCell align="right">{t('analysis.students')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {analysis.score_bins.map((b) => (
            <TableRow key={b.from}>
              <TableCell component="th" scope="row">
                {binLabel(b)}
              </TableCell>
              <TableCell align="right">{b.count}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ChoiceTable({ analysis }: { analysis: ItemAnalysis }) {
  const { t } = useTranslation('teacher');
  const other = hasOtherAnswers(analysis);
  return (
    <TableContainer sx={tableSx}>
      <Table size="small" aria-label={t('analysis.mc.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('analysis.question')}</TableCell>
            <TableCell align="right">{t('analysis.answered')}</TableCell>
            <TableCell align="right">{t('analysis.mc.correct')}</TableCell>
            <TableCell align="center">{t('analysis.mc.key')}</TableCell>
            {OPTION_KEYS.map((k) => (
              <TableCell key={k} align="right">
                {k.toUpperCase()}
              </TableCell>
            ))}
            <TableCell align="right">{t('analysis.mc.noAnswer')}</TableCell>
            {other && <TableCell align="right">{t('analysis.mc.other')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {mcQuestions(analysis).map((q) => (
            <TableRow key={q.n}>
              <QuestionCell q={q} />
              <TableCell align="right">{q.answered}</TableCell>
              <TableCell align="right">
                {percent(q.correct_share)} ({q.correct})
              </TableCell>
              <TableCell align="center">{q.key?.toUpperCase()}</TableCell>
              {OPTION_KEYS.map((k) => (
                <TableCell
                  key={k}
                  align="right"
                  sx={k === q.key ? { fontWeight: 700, color: 'success.dark' } : undefined}
                >
                  {q.options?.[k]}
                </TableCell>
              ))}
              <TableCell align="right">{q.options?.none}</TableCell>
              {other && <TableCell align="right">{q.options?.other}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EssayTable({ analysis }: { analysis: ItemAnalysis }) {
  const questions = essayQuestions(analysis);
  const bins = questions[0]?.score_bins ?? [];
  const { t } = useTranslation('teacher');
  return (
    <TableContainer sx={tableSx}>
      <Table size="small" aria-label={t('analysis.essays.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('analysis.question')}</TableCell>
            <TableCell align="right">{t('analysis.answered')}</TableCell>
            <TableCell align="right">{t('analysis.essays.average')}</TableCell>
            <TableCell align="right">{t('analysis.essays.pending')}</TableCell>
            {bins.map((_, i) => (
              <TableCell key={i} align="right">{`${i * 20}–${(i + 1) * 20}%`}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {questions.map((q) => (
            <TableRow key={q.n}>
              <QuestionCell q={q} />
              <TableCell align="right">{q.answered}</TableCell>
              <TableCell align="right">
                {q.average == null ? '-' : `${formatScore(q.average)} / ${formatScore(q.max)}`}
              </TableCell>
              <TableCell align="right">{q.pending}</TableCell>
              {(q.score_bins ?? []).map((b) => (
                <TableCell key={b.from} align="right" title={t('analysis.essays.binTitle', { range: binLabel(b) })}>
                  {b.count}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The figures above the charts (the CSV's first rows hold the same ones: analysisView's summaryRows). */
function summaryFigures(a: ItemAnalysis, t: TFunction<'teacher'>): [string, string][] {
  return [
    [
      t('analysis.summary.submitted'),
      t('analysis.summary.submittedOf', { submitted: formatNumber(a.submitted), students: formatNumber(a.students) }),
    ],
    [
      t('analysis.summary.average'),
      a.average == null ? '-' : `${formatScore(a.average)} / ${formatScore(a.total_marks)}`,
    ],
    ...(a.auto_submitted != null
      ? [[t('analysis.summary.autoSubmitted'), formatNumber(a.auto_submitted)] as [string, string]]
      : []),
    [t('analysis.summary.withPending'), formatNumber(a.with_pending)],
    [t('analysis.summary.inProgress'), formatNumber(a.in_progress)],
    [t('analysis.summary.notStarted'), formatNumber(a.not_started)],
  ];
}

function Summary({ analysis }: { analysis: ItemAnalysis }) {
  const { t } = useTranslation('teacher');
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 1.5, m: 0, mb: 2 }}
    >
      {summaryFigures(analysis, t).map(([label, value]) => (
        <Paper key={label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem' }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** The scores, then the multiple-choice and the essay questions (each only when the work has some): charts and tables. */
function AnalysisSections({ analysis }: { analysis: ItemAnalysis }) {
  const { t } = useTranslation('teacher');
  const hasMc = mcQuestions(analysis).length > 0;
  const hasEssays = essayQuestions(analysis).length > 0;
  return (
    <>
      <Section title={t('analysis.scores.title')}>
        <ChartSlot>
          <ScoreDistributionChart analysis={analysis} />
        </ChartSlot>
        <ScoreTable analysis={analysis} />
      </Section>
      {hasMc && (
        <Section title={t('analysis.mc.title')}>
          <ChartSlot>
            <CorrectShareChart analysis={analysis} />
          </ChartSlot>
          <ChartSlot>
            <OptionsChart analysis={analysis} />
          </ChartSlot>
          <ChoiceTable analysis={analysis} />
        </Section>
      )}
      {hasEssays && (
        <Section title={t('analysis.essays.title')}>
          <ChartSlot>
            <EssayChart analysis={analysis} />
          </ChartSlot>
          <EssayTable analysis={analysis} />
        </Section>
      )}
    </>
  );
}

/** /Analysis?exercise_id= or ?exam_id=: item analysis of one exercise or exam, as charts, tables and a CSV file. */
export default function Analysis() {
  const [params] = useSearchParams();
  const work = workFromParams(params);
  const goBack = useGoBack(work ? `/Grades?${workQuery(work)}` : '/DashboardTeacher');
  const { t } = useTranslation('teacher');
  const data = useQuery({ ...analysisQuery(work ?? { kind: 'exercise', id: 0 }), enabled: work != null });

  if (!work)
    return (
      <NotFoundState
        message={t('analysis.noWork')}
        backTo="/DashboardTeacher"
        backLabel={t('analysis.backToDashboard')}
      />
    );
  const isExam = work.kind === 'exam';
  const a = data.data;
  const header = (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('analysis.back')}
      </Button>
      <PageTitle>{isExam ? t('analysis.title.exam') : t('analysis.title.exercise')}</PageTitle>
    </>
  );
  if (!a) {
    if (!data.isError)
      return (
        <>
          {header}
          <LoadingState />
        </>
      );
    return (
      <>
        {header}
        <LoadFailure
          error={data.error}
          what={isExam ? t('analysis.what.exam') : t('analysis.what.exercise')}
          failed={t('analysis.failed')}
          onRetry={() => void data.refetch()}
          backTo="/DashboardTeacher"
          backLabel={t('analysis.backToDashboard')}
        />
      </>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      {header}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ my: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {a.title}
        </Typography>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          onClick={() => downloadCsv(`${work.kind}-${work.id}-analysis.csv`, analysisCsvRows(a))}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('analysis.export')}
        </Button>
      </Stack>
      <Summary analysis={a} />
      {a.with_pending > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('analysis.pendingAlert', { count: a.with_pending })}
        </Alert>
      )}
      {a.submitted === 0 ? <EmptyState message={t('analysis.empty')} /> : <AnalysisSections analysis={a} />}
    </Box>
  );
}
