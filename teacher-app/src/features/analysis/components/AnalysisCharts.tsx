// The analysis charts (@mui/x-charts), in a chunk of their own: the figures and tables show before it arrives.
// Each chart repeats a table of the screen, which is what screen readers read (the chart is one labelled image).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { kelaskuColors } from '@kelasku/shared-ui';
import type { ItemAnalysis, QuestionAnalysis } from '../transport';
import { binLabel, essayQuestions, mcQuestions, OPTION_KEYS, questionLabel } from '../analysis-view';

const HEIGHT = 240;
const MARGIN = { left: 0, right: 8, top: 8, bottom: 0 };
const OPTION_COLORS = ['#3949ab', '#00897b', '#f9a825', '#8e24aa', '#9e9e9e', '#6d4c41'];
const BIN_COLORS = ['#c62828', '#ef6c00', '#f9a825', '#7cb342', '#2e7d32'];

function Figure({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={label} data-testid={id} sx={{ width: '100%', minWidth: 0 }}>
      {children}
    </Box>
  );
}

/** Students per question as stacked bars, one series per answer or score band, the legend under the chart. */
function QuestionBars({
  label,
  id,
  height,
  questions,
  series,
}: {
  label: string;
  id: string;
  height: number;
  questions: QuestionAnalysis[];
  series: { label: string; color: string; data: number[]; stack: string }[];
}) {
  const { t } = useTranslation('teacher');
  return (
    <Figure label={label} id={id}>
      <BarChart
        height={height}
        margin={MARGIN}
        xAxis={[{ scaleType: 'band', data: questions.map(questionLabel) }]}
        yAxis={[{ label: t('analysis.students'), tickMinStep: 1, width: 44 }]}
        series={series}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </Figure>
  );
}

export function ScoreDistributionChart({ analysis }: { analysis: ItemAnalysis }) {
  const { t } = useTranslation('teacher');
  return (
    <Figure label={t('analysis.charts.scores')} id="chart-scores">
      <BarChart
        height={HEIGHT}
        margin={MARGIN}
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: analysis.score_bins.map((b) => binLabel(b)),
            label: t('analysis.charts.score'),
            tickLabelStyle: { fontSize: 10 },
          },
        ]}
        yAxis={[{ label: t('analysis.students'), tickMinStep: 1, width: 44 }]}
        series={[
          {
            data: analysis.score_bins.map((b) => b.count),
            label: t('analysis.students'),
            color: kelaskuColors.primary,
          },
        ]}
      />
    </Figure>
  );
}

/** Share correct per multiple-choice question, 0–100 %. */
export function CorrectShareChart({ analysis }: { analysis: ItemAnalysis }) {
  const questions = mcQuestions(analysis);
  const { t } = useTranslation('teacher');
  return (
    <Figure label={t('analysis.charts.correct')} id="chart-correct">
      <BarChart
        height={HEIGHT}
        margin={MARGIN}
        hideLegend
        xAxis={[{ scaleType: 'band', data: questions.map(questionLabel) }]}
        yAxis={[{ min: 0, max: 100, label: t('analysis.charts.correctAxis'), width: 44 }]}
        series={[
          {
            data: questions.map((q) => Math.round((q.correct_share ?? 0) * 100)),
            label: t('analysis.mc.correct'),
            color: kelaskuColors.accent,
            valueFormatter: (v) => (v == null ? '' : `${v}%`),
          },
        ]}
      />
    </Figure>
  );
}

/** How many chose each option, stacked per question (distractor analysis). */
export function OptionsChart({ analysis }: { analysis: ItemAnalysis }) {
  const questions = mcQuestions(analysis);
  const { t } = useTranslation('teacher');
  const keys = [...OPTION_KEYS, 'none', 'other'] as const;
  const labels = ['A', 'B', 'C', 'D', t('analysis.mc.noAnswer'), t('analysis.mc.other')];
  const series = keys
    .map((k, i) => ({ k, label: labels[i], color: OPTION_COLORS[i], data: questions.map((q) => q.options?.[k] ?? 0) }))
    .filter((s) => s.k !== 'other' || s.data.some((v) => v > 0))
    .map(({ label, color, data }) => ({ label, color, data, stack: 'options' }));
  return (
    <QuestionBars
      label={t('analysis.charts.options')}
      id="chart-options"
      height={HEIGHT + 40}
      questions={questions}
      series={series}
    />
  );
}

/** Essay scores per question, in fifths of the question's marks, stacked; pending essays on top. */
export function EssayChart({ analysis }: { analysis: ItemAnalysis }) {
  const questions = essayQuestions(analysis);
  const { t } = useTranslation('teacher');
  const fifths = ['0–20%', '20–40%', '40–60%', '60–80%', '80–100%'];
  const series = [
    ...fifths.map((label, i) => ({
      label,
      color: BIN_COLORS[i],
      data: questions.map((q) => q.score_bins?.[i]?.count ?? 0),
      stack: 'essay',
    })),
    {
      label: t('analysis.essays.pending'),
      color: '#9e9e9e',
      data: questions.map((q) => q.pending ?? 0),
      stack: 'essay',
    },
  ];
  return (
    <QuestionBars
      label={t('analysis.charts.essays')}
      id="chart-essays"
      height={HEIGHT + 60}
      questions={questions}
      series={series}
    />
  );
}
