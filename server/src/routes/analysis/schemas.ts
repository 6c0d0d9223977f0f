/** Request and response schemas of the item-analysis routes (also the OpenAPI document). */
import { idSchema } from '../helpers';

export const analysisQuery = (idCol: 'exercise_id' | 'exam_id') => ({
  type: 'object',
  required: [idCol],
  properties: { [idCol]: idSchema },
}) as const;

const count = { type: 'integer', minimum: 0 } as const;
const nullableCount = { type: ['integer', 'null'], minimum: 0 } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const scoreBins = {
  type: 'array',
  description: 'equal bins of marks: from inclusive, to exclusive (the last bin includes its end)',
  items: {
    type: 'object',
    required: ['from', 'to', 'count'],
    properties: { from: { type: 'number' }, to: { type: 'number' }, count },
  },
} as const;

const question = {
  type: 'object',
  required: ['n', 'kind', 'text', 'answered', 'key', 'correct', 'correct_share', 'options', 'max', 'scored', 'pending', 'average', 'score_bins'],
  properties: {
    n: { type: 'integer', minimum: 1 },
    kind: { type: 'string', enum: ['mc', 'essay'] },
    text: { type: 'string' },
    answered: { ...count, description: 'submitted sheets with a non-blank answer' },
    key: { type: ['string', 'null'], description: 'multiple choice: the correct option (a–d)' },
    correct: nullableCount,
    correct_share: { ...nullableNumber, description: 'multiple choice: correct / submitted (0..1)' },
    options: {
      type: ['object', 'null'],
      description: 'multiple choice: how many chose each option; none = no answer, other = text that is no option',
      properties: { a: count, b: count, c: count, d: count, none: count, other: count },
    },
    max: { ...nullableNumber, description: 'essays: marks of the question' },
    scored: nullableCount,
    pending: { ...nullableCount, description: 'essays without a score yet (not counted as 0)' },
    average: { ...nullableNumber, description: 'essays: average of the scored ones' },
    score_bins: { anyOf: [scoreBins, { type: 'null' }] },
  },
} as const;

export const analysisResponse = {
  200: {
    type: 'object',
    required: [
      'kind', 'id', 'title', 'total_marks', 'students', 'submitted', 'in_progress', 'not_started', 'auto_submitted', 'with_pending',
      'average', 'score_bins', 'questions',
    ],
    properties: {
      kind: { type: 'string', enum: ['exercise', 'exam'] },
      id: { type: 'integer' },
      title: { type: 'string' },
      total_marks: { type: 'number' },
      students: { ...count, description: 'students assigned to the class now' },
      submitted: { ...count, description: 'graded sheets: the ones the figures count' },
      in_progress: count,
      not_started: count,
      auto_submitted: { ...nullableCount, description: 'exams: sheets submitted after the end time (by the auto-submit job); null for exercises' },
      with_pending: { ...count, description: 'submitted sheets with at least one pending essay (counted with their current score)' },
      average: nullableNumber,
      score_bins: scoreBins,
      questions: { type: 'array', items: question },
    },
  },
} as const;
