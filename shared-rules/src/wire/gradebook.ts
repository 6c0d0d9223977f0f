/** The class gradebook as the API shows it (server/src/routes/gradebook). */
import { Type } from 'typebox';
import { nullable } from './common';

const percent = Type.Integer({ minimum: 0, maximum: 100 });

/** Whole percents per kind of assessment, adding up to 100 (shared-rules gradebook.ts). */
export const gradebookWeightsSchema = Type.Object({
  exercise: percent,
  daily: percent,
  midterm: percent,
  final: percent,
});

/** One column: an exercise, or an exam (current or closed) with its kind. */
export const gradebookAssessmentSchema = Type.Object({
  type: Type.Enum(['exercise', 'exam'], { type: 'string' }),
  id: Type.Integer(),
  title: Type.String(),
  kind: Type.String({ description: "exercise, or the exam's kind: daily | midterm | final | other" }),
  kind_label: nullable(Type.String({ description: 'the name of an exam of kind other' })),
  date: Type.String({
    description: 'the day it was given in WIB, YYYY-MM-DD (an exercise: created; an exam: its start)',
  }),
  closed: Type.Boolean({ description: 'an exam its teacher closed' }),
});

/** GET /classes/gradebook: every assessment of the class as a column, every student (roster order: NIS) as a row. */
export const gradebookSchema = Type.Object({
  class_id: Type.Integer(),
  class_name: Type.String(),
  weights: gradebookWeightsSchema,
  default_weights: Type.Boolean({ description: 'the teacher has set no weights: the defaults apply' }),
  assessments: Type.Array(gradebookAssessmentSchema),
  students: Type.Array(
    Type.Object({
      id: Type.Integer(),
      nis: Type.String(),
      name: Type.String(),
      scores: Type.Array(nullable(Type.Number()), {
        description: 'one per assessment, in their order; null: not graded (not a zero)',
      }),
    }),
  ),
});
