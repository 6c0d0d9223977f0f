import { queryOptions } from '@tanstack/react-query';
import { reportsApi, statsApi } from '@kelasku/shared-api';

export const statsKeys = { all: ['stats'] as const, admin: () => ['stats', 'admin'] as const };
export const reportKeys = { all: ['reports'] as const };

/** The per-class task and exam counts of the dashboard's charts. */
export const adminStatsQuery = () => queryOptions({ queryKey: statsKeys.admin(), queryFn: () => statsApi.admin() });

/** The reported discussion messages. */
export const reportsQuery = () => queryOptions({ queryKey: reportKeys.all, queryFn: () => reportsApi.list() });
