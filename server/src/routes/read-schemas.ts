/**
 * Response schemas of the reads every page's first load makes: Fastify serializes these answers with
 * fast-json-stringify instead of JSON.stringify, and the OpenAPI document describes them. Objects keep
 * `additionalProperties: true`, so a field added to an answer later is still sent (only not described here).
 */
import { Type } from 'typebox';
import { nullable, pageMetaSchema } from './helpers';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const obj = (properties: Record<string, unknown>, required?: string[]) =>
  ({ type: 'object', additionalProperties: true, properties, ...(required ? { required } : {}) }) as const;

/** The meta object of every paginated envelope (routes/helpers.ts pageMeta). */
export const pageMetaResponse = pageMetaSchema;

const page = (key: string, item: unknown) => ({ 200: obj({ [key]: { type: 'array', items: item }, meta: pageMetaResponse }) });

/** A class as lists show it (domain/repo/classes.ts ClassView): its teacher's name ('' without one) and its number of students. */
export const classFields = {
  id: Type.Integer(), name: Type.String(), description: Type.String(), teacher_id: Type.Integer(), teacher_name: Type.String(),
  grade: Type.Integer(), student_count: Type.Integer(),
};

/** GET /classes/assigned: the student's classes, each with its id also as class_id. */
export const classListResponse = {
  200: Type.Object({
    classes: Type.Array(Type.Object({ ...classFields, class_id: Type.Integer() }, { additionalProperties: true })),
    meta: pageMetaSchema,
  }, { additionalProperties: true }),
};

export const materialListResponse = page('materials', obj({
  id: int, class_id: int, title: str, description: str, content: str, teacher_id: int, exercise_id: nullable(Type.Integer()),
}));

/** A content map: every value a string (docs/api.md §4.1). */
const contentMap = { type: 'object', additionalProperties: str } as const;

/** GET /exercises, /exams (and /student): 0 or 1 item; exams carry their window and status. */
export const itemListResponse = {
  200: {
    type: 'array',
    items: obj({
      id: int, material_id: int, class_id: int, title: str, content: contentMap, total_marks: int, teacher_id: int,
      start_time: str, end_time: str, status: str, server_time: str, shuffle_questions: { type: 'boolean' }, shuffle_options: { type: 'boolean' },
    }),
  },
};

/** GET /exercises-answers, /exams-answers: sheets. */
export const sheetListResponse = {
  200: {
    type: 'array',
    items: obj({
      id: int, exercise_id: int, exam_id: int, student_id: int, answers: { type: ['object', 'null'], additionalProperties: true },
      status: str, score: nullable(Type.Number()), answers_seq: nullable(Type.Integer()),
    }),
  },
};

const replyItem = obj({ id: str, student_id: nullable(Type.Integer()), teacher_id: int, name: str, role: str, reply: str, time: str });

export const discussionListResponse = page('discussions', obj({
  id: int, student_id: nullable(Type.Integer()), student_name: str, material_id: int, topic: str, description: str, created_at: str,
  replies: { type: 'array', items: replyItem },
}));

/** GET /stats/student: how many of the student's materials, tasks and exams are done (TypeBox: a typed route). */
const progress = { additionalProperties: true };
const completedOf = Type.Object({ completed: Type.Number(), total: Type.Number() }, progress);

export const studentStatsResponse = {
  200: Type.Object({ materials: Type.Object({ done: Type.Number(), total: Type.Number() }, progress), tasks: completedOf, exams: completedOf }, progress),
};

/** A student as the API shows them (domain/repo/profiles.ts toStudentDto); `active` only where the login state was read. */
export const studentFields = {
  id: Type.Integer(),
  name: Type.String(),
  nis: Type.String(),
  phone_number: nullable(Type.String()),
  grade: Type.Integer(),
  curr_score: nullable(Type.Number()),
  status: Type.String(),
  profile_picture_url: nullable(Type.String()),
  /** the login's id as text, '' without a login */
  user_id: Type.String(),
  active: Type.Optional(Type.Boolean()),
};
