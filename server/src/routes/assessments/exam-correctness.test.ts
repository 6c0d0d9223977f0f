/**
 * Per-question correctness of an exam reaches a student only after the exam window has ended: a student who submits
 * early must not learn which multiple-choice answers were right while classmates are still answering.
 */
import { toDbTime } from '../../db/time';
import { createOpenExam, TWO_MC } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const mentionsCorrectness = (body: unknown) => JSON.stringify(body).includes('correct');

let examId: number;
let studentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  studentId = t.fixture.students[0].id;
  examId = await createOpenExam(t, TWO_MC);
  expect(
    (await api('student', 'POST', '/exams-answers', { exam_id: examId, answers: { 1: 'c', 2: 'b' } })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('exam correctness while the exam is running', () => {
  it('a student who submits early gets the score but not which answers were right', async () => {
    const submitted = await api('student', 'POST', '/exams/calculate-grade', {
      exam_id: examId,
      student_id: studentId,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().score).toBe(50);
    expect(mentionsCorrectness(submitted.json())).toBe(false);

    const one = await api('student', 'GET', `/exams/get-grade?exam_id=${examId}`);
    expect(one.json()).toHaveLength(1);
    expect(mentionsCorrectness(one.json())).toBe(false);

    const all = await api('student', 'GET', '/exams/get-all-grade');
    expect(all.json().map((g: { exam_id: number }) => g.exam_id)).toEqual([examId]);
    expect(mentionsCorrectness(all.json())).toBe(false);
  });

  it('the class teacher sees per-question correctness at once', async () => {
    const res = await api('teacher', 'GET', `/exams/get-grade?exam_id=${examId}&student_id=${studentId}`);
    expect(res.json()[0].detail).toEqual({ 1: { kind: 'mc', correct: true }, 2: { kind: 'mc', correct: false } });
  });

  it('after the window has ended the student sees it too', async () => {
    await t.db
      .updateTable('exams')
      .set({ start_time: toDbTime(new Date(Date.now() - 3 * HOUR)), end_time: toDbTime(new Date(Date.now() - HOUR)) })
      .where('id', '=', examId)
      .execute();
    const one = await api('student', 'GET', `/exams/get-grade?exam_id=${examId}`);
    expect(one.json()[0].detail).toEqual({ 1: { kind: 'mc', correct: true }, 2: { kind: 'mc', correct: false } });
    const all = await api('student', 'GET', '/exams/get-all-grade');
    expect(all.json()[0].detail).toEqual({ 1: { kind: 'mc', correct: true }, 2: { kind: 'mc', correct: false } });
  });
});
