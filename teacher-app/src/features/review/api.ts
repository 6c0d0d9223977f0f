import { queryOptions } from '@tanstack/react-query';
import { classReviewList } from './transport';

/** The dashboard's "To review" lists, one per class. */
export const reviewKeys = {
  all: ['to-review'] as const,
  ofClass: (classId: number) => [...reviewKeys.all, classId] as const,
};

export const classReviewQuery = (classId: number) =>
  queryOptions({ queryKey: reviewKeys.ofClass(classId), queryFn: () => classReviewList(classId) });
