import { queryOptions } from '@tanstack/react-query';
import { statsApi } from '@kelasku/shared-api';
import { dashboardKeys, reviewKeys } from '../../lib/query-keys';
import { classReviewList } from './review-transport';

export const teacherStatsQuery = () => queryOptions({ queryKey: dashboardKeys.all, queryFn: () => statsApi.teacher() });

/** One class's "To review" list. */
export const classReviewQuery = (classId: number) =>
  queryOptions({ queryKey: reviewKeys.ofClass(classId), queryFn: () => classReviewList(classId) });
