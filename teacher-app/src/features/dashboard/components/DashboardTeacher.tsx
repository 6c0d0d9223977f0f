import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Banner } from '@kelasku/shared-ui/src/Banner';
import { EmptyState, ErrorState, LoadingState, useAfterUsable, useUsableMark } from '@kelasku/shared-ui/src/states';
import { WelcomeLine } from '@kelasku/shared-ui/src/WelcomeLine';
import { formatDateId, formatWibRange } from '@kelasku/shared-ui/src/dates';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import type { ExamStatus, TeacherStats } from '@kelasku/shared-api';
import { teacherStatsQuery } from '../api';
import { quoteOfTheDay } from '../quotes';
import { describeSeries, performanceSeries, submissionSeries } from '../stats-view';
import { ReviewPanelFrame } from './ReviewPanelFrame';

const PerformanceChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.PerformanceChart })));
const SubmissionsChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.SubmissionsChart })));
// Its own chunk, fetched after the dashboard's first paint: the dashboard chunk itself does not grow.
const ToReviewPanel = lazy(() => import('./ToReviewPanel'));
// Rendered, and its chunk fetched, only once the dashboard is usable (see DashboardTeacher).
const UnansweredDiscussions = lazy(() => import('./UnansweredDiscussions'));

const EXAM_STATUS_KEY = {
  Scheduled: 'dashboard.exams.status.scheduled',
  Active: 'dashboard.exams.status.active',
  Completed: 'dashboard.exams.status.completed',
} as const satisfies Record<ExamStatus, string>;

function Panel({ title, id, children, wide }: { title: string; id: string; children: ReactNode; wide?: boolean }) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      sx={{ p: 2.5, minWidth: 0, gridColumn: wide ? { md: 'span 2' } : undefined }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ChartSlot({ summary, children }: { summary: string; children: ReactNode }) {
  const { t } = useTranslation('teacher');
  // The charts' chunk (x-charts, ~100 KB) is requested once the dashboard is usable, not with the statistics.
  const chartsDue = useAfterUsable();
  const loading = <LoadingState text={t('dashboard.loadingChart')} />;
  return (
    <>
      <Box sx={{ minHeight: 240 }}>
        <Suspense fallback={loading}>{chartsDue ? children : loading}</Suspense>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </>
  );
}

function Panels({ stats, later }: { stats: TeacherStats; later: boolean }) {
  const performance = performanceSeries(stats);
  const submissions = submissionSeries(stats);
  const quote = quoteOfTheDay();
  const { t } = useTranslation('teacher');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Panel title={t('dashboard.performance.title')} id="panel-performance">
        {performance.labels.length === 0 ? (
          <EmptyState message={t('dashboard.performance.empty')} />
        ) : (
          <ChartSlot
            summary={t('dashboard.performance.summary', {
              series: describeSeries(performance.labels, performance.averages, t('dashboard.performance.noGrades')),
            })}
          >
            <PerformanceChart labels={performance.labels} averages={performance.averages} />
          </ChartSlot>
        )}
      </Panel>
      <Panel title={t('dashboard.submissions.title')} id="panel-submissions">
        {submissions.labels.length === 0 ? (
          <EmptyState message={t('dashboard.submissions.empty')} />
        ) : (
          <ChartSlot
            summary={t('dashboard.submissions.summary', {
              series: describeSeries(submissions.labels, submissions.counts, t('dashboard.noData')),
            })}
          >
            <SubmissionsChart labels={submissions.labels} counts={submissions.counts} />
          </ChartSlot>
        )}
      </Panel>
      <Panel title={t('dashboard.active.title')} id="panel-active">
        <Typography sx={{ fontSize: '3rem', fontWeight: 800, lineHeight: 1.1, color: 'primary.main' }}>
          {formatNumber(stats.active_today)}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.active.text')}</Typography>
      </Panel>
      <Panel title={t('dashboard.exams.title')} id="panel-exams" wide>
        {stats.upcoming_exams.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.exams.empty')}</Typography>
        ) : (
          <List dense disablePadding>
            {stats.upcoming_exams.map((exam) => (
              <ListItem key={exam.id} disableGutters divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/PreviewAnExam?class_id=${exam.class_id}`}>
                      {exam.title} — {exam.class_name}
                    </Link>
                  }
                  secondary={`${formatDateId(exam.start_time)}, ${formatWibRange(exam.start_time, exam.end_time)}`}
                />
                <Chip
                  size="small"
                  label={t(EXAM_STATUS_KEY[exam.status])}
                  color={exam.status === 'Active' ? 'success' : 'default'}
                  sx={{ ml: 1 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Panel>
      <Panel title={t('dashboard.quote.title')} id="panel-quote">
        <Box component="figure" sx={{ m: 0 }}>
          <Typography component="blockquote" sx={{ m: 0, fontStyle: 'italic', fontSize: '1.1rem' }}>
            “{t(quote.text)}”
          </Typography>
          <Typography component="figcaption" color="text.secondary" sx={{ mt: 1 }}>
            — {t(quote.author)}
          </Typography>
        </Box>
      </Panel>
      {/* Last in the grid: arriving later, it moves nothing above it. */}
      {later && (
        <Suspense fallback={null}>
          <UnansweredDiscussions />
        </Suspense>
      )}
    </Box>
  );
}

/** /DashboardTeacher: greeting and panels built from the teacher's real data (GET /stats/teacher). */
export default function DashboardTeacher() {
  const stats = useQuery(teacherStatsQuery());
  const { t } = useTranslation('teacher');
  // Usable once the panels' numbers are in (or failed); the To-review panel fills in on its own.
  useUsableMark(!stats.isPending);
  // Set by an effect after the mark's own (effects run in order): what is fetched for `later` comes after the mark.
  const [later, setLater] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one commit late on purpose: the mark's effect runs first
  useEffect(() => setLater(stats.data !== undefined), [stats.data]);
  return (
    <Box>
      <Banner title={t('dashboard.title')} />
      <WelcomeLine fallback={t('dashboard.teacherFallback')} />
      <Suspense
        fallback={
          <ReviewPanelFrame>
            <LoadingState text={t('dashboard.loadingReview')} />
          </ReviewPanelFrame>
        }
      >
        <ToReviewPanel />
      </Suspense>
      {!stats.data ? (
        stats.isError ? (
          <ErrorState message={t('dashboard.failed')} error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <Panels stats={stats.data} later={later} />
      )}
    </Box>
  );
}
