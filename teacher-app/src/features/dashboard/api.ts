import { queryOptions } from '@tanstack/react-query';
import { statsApi } from '@kelasku/shared-api';

/** The dashboard's figures built from the teacher's data. */
export const dashboardKeys = {
  all: ['teacher-stats'] as const,
};

export const teacherStatsQuery = () => queryOptions({ queryKey: dashboardKeys.all, queryFn: () => statsApi.teacher() });
