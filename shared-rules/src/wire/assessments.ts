/** Exercises, exams, their answer sheets, grades and submissions as the API shows them (server/src/routes/assessments, answer-sheets). */
import { Type, type Static, type TInteger } from 'typebox';
import { contentMapSchema, examStatusSchema, nullable } from './common';

const itemCommon = {
  title: Type.String(),
  content: contentMapSchema,
  total_marks: Type.Integer(),
  teacher_id: Type.Integer(),
  shuffle_questions: Type.Boolean({ description: 'each student sees the questions in an order of their own' }),
  shuffle_options: Type.Boolean({
    description: 'each student sees the options of each question in an order of their own',
  }),
};

/** An exercise (item-routes.ts itemJson), fields in the order the handlers build them. */
export const exerciseSchema = Type.Object({ id: Type.Integer(), material_id: nullable(Type.Integer()), ...itemCommon });

/** An exam with its window (WIB), its status now and the server's clock. */
export const examSchema = Type.Object({
  id: Type.Integer(),
  class_id: Type.Integer(),
  ...itemCommon,
  start_time: Type.String(),
  end_time: Type.String(),
  status: examStatusSchema,
  server_time: Type.String(),
  kind: Type.String({ description: 'daily | midterm | final | other (shared-rules exam-kinds.ts)' }),
  kind_label: nullable(Type.String({ description: 'the name of an exam of kind other' })),
  closed_at: nullable(
    Type.String({
      description: "when its teacher closed it (RFC 3339, WIB); null while it is the class's current exam",
    }),
  ),
  show_answers: Type.Boolean({ description: 'its students see the correct answers once it has ended' }),
});

/** GET /exams/of-class: every exam of a class, the current one and the closed ones, without their content. */
export const examSummarySchema = Type.Object({
  id: Type.Integer(),
  class_id: Type.Integer(),
  title: Type.String(),
  kind: Type.String(),
  kind_label: nullable(Type.String()),
  start_time: Type.String(),
  end_time: Type.String(),
  status: examStatusSchema,
  closed_at: nullable(Type.String()),
});

/**
 * Sent to a student with an exam or exercise read: what their browser needs to seal answers it could not send before
 * a sign-out on a shared computer (server domain/answer-delivery.ts, shared-api sealed-answers.ts).
 */
export const deliverySchema = Type.Object({
  kind: Type.Union([Type.Literal('exam'), Type.Literal('exercise')]),
  item_id: Type.Integer(),
  student_id: Type.Integer(),
  nonce: Type.String(),
  ticket: Type.String({
    description: "HMAC-SHA-256 of (kind, item, student, nonce) under the server's secret, base64url",
  }),
  key_id: Type.String(),
  public_key: Type.String({ description: "the server's RSA-2048 public key, SPKI DER in base64" }),
});

/** A student's own seed of their question and option order (shared-rules shuffle.ts sheetOrder). */
export const orderSeedSchema = Type.String({
  description:
    "seed of this student's question and option order (sheetOrder); only the student and the class's teacher get it",
});

/** The id of the exercise or exam a sheet or grade belongs to: one of the two, named by the item's kind. */
export type ItemIdColumn = 'exercise_id' | 'exam_id';

/** Exactly one is sent: the item's id under the name of its kind. */
const itemIds = {
  exercise_id: Type.Optional(Type.Integer({ description: 'sheets and grades of an exercise' })),
  exam_id: Type.Optional(Type.Integer({ description: 'sheets and grades of an exam' })),
};

/** `{[idCol]: integer}`, typed with the key it gets at run time. */
const itemId = <K extends ItemIdColumn>(idCol: K) => ({ [idCol]: Type.Integer() }) as { [k in K]: TInteger };

/** An answer sheet (domain/repo/assessments.ts sheetJson): answers null until saved, score null until graded. */
export const answerSheetSchema = Type.Object({
  id: Type.Integer(),
  ...itemIds,
  student_id: Type.Integer(),
  answers: Type.Unsafe<Record<string, string> | null>({
    type: ['object', 'null'],
    additionalProperties: { type: 'string' },
  }),
  status: Type.String({ description: 'Active while open, Inactive once submitted' }),
  score: nullable(Type.Number()),
  answers_seq: nullable(
    Type.Integer({
      description: 'number of the stored map (the seq of the save that wrote it); null when saved without one',
    }),
  ),
});

/** How one question was marked (server/src/domain/grading.ts QuestionDetail). */
export const questionDetailSchema = Type.Union([
  Type.Object({ kind: Type.Literal('mc'), correct: Type.Boolean() }),
  Type.Object({
    kind: Type.Literal('essay'),
    score: nullable(Type.Number()),
    max: Type.Number(),
    pending: Type.Boolean(),
    source: Type.Enum(['local', 'openai', 'teacher'], { type: 'string' }),
    comment: Type.Optional(Type.String({ description: "the teacher's comment for the student" })),
  }),
]);

/**
 * A grade's detail as stored, keyed by question number: sent as it is (no schema, so nothing is dropped); rows
 * written before the detail had its shape hold booleans or strings.
 */
const gradeDetailSchema = Type.Unsafe<Record<string, Static<typeof questionDetailSchema> | boolean | string> | null>(
  Type.Unknown(),
);

/** A grade (domain/repo/assessments.ts gradeJson). */
export const gradeSchema = Type.Object({
  id: Type.Integer(),
  ...itemIds,
  student_id: Type.Integer(),
  score: Type.Number(),
  detail: gradeDetailSchema,
  key_change: Type.Optional(
    Type.Object(
      {
        from: Type.Number({ description: 'the score before the change' }),
        at: Type.String({ description: 'when the changed answer key re-graded it (RFC 3339)' }),
      },
      { description: 'present when a change of the answer key changed this grade' },
    ),
  ),
});

/** A grade of one kind of item: its id under that kind's name, every field required, in gradeJson's order. */
export function gradeOf<K extends ItemIdColumn>(idCol: K) {
  const { id, exercise_id: _exercise, exam_id: _exam, ...rest } = gradeSchema.properties;
  return Type.Object({ id, ...itemId(idCol), ...rest });
}

/** GET {base}/submissions: one student of the class with the state of their sheet (domain/review.ts sheetReview). */
export const submissionSchema = Type.Object({
  student_id: Type.Integer(),
  name: Type.String(),
  nis: Type.String(),
  sheet_id: nullable(Type.Integer()),
  status: Type.Enum(['Not started', 'In progress', 'Submitted'], { type: 'string' }),
  score: nullable(Type.Number()),
  pending_essays: Type.Integer({ description: 'essays waiting for a score' }),
  auto_scored_essays: Type.Integer({
    description: 'answered essays scored automatically, not yet confirmed by the teacher',
  }),
  needs_review: Type.Boolean(),
  auto_submitted: Type.Boolean({ description: 'an exam sheet submitted automatically when the exam ended' }),
  order_seed: orderSeedSchema,
  active: Type.Optional(
    Type.Boolean({
      description: 'false for a deactivated student, listed for the sheet or grade they left and not counted',
    }),
  ),
});

/** GET {base}/submission: one student's sheet with the full content and the grade detail. */
export const submissionDetailSchema = Type.Object({
  student: Type.Object({ id: Type.Integer(), name: Type.String(), nis: Type.String() }),
  content: contentMapSchema,
  answers: Type.Unsafe<Record<string, string> | null>({
    type: ['object', 'null'],
    additionalProperties: { type: 'string' },
  }),
  score: nullable(Type.Number()),
  detail: Type.Unsafe<Record<string, Static<typeof questionDetailSchema>> | null>(Type.Unknown()),
});
