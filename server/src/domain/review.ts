/**
 * What a teacher still has to review, from stored grades: the one rule behind the submissions listing's marks
 * (GET /exercises/submissions, /exams/submissions) and the class's to-review list (GET /classes/to-review).
 * The per-essay rule itself is grading.ts `reviewMarks`.
 */
import type { Static } from 'typebox';
import type { reviewItemSchema } from '@kelasku/shared-rules/src/wire/review';
import { readAnswersColumn } from '../db/json';
import { parseDetailColumn, reviewMarks } from './grading';

type ReviewItem = Static<typeof reviewItemSchema>;

/** The review state of one student's sheet of one item. */
export interface SheetReview {
  /** Essays waiting for a score. */
  pending_essays: number;
  /** Answered essays scored automatically, not yet confirmed or overridden by the teacher. */
  auto_scored_essays: number;
  needs_review: boolean;
}

/**
 * The review state of a sheet from its stored columns: the grade's `detail` (null: not graded, nothing to review)
 * and the sheet's `answers` (JSON text on SQLite, parsed on PostgreSQL).
 */
export function sheetReview(detail: unknown, answers: unknown): SheetReview {
  if (detail == null) return { pending_essays: 0, auto_scored_essays: 0, needs_review: false };
  const given = readAnswersColumn(answers) ?? {};
  const marks = reviewMarks(parseDetailColumn(detail), given);
  return {
    pending_essays: marks.pending,
    auto_scored_essays: marks.automatic,
    needs_review: marks.pending + marks.automatic > 0,
  };
}

/** One exercise or exam of a class with sheets to review (GET /classes/to-review): the wire item, with the time as read. */
export type ReviewListItem = Omit<ReviewItem, 'oldest_submitted_at'> & { oldest_submitted_at: Date };

/** One submitted, graded sheet as the list reads it. */
export interface ReviewSheetRow {
  kind: 'exercise' | 'exam';
  id: number;
  title: string;
  material_id: number | null;
  material_title: string | null;
  submitted_at: Date;
  detail: unknown;
  answers: unknown;
}

/**
 * Groups a class's submitted sheets by item, keeps the items with sheets to review, and orders them: items with
 * pending essays first (nothing there counts yet), then the one waiting longest, then exams before exercises, by id.
 */
export function reviewList(rows: ReviewSheetRow[]): ReviewListItem[] {
  const items = new Map<string, ReviewListItem>();
  for (const row of rows) {
    const review = sheetReview(row.detail, row.answers);
    if (!review.needs_review) continue;
    const key = `${row.kind}:${row.id}`;
    const item = items.get(key) ?? {
      kind: row.kind,
      id: row.id,
      title: row.title,
      material_id: row.material_id,
      material_title: row.material_title,
      to_review: 0,
      pending_sheets: 0,
      auto_scored_sheets: 0,
      oldest_submitted_at: row.submitted_at,
    };
    item.to_review++;
    if (review.pending_essays > 0) item.pending_sheets++;
    if (review.auto_scored_essays > 0) item.auto_scored_sheets++;
    if (row.submitted_at < item.oldest_submitted_at) item.oldest_submitted_at = row.submitted_at;
    items.set(key, item);
  }
  const hasPending = (i: ReviewListItem) => (i.pending_sheets > 0 ? 0 : 1);
  const kindOrder = (i: ReviewListItem) => (i.kind === 'exam' ? 0 : 1);
  return [...items.values()].sort(
    (a, b) =>
      hasPending(a) - hasPending(b) ||
      a.oldest_submitted_at.getTime() - b.oldest_submitted_at.getTime() ||
      kindOrder(a) - kindOrder(b) ||
      a.id - b.id,
  );
}
