import { hashKey, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Submission, SubmissionDetail } from '@kelasku/shared-api';
import { dashboardKeys, gradesKeys, reviewKeys } from '../../lib/query-keys';
import { workApi, type WorkRef } from '../../lib/work';

export { submissionsQuery } from '../../lib/submissions';

/** One student's answers, scores and essay details. */
export const sheetQuery = (work: WorkRef, studentId: number) =>
  queryOptions({
    queryKey: gradesKeys.sheet(work, studentId),
    queryFn: () => workApi(work.kind).submission(work.id, studentId),
  });

/**
 * After the teacher scored or confirmed an essay: the sheet shows the server's new score at once (no refetch), and
 * what is counted from the scores (the grades list, the analysis, the review list, the dashboard) reads again.
 */
export function essayScored(
  queryClient: QueryClient,
  work: WorkRef,
  studentId: number,
  sheet: SubmissionDetail,
): Promise<void> {
  const sheetKey = sheetQuery(work, studentId).queryKey;
  queryClient.setQueryData(sheetKey, sheet);
  return Promise.all([
    // Everything of this work (its list, its analysis, other sheets) but the sheet just set from the server's answer.
    queryClient.invalidateQueries({
      queryKey: gradesKeys.ofWork(work),
      predicate: (q) => hashKey(q.queryKey) !== hashKey(sheetKey),
    }),
    queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]).then(() => undefined);
}

/**
 * The teacher's score (and comment) for one essay of a student's sheet; without a comment, the confirmation of its
 * automatic score. The sheet takes the server's new total and details at once (essayScored).
 */
export function useScoreEssay(work: WorkRef, studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, score, comment }: { number: number; score: number; comment?: string }) =>
      comment === undefined
        ? workApi(work.kind).setEssayScore(work.id, studentId, number, score) // a confirmation sends no comment at all
        : workApi(work.kind).setEssayScore(work.id, studentId, number, score, comment),
    onSuccess: (grade) => {
      const sheet = queryClient.getQueryData(sheetQuery(work, studentId).queryKey);
      if (!sheet) return queryClient.invalidateQueries({ queryKey: gradesKeys.ofWork(work) });
      const detail = (grade.detail ?? sheet.detail) as SubmissionDetail['detail'];
      void essayScored(queryClient, work, studentId, { ...sheet, score: grade.score, detail });
    },
  });
}

/** Builds and saves the grades as an Excel file; the writer loads only now, with the export module (never with the screen). */
export function useGradesExport() {
  return useMutation({
    mutationFn: async ({ work, rows }: { work: WorkRef; rows: Submission[] }) => {
      const { exportGradesXlsx } = await import('./xlsx-export');
      await exportGradesXlsx(work, rows);
    },
  });
}
