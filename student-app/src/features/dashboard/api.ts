import { queryOptions } from '@tanstack/react-query';
import { statsApi, todoApi } from '@kelasku/shared-api';
import { dashboardKeys } from '../../lib/query-keys';

/** The student's progress numbers (materials, tasks, exams). */
export const studentStatsQuery = () =>
  queryOptions({ queryKey: dashboardKeys.stats(), queryFn: () => statsApi.student() });

/**
 * What the student has to do now. Exams open and close with the clock, so a return to the dashboard always asks
 * again (the last list is shown meanwhile).
 */
export const studentTodoQuery = () =>
  queryOptions({ queryKey: dashboardKeys.todo(), queryFn: () => todoApi.student(), staleTime: 0 });
