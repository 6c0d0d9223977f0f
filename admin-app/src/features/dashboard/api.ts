import { queryOptions } from '@tanstack/react-query';
import { reportsApi, statsApi } from '@kelasku/shared-api';

export const statsKeys = { all: ['stats'] as const, admin: () => ['stats', 'admin'] as const };
export const reportKeys = { all: ['reports'] as const };

/** The per-class task and exam counts of the dashboard's charts. */
export const adminStatsQuery = () => queryOptions({ queryKey: statsKeys.admin(), queryFn: () => statsApi.admin() });

/** Reports on one page of the dashboard's list. */
export const REPORTS_PAGE_SIZE = 20;

/** One page of the reported discussion messages, newest first. */
export const reportsQuery = (page: number) =>
  queryOptions({ queryKey: [...reportKeys.all, page], queryFn: () => reportsApi.page(page, REPORTS_PAGE_SIZE) });
