import type { AdminStats } from '@kelasku/shared-api';

export type ClassStats = AdminStats['classes'][number];

/** Axis labels that stay unique when two grades have classes with the same name (a band axis needs distinct values). */
export function classLabels(classes: ClassStats[]): string[] {
  const count = new Map<string, number>();
  classes.forEach((c) => count.set(c.name, (count.get(c.name) ?? 0) + 1));
  const labels = classes.map((c) => ((count.get(c.name) ?? 0) > 1 ? `${c.name} (${c.grade}th)` : c.name));
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

export function taskChart(classes: ClassStats[]): ChartSpec {
  return {
    title: 'Student Tasks per Class',
    series: [
      { id: 'completed', label: 'Completed', color: DONE, values: classes.map((c) => c.tasks_completed) },
      { id: 'uncompleted', label: 'Uncompleted', color: NOT_DONE, values: classes.map((c) => c.tasks_uncompleted) },
    ],
  };
}

export function examChart(classes: ClassStats[]): ChartSpec {
  return {
    title: 'Exam Progression per Class',
    series: [
      { id: 'exam_done', label: 'Worked on the exam', color: DONE, values: classes.map((c) => c.exam_done) },
      { id: 'exam_not_done', label: 'Not yet', color: NOT_DONE, values: classes.map((c) => c.exam_not_done) },
    ],
  };
}
