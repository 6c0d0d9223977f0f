import { queryOptions } from '@tanstack/react-query';
import { gradesKeys } from '../../lib/query-keys';
import type { WorkRef } from '../../lib/work';
import { fetchAnalysis } from './transport';

/** Under the work's grades key: every change of a grade makes the analysis read again. */
export const analysisKeys = {
  of: (work: WorkRef) => [...gradesKeys.ofWork(work), 'analysis'] as const,
};

export const analysisQuery = (work: WorkRef) =>
  queryOptions({ queryKey: analysisKeys.of(work), queryFn: () => fetchAnalysis(work) });
