import i18next from 'i18next';
import type { ReviewItem } from './review-transport';

/** The item's grades screen with the "Needs review" filter on (read by grades/queue.ts parseFilter). */
export function gradesLink(item: Pick<ReviewItem, 'kind' | 'id'>): string {
  const idParam = item.kind === 'exam' ? 'exam_id' : 'exercise_id';
  return `/Grades?${idParam}=${item.id}&filter=review`;
}

/** What the item is: "Exam", or "Exercise · <material>". */
export function itemKindLine(item: Pick<ReviewItem, 'kind' | 'material_title'>): string {
  if (item.kind === 'exam') return i18next.t('teacher:review.kind.exam');
  return item.material_title
    ? i18next.t('teacher:review.kind.exerciseOf', { material: item.material_title })
    : i18next.t('teacher:review.kind.exercise');
}

export const studentsToReview = (count: number) => i18next.t('teacher:review.studentsToReview', { count });
