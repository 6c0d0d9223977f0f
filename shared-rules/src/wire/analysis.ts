/** GET /exercises/analysis and /exams/analysis: the item analysis of a work (server/src/domain/item-analysis.ts). */
import { Type, type Static } from 'typebox';
import { nullable, nullableObject } from './common';

const count = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

/** Marks from (inclusive) to (exclusive; the last bin includes its end) and how many fall in between. */
export const scoreBinSchema = Type.Object({ from: Type.Number(), to: Type.Number(), count: count() });

const scoreBins = Type.Array(scoreBinSchema, {
  description: 'equal bins of marks: from inclusive, to exclusive (the last bin includes its end)',
});

/** One question: the multiple-choice fields are null for essays and the reverse. */
export const questionAnalysisSchema = Type.Object({
  n: Type.Integer({ minimum: 1 }),
  kind: Type.Enum(['mc', 'essay'], { type: 'string' }),
  text: Type.String(),
  answered: count('submitted sheets with a non-blank answer'),
  // multiple choice (null for essays)
  key: Type.Unsafe<'a' | 'b' | 'c' | 'd' | null>({
    type: ['string', 'null'],
    enum: ['a', 'b', 'c', 'd', null],
    description: 'multiple choice: the correct option',
  }),
  correct: nullable(count()),
  correct_share: nullable(
    Type.Number({
      description: 'multiple choice: correct / submitted (0..1, 4 decimals); null when nothing was submitted',
    }),
  ),
  options: nullableObject(
    Type.Object(
      { a: count(), b: count(), c: count(), d: count(), none: count(), other: count() },
      {
        description: 'multiple choice: how many chose each option; none = no answer, other = text that is no option',
      },
    ),
  ),
  // essays (null for multiple choice)
  max: nullable(Type.Number({ description: 'essays: marks of the question' })),
  scored: nullable(count('essays with a score (blank ones scored 0 included)')),
  pending: nullable(count('essays without a score yet (not counted as 0)')),
  average: nullable(Type.Number({ description: 'essays: average of the scored ones' })),
  score_bins: Type.Unsafe<Static<typeof scoreBins> | null>({ anyOf: [scoreBins, { type: 'null' }] }),
});

/** The figures of an item analysis, as the server computes them. */
export const itemAnalysisFiguresFields = {
  total_marks: Type.Number(),
  students: count('members of the class now: assigned, not deactivated'),
  submitted: count('graded sheets: the ones the figures count'),
  in_progress: count(),
  not_started: count(),
  auto_submitted: nullable(
    count('exams: sheets submitted after the end time (by the auto-submit job); null for exercises'),
  ),
  with_pending: count('submitted sheets with at least one pending essay (counted with their current score)'),
  average: nullable(Type.Number()),
  score_bins: scoreBins,
  questions: Type.Array(questionAnalysisSchema),
};

export const itemAnalysisFiguresSchema = Type.Object(itemAnalysisFiguresFields);

/** Which work, and its figures. */
export const itemAnalysisSchema = Type.Object({
  kind: Type.Enum(['exercise', 'exam'], { type: 'string' }),
  id: Type.Integer(),
  title: Type.String(),
  ...itemAnalysisFiguresFields,
});
