import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SubmissionDetail } from '@kelasku/shared-api';
import { dashboardKeys, gradesKeys, reviewKeys } from '../../lib/query-keys';
import { workApi, type WorkRef } from '../../lib/work';

export { submissionsQuery } from '../../lib/submissions';

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
