/** GET /classes/to-review: the class's exercises and exam with sheets to review (docs/api.md §2.14). */
import { Type } from 'typebox';
import { nullable } from './common';

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** One exercise or the exam of the class with sheets to review. */
export const reviewItemSchema = Type.Object({
  kind: Type.Enum(['exercise', 'exam'], { type: 'string' }),
  id: Type.Integer(),
  title: Type.String(),
  material_id: nullable(Type.Integer({ description: 'exercises: their material; exams: null' })),
  material_title: nullable(Type.String()),
  to_review: count('submitted sheets with pending or unconfirmed automatic essay scores'),
  pending_sheets: count('of them, sheets with an essay waiting for a score'),
  auto_scored_sheets: count('of them, sheets with an automatic score not yet confirmed'),
  oldest_submitted_at: Type.String({
    format: 'date-time',
    description: 'earliest submission among the sheets to review (UTC)',
  }),
});

export const classReviewListSchema = Type.Object({
  class_id: Type.Integer(),
  class_name: Type.String(),
  items: Type.Array(reviewItemSchema, { description: 'pending essays first, then the one waiting longest' }),
});
