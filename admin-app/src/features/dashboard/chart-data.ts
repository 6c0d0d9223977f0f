import type { TFunction } from 'i18next';
import type { AdminStats } from '@kelasku/shared-api';

export type ClassStats = AdminStats['classes'][number];

/** Axis labels (in the active language) that stay unique when two grades have classes with the same name (a band axis needs distinct values). */
export function classLabels(classes: ClassStats[], t: TFunction<'admin'>): string[] {
  const count = new Map<string, number>();
  classes.forEach((c) => count.set(c.name, (count.get(c.name) ?? 0) + 1));
  const labels = classes.map((c) =>
    (count.get(c.name) ?? 0) > 1 ? t('charts.classOfGrade', { name: c.name, grade: c.grade }) : c.name,
  );
  const seen = new Set<string>();
  return labels.map((label, i) => {
    const unique = seen.has(label) ? `${label} #${classes[i].class_id}` : label;
    seen.add(unique);
    return unique;
  });
}

export interface ChartSeries {
  id: string;
  label: string;
  color: string;
  values: number[];
}

// Done in the theme's indigo, not done in amber: distinct for the common colour-vision deficiencies.
const DONE = '#3949ab';
const NOT_DONE = '#f59e0b';

export interface ChartSpec {
  title: string;
  series: ChartSeries[];
}

// Titles and labels in the language of `t` (the admin namespace's).
export function taskChart(classes: ClassStats[], t: TFunction<'admin'>): ChartSpec {
  return {
    title: t('charts.tasks.title'),
    series: [
      {
        id: 'completed',
        label: t('charts.tasks.completed'),
        color: DONE,
        values: classes.map((c) => c.tasks_completed),
      },
      {
        id: 'uncompleted',
        label: t('charts.tasks.uncompleted'),
        color: NOT_DONE,
        values: classes.map((c) => c.tasks_uncompleted),
      },
    ],
  };
}

export function examChart(classes: ClassStats[], t: TFunction<'admin'>): ChartSpec {
  return {
    title: t('charts.exams.title'),
    series: [
      { id: 'exam_done', label: t('charts.exams.done'), color: DONE, values: classes.map((c) => c.exam_done) },
      {
        id: 'exam_not_done',
        label: t('charts.exams.notDone'),
        color: NOT_DONE,
        values: classes.map((c) => c.exam_not_done),
      },
    ],
  };
}
