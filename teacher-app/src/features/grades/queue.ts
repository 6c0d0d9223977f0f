import type { Submission } from '@kelasku/shared-api';

export type GradesFilter = 'all' | 'review' | 'not-submitted';
export type GradesSort = 'submitted' | 'name' | 'score';

/** Each filter with the message key of its label. */
export const FILTERS: { value: GradesFilter; labelKey: string }[] = [
  { value: 'all', labelKey: 'grades.filter.all' },
  { value: 'review', labelKey: 'grades.filter.review' },
  { value: 'not-submitted', labelKey: 'grades.filter.notSubmitted' },
];

/** Each order with the message key of its label. */
export const SORTS: { value: GradesSort; labelKey: string }[] = [
  { value: 'submitted', labelKey: 'grades.sort.submitted' },
  { value: 'name', labelKey: 'grades.sort.name' },
  { value: 'score', labelKey: 'grades.sort.score' },
];

/** A deactivated student is listed for the work they left, but no longer counted (the server's members rule). */
export const counted = (row: Submission) => row.active !== false;

/** A sheet with an essay waiting for a score or an automatic score the teacher has not confirmed. */
export const needsReview = (r: Submission) => r.status === 'Submitted' && Boolean(r.needs_review);

/** The review order: pending essays, then automatic scores, then other submitted sheets, in progress, not started. */
function rank(r: Submission): number {
  if (r.status !== 'Submitted') return r.status === 'In progress' ? 4 : 5;
  if ((r.pending_essays ?? 0) > 0) return 1;
  if (needsReview(r)) return 2;
  return 3;
}

const byName = (a: Submission, b: Submission) => a.name.localeCompare(b.name) || a.student_id - b.student_id;

export function sortRows(rows: Submission[], sort: GradesSort): Submission[] {
  const out = [...rows];
  if (sort === 'name') return out.sort(byName);
  if (sort === 'score') return out.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || byName(a, b));
  return out.sort((a, b) => rank(a) - rank(b) || byName(a, b));
}

export function filterRows(rows: Submission[], filter: GradesFilter): Submission[] {
  if (filter === 'review') return rows.filter(needsReview);
  if (filter === 'not-submitted') return rows.filter((r) => r.status !== 'Submitted');
  return rows;
}

export function parseFilter(value: string | null): GradesFilter {
  return FILTERS.some((f) => f.value === value) ? (value as GradesFilter) : 'all';
}

export function parseSort(value: string | null): GradesSort {
  return SORTS.some((s) => s.value === value) ? (value as GradesSort) : 'submitted';
}

/** The next sheet to review after `studentId`, in review order (wrapping round); null when no other sheet needs it. */
export function nextToReview(rows: Submission[], studentId: number): Submission | null {
  const ordered = sortRows(rows, 'submitted');
  const at = ordered.findIndex((r) => r.student_id === studentId);
  const start = at + 1; // 0 when the student is not listed
  for (let i = 0; i < ordered.length; i++) {
    const r = ordered[(start + i) % ordered.length];
    if (r.student_id !== studentId && needsReview(r)) return r;
  }
  return null;
}
