/**
 * Response schemas of the reads every page's first load makes: Fastify serializes these answers with
 * fast-json-stringify instead of JSON.stringify, and the OpenAPI document describes them. Objects keep
 * `additionalProperties: true`, so a field added to an answer later is still sent (only not described here).
 */
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const nullable = (type: 'integer' | 'number' | 'string') => ({ type: [type, 'null'] }) as const;
const obj = (properties: Record<string, unknown>, required?: string[]) =>
  ({ type: 'object', additionalProperties: true, properties, ...(required ? { required } : {}) }) as const;

/** The meta object of every paginated envelope (routes/helpers.ts pageMeta). */
export const pageMetaResponse = obj({ page: int, pageSize: int, total: int, totalPage: int, totalpages: int });

const page = (key: string, item: unknown) => ({ 200: obj({ [key]: { type: 'array', items: item }, meta: pageMetaResponse }) });

/** A class in a list (GET /classes/assigned adds class_id). */
export const classListResponse = page('classes', obj({
  id: int, name: str, description: str, teacher_id: int, teacher_name: str, grade: int, student_count: int, class_id: int,
}));

export const materialListResponse = page('materials', obj({
  id: int, class_id: int, title: str, description: str, content: str, teacher_id: int, exercise_id: nullable('integer'),
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
      status: str, score: nullable('number'), answers_seq: nullable('integer'),
    }),
  },
};

const replyItem = obj({ id: str, student_id: nullable('integer'), teacher_id: int, name: str, role: str, reply: str, time: str });

export const discussionListResponse = page('discussions', obj({
  id: int, student_id: nullable('integer'), student_name: str, material_id: int, topic: str, description: str, created_at: str,
  replies: { type: 'array', items: replyItem },
}));

const doneOf = (done: string) => obj({ [done]: num, total: num });

export const studentStatsResponse = {
  200: obj({ materials: doneOf('done'), tasks: doneOf('completed'), exams: doneOf('completed') }),
};
