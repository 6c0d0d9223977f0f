import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsApi, statsApi } from '@kelasku/shared-api';
import { statsKeys } from '../../lib/cache';

export const reportKeys = { all: ['reports'] as const };

/** The per-class task and exam counts of the dashboard's charts. */
export const adminStatsQuery = () => queryOptions({ queryKey: statsKeys.admin(), queryFn: () => statsApi.admin() });

/** Reports on one page of the dashboard's list. */
export const REPORTS_PAGE_SIZE = 20;

/** One page of the reported discussion messages, newest first. */
export const reportsQuery = (page: number) =>
  queryOptions({ queryKey: [...reportKeys.all, page], queryFn: () => reportsApi.page(page, REPORTS_PAGE_SIZE) });

/** Delete (the message and every report on it) or dismiss (the reports only); the report list is read again. */
export function useReportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'delete' | 'dismiss'; id: number }) =>
      action === 'delete' ? reportsApi.remove(id) : reportsApi.dismiss(id),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
