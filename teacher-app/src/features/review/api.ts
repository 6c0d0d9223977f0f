import { getData } from '@kelasku/shared-api';

/** One exercise or the exam of a class with sheets to review (GET /classes/to-review, docs/api.md §2.14). */
export interface ReviewItem {
  kind: 'exercise' | 'exam';
  id: number;
  title: string;
  material_id: number | null;
  material_title: string | null;
  /** submitted sheets with pending or unconfirmed automatic essay scores */
  to_review: number;
  /** of them, sheets with an essay waiting for a score */
  pending_sheets: number;
  /** of them, sheets with an automatic score the teacher has not confirmed */
  auto_scored_sheets: number;
  /** UTC, RFC 3339 */
  oldest_submitted_at: string;
}

export interface ClassReviewList {
  class_id: number;
  class_name: string;
  /** pending first, then the one waiting longest */
  items: ReviewItem[];
}

export const classReviewList = (classId: number) => getData<ClassReviewList>('/classes/to-review', { id: classId });
