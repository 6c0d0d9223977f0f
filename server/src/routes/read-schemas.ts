/**
 * Response schemas of the reads every page's first load makes: Fastify serializes these answers with
 * fast-json-stringify instead of JSON.stringify, and the OpenAPI document describes them. Their fields come from the
 * wire schemas (shared-rules/src/wire), which shared-api derives its types from. Objects keep
 * `additionalProperties: true`, so a field added to an answer later is still sent (only not described here); where
 * an answer leaves some fields out, every field is optional (the serializer would refuse a missing required one, and
 * writes required ones first), in the order the answer always had.
 */
import { assessments, classes, common, discussions, materials, stats } from '@kelasku/shared-rules/src/wire';
import type { Equals, Expect } from '@kelasku/shared-rules/src/wire/common';
import type { Answers, AnswerChanges } from '@kelasku/shared-api/src/types';
import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import type { answersSchema } from './answer-sheets/sheet-routes';
import type { changesSchema } from './answer-changes';
import type { itemJson } from './assessments/item-routes';
import type { sheetJson } from '../domain/repo/assessments';
import type { ClassView } from '../domain/repo/classes';
import type { MaterialView } from '../domain/repo/materials';

const open = { additionalProperties: true };

/** Every field optional, unknown fields kept. */
const loose = <P extends TProperties>(properties: P) => Type.Partial(Type.Object(properties), open);

const page = <K extends string, S extends TSchema>(key: K, item: S) => ({
  200: Type.Object(
    { ...({ [key]: Type.Array(item) } as { [k in K]: ReturnType<typeof Type.Array<S>> }), meta: common.pageMetaSchema },
    open,
  ),
});

/** GET /classes/assigned: the student's classes, each with its id also as class_id. */
export const classListResponse = page('classes', classes.assignedClassSchema);

/** Every field always sent (domain/repo/materials.ts MaterialView). */
export const materialListResponse = page('materials', Type.Object(materials.materialSchema.properties, open));

const { properties: exercise } = assessments.exerciseSchema;
const { properties: exam } = assessments.examSchema;

/** GET /exercises, /exams (and /student): 0 or 1 item, of either kind; exams carry their window and status. */
export const itemListResponse = {
  200: Type.Array(
    loose({
      id: exam.id,
      material_id: exercise.material_id,
      class_id: exam.class_id,
      title: exam.title,
      content: exam.content,
      total_marks: exam.total_marks,
      teacher_id: exam.teacher_id,
      start_time: exam.start_time,
      end_time: exam.end_time,
      status: exam.status,
      server_time: exam.server_time,
      shuffle_questions: exam.shuffle_questions,
      shuffle_options: exam.shuffle_options,
      order_seed: assessments.orderSeedSchema,
      kind: exam.kind,
      kind_label: exam.kind_label,
      closed_at: exam.closed_at,
      show_answers: exam.show_answers,
      delivery: assessments.deliverySchema,
    }),
  ),
};

/** GET /exercises-answers, /exams-answers: sheets (exercise_id or exam_id). */
export const sheetListResponse = { 200: Type.Array(loose(assessments.answerSheetSchema.properties)) };

const { properties: post } = discussions.discussionSchema;
const { properties: reply } = discussions.replySchema;

export const discussionListResponse = page(
  'discussions',
  loose({
    ...post,
    // the list has always named the author before the role (the writes: after)
    replies: Type.Array(
      loose({
        id: reply.id,
        student_id: reply.student_id,
        teacher_id: reply.teacher_id,
        name: reply.name,
        role: reply.role,
        reply: reply.reply,
        time: reply.time,
      }),
    ),
  }),
);

/** GET /stats/student: how many of the student's materials, tasks and exams are done. */
export const studentStatsResponse = { 200: stats.studentStatsSchema };

// What the repositories build is what the wire describes: the loose schemas above would not notice a changed field.
/** helpers.ts pageMeta builds the wire's meta. */
export type MaterialMatches = Expect<Equals<MaterialView, Static<typeof materials.materialSchema>>>;
export type ClassMatches = Expect<Equals<ClassView, Static<typeof classes.classSchema>>>;
/** itemJson builds an exercise or an exam. */
export type ItemMatches = Expect<
  Equals<ReturnType<typeof itemJson>, Static<typeof assessments.exerciseSchema> | Static<typeof assessments.examSchema>>
>;
/** sheetJson builds a sheet the wire describes (its item's id named at run time). */
type SheetFields = Exclude<keyof Static<typeof assessments.answerSheetSchema>, 'exercise_id' | 'exam_id'>;
type SheetReply = Pick<ReturnType<typeof sheetJson>, SheetFields>;
export type SheetFits = Expect<
  SheetReply extends Pick<Static<typeof assessments.answerSheetSchema>, SheetFields> ? true : false
>;

// The bodies of an answer save, as the browser types them (shared-api), are what the route's schemas admit.
export type AnswersMatch = Expect<Equals<Answers, Static<typeof answersSchema>>>;
export type AnswerChangesMatch = Expect<Equals<AnswerChanges, Static<typeof changesSchema>>>;
