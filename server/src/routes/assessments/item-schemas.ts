/**
 * Request and reply schemas of the exercise and exam routes (item-routes.ts). Replies list their fields in the order
 * the handlers build them, every field required, so the serializer keeps the bytes JSON.stringify wrote before.
 */
import { Type, type TSchema } from 'typebox';
import type { ContentMap } from '../../domain/content';
import type { gradeJson, ItemSpec } from '../../domain/repo/assessments';
import { nullable, withKey } from '../helpers';

/** A content map: every value a string (docs/api.md §4.1). */
const contentMap = Type.Unsafe<ContentMap>({ type: 'object', additionalProperties: { type: 'string' } });

/** An item as POST and PUT answer it (item-routes.ts itemJson), with `extra` fields after it. */
export function itemReply<E extends Record<string, TSchema>>(spec: ItemSpec, extra: E = {} as E) {
  const common = {
    title: Type.String(), content: contentMap, total_marks: Type.Integer(), teacher_id: Type.Integer(),
    shuffle_questions: Type.Boolean(), shuffle_options: Type.Boolean(),
  };
  if (spec.kind === 'exercise') return Type.Object({ id: Type.Integer(), material_id: nullable(Type.Integer()), ...common, ...extra });
  return Type.Object({
    id: Type.Integer(), class_id: Type.Integer(), ...common,
    start_time: Type.String(), end_time: Type.String(), status: Type.String(), server_time: Type.String(), ...extra,
  });
}

/** A grade (domain/repo/assessments.ts gradeJson); the detail as stored (its shape: domain/grading.ts GradeDetail). */
function grade(spec: ItemSpec) {
  // Typed as gradeJson builds it: its id column is named at run time, which a static type cannot list.
  return Type.Unsafe<ReturnType<typeof gradeJson>>(Type.Object({
    id: Type.Integer(), ...withKey(spec.idCol, Type.Integer(), {}).properties, student_id: Type.Integer(), score: Type.Number(), detail: Type.Unknown(),
  }));
}

export const gradeResponse = (spec: ItemSpec) => ({ 200: grade(spec) });
export const gradeListResponse = (spec: ItemSpec) => ({ 200: Type.Array(grade(spec)) });

/** GET {base}/submissions: every student of the class with the state of their sheet (domain/review.ts sheetReview). */
export const submissionListResponse = {
  200: Type.Array(Type.Object({
    student_id: Type.Integer(), name: Type.String(), nis: Type.String(), sheet_id: nullable(Type.Integer()), status: Type.String(),
    score: nullable(Type.Number()), pending_essays: Type.Integer(), auto_scored_essays: Type.Integer(), needs_review: Type.Boolean(),
    auto_submitted: Type.Boolean(),
  })),
};

/** GET {base}/submission: one student's sheet with the full content and the grade detail. */
export const submissionResponse = {
  200: Type.Object({
    student: Type.Object({ id: Type.Integer(), name: Type.String(), nis: Type.String() }),
    content: contentMap,
    answers: Type.Unsafe<Record<string, string> | null>({ type: ['object', 'null'], additionalProperties: { type: 'string' } }),
    score: nullable(Type.Number()),
    detail: Type.Unknown(),
  }),
};
