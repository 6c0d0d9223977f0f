import i18next from 'i18next';
import { parseWibMonth } from '@kelasku/shared-rules/src/wib';
import { INDONESIAN_MONTHS } from '@kelasku/shared-ui/src/dates';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import type { TeacherStats } from '@kelasku/shared-api';

/** 'YYYY-MM' → 'Jan 2025' style label with the Indonesian month name shortened. */
export function monthLabel(month: string): string {
  const parsed = parseWibMonth(month);
  return parsed ? `${INDONESIAN_MONTHS[parsed.month].slice(0, 3)} ${parsed.year}` : month;
}

export function performanceSeries(stats: TeacherStats) {
  const sorted = [...stats.performance].sort((a, b) => a.grade - b.grade);
  return {
    labels: sorted.map((p) => i18next.t('teacher:dashboard.performance.gradeShort', { grade: p.grade })),
    averages: sorted.map((p) => (p.average == null ? null : Math.round(p.average * 100) / 100)),
  };
}

export function submissionSeries(stats: TeacherStats) {
  const sorted = [...stats.submissions].sort((a, b) => a.month.localeCompare(b.month));
  return { labels: sorted.map((s) => monthLabel(s.month)), counts: sorted.map((s) => s.count) };
}

/** Text version of a chart for screen readers and for readers who prefer numbers; `empty` stands for a missing value. */
export function describeSeries(labels: string[], values: (number | null)[], empty: string): string {
  return labels
    .map((label, i) => {
      const value = values[i];
      return `${label}: ${value == null ? empty : formatNumber(value)}`;
    })
    .join(', ');
}
