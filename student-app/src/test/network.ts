// The network of the student screens' tests: their requests leave through the real shared-api client and are
// answered here (Mock Service Worker, jest/msw-server.ts), each route with the wire type of its reply
// (jest/msw-routes.ts), so a changed type fails the typecheck of the tests that answer it.
import type { AnswerSheet, ClassItem, Exam, Exercise, Material, Meta } from '@kelasku/shared-api';
import { ERROR_CODES, type ErrorCode } from '@kelasku/shared-rules/src/error-codes';
import { refusal } from '../../../jest/msw-server';
import { reply } from '../../../jest/msw-routes';
import { withChanges } from '../features/answering/answer-queue';

export { unreachable, held, quietFailedRequests, refusal } from '../../../jest/msw-server';
export { reply, type Answer, type Replier, type SentTo, type WireReply } from '../../../jest/msw-routes';

/** A refusal as the server words the reason `code`: `{ error, message, code }` in English, with that status. */
export const refusedAs = (status: number, code: ErrorCode): Response =>
  refusal(status, { error: ERROR_CODES[code], message: ERROR_CODES[code], code });

/** A server fault, as the server answers one. */
export const serverDown = (): Response => refusedAs(500, 'internal');

/** The `meta` of a list of `total` rows in pages of `pageSize`, at `page`. */
export function meta(total: number, pageSize: number, page = 1, totalPage = Math.ceil(total / pageSize)): Meta {
  return { page, pageSize, total, totalPage, totalpages: totalPage };
}

/** A class as GET /classes/assigned lists it. */
export const assignedClass = (over: Partial<ClassItem> & Pick<ClassItem, 'id' | 'name'>): ClassItem => ({
  description: '',
  teacher_id: 1,
  teacher_name: 'T',
  grade: 10,
  student_count: 30,
  class_id: over.id,
  ...over,
});

/** A material of class 4 without an exercise. */
export const material = (over: Partial<Material> & Pick<Material, 'id' | 'title'>): Material => ({
  class_id: 4,
  description: '',
  content: '',
  teacher_id: 1,
  exercise_id: null,
  ...over,
});

/** An open exam of class 4 (a daily test whose answers stay hidden), without content. */
export const examOf = (over: Partial<Exam> & Pick<Exam, 'start_time' | 'end_time'>): Exam => ({
  id: 21,
  class_id: 4,
  title: 'Ujian Matematika',
  total_marks: 100,
  teacher_id: 1,
  status: 'Active',
  content: {},
  shuffle_questions: false,
  shuffle_options: false,
  server_time: new Date().toISOString(),
  kind: 'daily',
  kind_label: null,
  closed_at: null,
  show_answers: false,
  ...over,
});

/** An exercise of material 3, not shuffled. */
export const exerciseOf = (over: Partial<Exercise> & Pick<Exercise, 'content'>): Exercise => ({
  id: 11,
  material_id: 3,
  title: 'Latihan',
  total_marks: 100,
  teacher_id: 2,
  shuffle_questions: false,
  shuffle_options: false,
  ...over,
});

export type SheetKind = 'exam' | 'exercise';
const SHEETS = { exam: '/exams-answers', exercise: '/exercises-answers' } as const;

/** The item's id under the name of its kind (`exam_id: 21`). */
const itemIdOf = (kind: SheetKind, itemId: number) => (kind === 'exam' ? { exam_id: itemId } : { exercise_id: itemId });

/** A student's open, empty answer sheet of that item. */
export function sheetOf(
  kind: SheetKind,
  over: Partial<AnswerSheet> & { id: number; itemId: number; studentId: number },
) {
  const { itemId, studentId, ...rest } = over;
  const sheet: AnswerSheet = {
    ...itemIdOf(kind, itemId),
    student_id: studentId,
    answers: {},
    status: 'Active',
    score: null,
    answers_seq: null,
    ...rest,
  };
  return sheet;
}

/**
 * The answer sheets of one kind of work, as the server keeps them: none yet (GET answers []), POST creates `sheet`,
 * PATCH answers with the sheet holding exactly the changes it carried. Returns the three repliers.
 */
export function serveSheets(kind: SheetKind, sheet: AnswerSheet) {
  const path = SHEETS[kind];
  return {
    get: reply(`get ${path}`, () => []),
    create: reply(`post ${path}`, () => sheet),
    save: reply(`patch ${path}`, ({ query, body }) => ({
      ...sheet,
      id: Number(query.id),
      answers: withChanges({}, body.changes),
    })),
  };
}

/** What a sheet's PATCH carried: its id and the changes (each answer with the time it was given). */
export const savedChanges = (sheetId: number, changes: Record<string, unknown>) => ({
  query: { id: String(sheetId) },
  body: { changes },
});

/** The changes a save carries for these answers, each with some time it was given. */
export const changesOf = (answers: Record<string, string>) =>
  Object.fromEntries(Object.entries(answers).map(([n, value]) => [n, { answer: value, at: expect.any(Number) }]));

/** What a sheet's POST carried: the item, the student and no answers. */
export const createdSheet = (kind: SheetKind, itemId: number, studentId: number) => ({
  query: {},
  body: { ...itemIdOf(kind, itemId), student_id: studentId, answers: {} },
});

/**
 * A signed-in student with nothing yet, on every screen: no classes, materials, discussions, exercises, exams or
 * grades, and material 9 of class 4 ("Fotosintesis") to open. A test answers what it looks at on top (a later
 * `reply` takes over).
 */
export function serveNothingYet(): void {
  reply('get /stats/student', () => ({
    materials: { done: 0, total: 1 },
    tasks: { completed: 0, total: 1 },
    exams: { completed: 0, total: 1 },
  }));
  reply('get /students/todo', () => ({ exams: [], exercises: [], materials: [] }));
  reply('get /classes/assigned', () => ({ classes: [], meta: meta(0, 10) }));
  reply('get /materials/from-class', () => ({ materials: [], meta: meta(0, 10) }));
  reply('get /materials/detail', () => material({ id: 9, title: 'Fotosintesis', content: '<p>Isi</p>' }));
  reply('get /discussions', () => ({ discussions: [], meta: meta(0, 10) }));
  reply('get /discussions-material', () => ({ discussions: [], meta: meta(0, 10) }));
  reply('get /exercises', () => []);
  reply('get /exercises/get-all-grade', () => []);
  reply('get /exams', () => []);
  reply('get /exams/of-class', () => []);
}
