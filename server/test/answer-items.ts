/** Test setup shared by the answer-save tests of exercises and exams (both kinds share the route code). */
import { formatWib } from '../src/domain/exam-window';
import type { TestApp } from './helpers';

export type AnswerKind = 'exercise' | 'exam';

/** Where a kind's sheets live and the id of the item they answer. */
export interface AnswerItem {
  base: string;
  idCol: string;
  id: number;
}

const HOUR = 3600_000;

/** One multiple-choice question (key c) and one essay: the content most answer-save tests need. */
export const MC_AND_ESSAY: Record<string, string> = {
  '1': 'Q1',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'c',
  '2_essay': 'Jelaskan',
  '2_essay_answer': 'x',
};

/** Two multiple-choice questions, keys c and a: the content of the exam-save tests. */
export const TWO_MC: Record<string, string> = {
  '1': 'Q1',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'c',
  '2': 'Q2',
  '2_a': 'a',
  '2_b': 'b',
  '2_c': 'c',
  '2_d': 'd',
  '2_answer': 'a',
};

/** `api(who, method, url, payload?)`: a request under /api/v1 as one of the fixture's users. */
export const apiAs =
  (t: () => TestApp) =>
  (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t().injectWithLogin(who, {
      method,
      url: `/api/v1${url}`,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

/**
 * In the fixture's first class (its teacher, assigned students 1 and 2): a material with an exercise, and an exam open
 * from an hour ago to an hour from now (createOpenExam), both with `content`.
 */
export async function createAnswerItems(
  t: TestApp,
  content: Record<string, string>,
): Promise<Record<AnswerKind, AnswerItem>> {
  const asTeacher = (url: string, payload: Record<string, unknown>) =>
    t.injectWithLogin('teacher', { method: 'POST', url: `/api/v1${url}`, payload });
  const classId = t.fixture.classes[0].id;
  const material = await asTeacher('/materials', {
    title: 'Bab 1',
    description: 'd',
    content: '<p>x</p>',
    class_id: classId,
  });
  const exercise = await asTeacher('/exercises', {
    title: 'Latihan',
    total_marks: 100,
    material_id: material.json().id,
    content,
  });
  expect(exercise.statusCode).toBe(200);
  return {
    exercise: { base: '/exercises-answers', idCol: 'exercise_id', id: exercise.json().id },
    exam: { base: '/exams-answers', idCol: 'exam_id', id: await createOpenExam(t, content) },
  };
}

/** An exam of the fixture's first class by its teacher, open from an hour ago to an hour from now: its id. */
export async function createOpenExam(t: TestApp, content: Record<string, string>): Promise<number> {
  const exam = await t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/exams',
    payload: {
      title: 'UTS',
      total_marks: 100,
      class_id: t.fixture.classes[0].id,
      start_time: formatWib(new Date(Date.now() - HOUR)),
      end_time: formatWib(new Date(Date.now() + HOUR)),
      content,
    },
  });
  expect(exam.statusCode).toBe(200);
  return exam.json().id;
}

/** An empty answer sheet of the exam opened by each of `students` (in turn): the sheet ids by student. */
export async function openExamSheets(
  t: TestApp,
  examId: number,
  students: readonly string[],
): Promise<Record<string, number>> {
  const sheetOf: Record<string, number> = {};
  for (const who of students) {
    const sheet = await t.injectWithLogin(who, {
      method: 'POST',
      url: '/api/v1/exams-answers',
      payload: { exam_id: examId, answers: {} },
    });
    expect(sheet.statusCode).toBe(200);
    sheetOf[who] = sheet.json().id;
  }
  return sheetOf;
}
