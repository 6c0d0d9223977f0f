import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SubmissionDetail } from '@kelasku/shared-api';
import { reviewKeys } from '../review/api';
import { dashboardKeys } from '../dashboard/api';
import { workApi, type WorkRef } from './kind';

/** An exercise's or exam's grades: every student's row, and one student's sheet. */
export const gradesKeys = {
  all: ['grades'] as const,
  ofWork: (work: WorkRef) => [...gradesKeys.all, work.kind, work.id] as const,
  submissions: (work: WorkRef) => [...gradesKeys.ofWork(work), 'submissions'] as const,
  sheet: (work: WorkRef, studentId: number) => [...gradesKeys.ofWork(work), 'sheet', studentId] as const,
};

/** Every student of the class with status and score (the grades table, "Next student", the shuffle preview). */
export const submissionsQuery = (work: WorkRef) =>
  queryOptions({ queryKey: gradesKeys.submissions(work), queryFn: () => workApi(work.kind).submissions(work.id) });

/** One student's answers, scores and essay details. */
export const sheetQuery = (work: WorkRef, studentId: number) =>
  queryOptions({ queryKey: gradesKeys.sheet(work, studentId), queryFn: () => workApi(work.kind).submission(work.id, studentId) });

/**
 * After the teacher scored or confirmed an essay: the sheet shows the server's new score at once (no refetch), and
 * what is counted from the scores (the grades list, the analysis, the review list, the dashboard) reads again.
 */
export function essayScored(queryClient: QueryClient, work: WorkRef, studentId: number, sheet: SubmissionDetail): Promise<void> {
  const sheetKey = sheetQuery(work, studentId).queryKey;
  queryClient.setQueryData(sheetKey, sheet);
  return Promise.all([
    // Everything of this work (its list, its analysis, other sheets) but the sheet just set from the server's answer.
    queryClient.invalidateQueries({ queryKey: gradesKeys.ofWork(work), predicate: (q) => hashKey(q.queryKey) !== hashKey(sheetKey) }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]).then(() => undefined);
}
