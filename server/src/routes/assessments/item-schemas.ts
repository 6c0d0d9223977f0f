/**
 * Request and reply schemas of the exercise and exam routes (item-routes.ts). Replies list their fields in the order
 * the handlers build them, every field required, so the serializer keeps the bytes JSON.stringify wrote before. The
 * shapes are the wire schemas (shared-rules/src/wire/assessments.ts) that shared-api derives its types from.
 */
import { assessments } from '@kelasku/shared-rules/src/wire';
import type { Equals, Expect } from '@kelasku/shared-rules/src/wire/common';
import { Type, type Static, type TSchema } from 'typebox';
import type { QuestionDetail } from '../../domain/grading';
import type { gradeJson, ItemSpec } from '../../domain/repo/assessments';

/** An item as POST and PUT answer it (item-routes.ts itemJson), with `extra` fields after it. */
export function itemReply<E extends Record<string, TSchema>>(spec: ItemSpec, extra: E = {} as E) {
  const item = spec.kind === 'exercise' ? assessments.exerciseSchema : assessments.examSchema;
  return Type.Object({ ...item.properties, ...extra });
}

/** A grade (domain/repo/assessments.ts gradeJson); the detail as stored (its shape: domain/grading.ts GradeDetail). */
function grade(spec: ItemSpec) {
  // Typed as gradeJson builds it: its id column is named at run time, which a static type cannot list.
  return Type.Unsafe<ReturnType<typeof gradeJson>>(assessments.gradeOf(spec.idCol));
}

export const gradeResponse = (spec: ItemSpec) => ({ 200: grade(spec) });
export const gradeListResponse = (spec: ItemSpec) => ({ 200: Type.Array(grade(spec)) });

/** GET {base}/submissions: every student of the class with the state of their sheet (domain/review.ts sheetReview). */
export const submissionListResponse = { 200: Type.Array(assessments.submissionSchema) };

/** GET {base}/submission: one student's sheet with the full content and the grade detail. */
export const submissionResponse = { 200: assessments.submissionDetailSchema };

/** The grader's per-question detail is the one the wire describes (shared-api QuestionDetail). */
export type QuestionDetailMatches = Expect<Equals<QuestionDetail, Static<typeof assessments.questionDetailSchema>>>;
/** A grade's fields, but for the item's id named at run time, are the wire's; its stored detail is one the wire admits. */
type GradeReply = ReturnType<typeof gradeJson>;
type WireGrade = Static<typeof assessments.gradeSchema>;
export type GradeMatches = Expect<
  Equals<Pick<GradeReply, 'id' | 'student_id' | 'score'>, Pick<WireGrade, 'id' | 'student_id' | 'score'>>
>;
export type GradeDetailFits = Expect<GradeReply['detail'] extends WireGrade['detail'] ? true : false>;
