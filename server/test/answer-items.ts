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

/**
 * In the fixture's first class (its teacher, assigned students 1 and 2): a material with an exercise, and an exam open
 * from an hour ago to an hour from now, both with `content`.
 */
export async function createAnswerItems(t: TestApp, content: Record<string, string>): Promise<Record<AnswerKind, AnswerItem>> {
  const asTeacher = (url: string, payload: Record<string, unknown>) => t.injectWithLogin('teacher', { method: 'POST', url: `/api/v1${url}`, payload });
  const classId = t.fixture.classes[0].id;
  const material = await asTeacher('/materials', { title: 'Bab 1', description: 'd', content: '<p>x</p>', class_id: classId });
  const exercise = await asTeacher('/exercises', { title: 'Latihan', total_marks: 100, material_id: material.json().id, content });
  expect(exercise.statusCode).toBe(200);
  const exam = await asTeacher('/exams', {
    title: 'UTS', total_marks: 100, class_id: classId, start_time: formatWib(new Date(Date.now() - HOUR)), end_time: formatWib(new Date(Date.now() + HOUR)), content,
  });
  expect(exam.statusCode).toBe(200);
  return {
    exercise: { base: '/exercises-answers', idCol: 'exercise_id', id: exercise.json().id },
    exam: { base: '/exams-answers', idCol: 'exam_id', id: exam.json().id },
  };
}
