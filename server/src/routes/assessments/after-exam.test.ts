import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// After an exam: the student is told when a changed answer key moved their grade; the teacher decides whether the
// correct answers are shown once the exam has ended.
jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const at = (offsetMs: number) => formatWib(new Date(Date.now() + offsetMs));
const CONTENT = {
  '1': 'Q1',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'b',
  '2': 'Q2',
  '2_a': 'a',
  '2_b': 'b',
  '2_c': 'c',
  '2_d': 'd',
  '2_answer': 'c',
};
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const classId = () => t.fixture.classes[0].id;
const hasKeys = (content: Record<string, string>) => Object.keys(content).some((k) => k.endsWith('_answer'));

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('notes a grade a key change moved (from what, when), on every read of it, and no other', async () => {
  const body = (content: Record<string, string>, extra: Record<string, unknown> = {}) => ({
    title: 'UH',
    total_marks: 100,
    class_id: classId(),
    content,
    start_time: at(-HOUR),
    end_time: at(HOUR),
    ...extra,
  });
  const exam = (await api('teacher', 'POST', '/exams', body(CONTENT))).json();
  await api('student', 'POST', '/exams-answers', { exam_id: exam.id, answers: { 1: 'a', 2: 'c' } });
  await api('student', 'POST', '/exams/calculate-grade', { exam_id: exam.id });
  await api('student2', 'POST', '/exams-answers', { exam_id: exam.id, answers: { 1: 'd', 2: 'c' } });
  await api('student2', 'POST', '/exams/calculate-grade', { exam_id: exam.id });
  const before = (await api('student', 'GET', `/exams/get-grade?exam_id=${exam.id}`)).json()[0];
  expect(before.score).toBe(50);
  expect(before).not.toHaveProperty('key_change');

  // The teacher finds question 1's key wrong: A was right.
  const edit = await api('teacher', 'PUT', `/exams?id=${exam.id}`, body({ ...CONTENT, '1_answer': 'a' }));
  expect(edit.json().regraded).toBe(2);
  const after = (await api('student', 'GET', `/exams/get-grade?exam_id=${exam.id}`)).json()[0];
  expect(after).toMatchObject({
    score: 100,
    key_change: { from: 50, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
  });
  expect((await api('student', 'GET', '/exams/get-all-grade')).json()).toEqual([after]);
  expect(
    (
      await api('teacher', 'GET', `/exams/get-grade?exam_id=${exam.id}&student_id=${t.fixture.students[0].id}`)
    ).json()[0].key_change,
  ).toEqual(after.key_change);
  // the other student's grade did not move (D is wrong under both keys): no note
  const other = (await api('student2', 'GET', `/exams/get-grade?exam_id=${exam.id}`)).json()[0];
  expect(other.score).toBe(50);
  expect(other).not.toHaveProperty('key_change');
  // an edit that changes no key keeps the note of the last change
  await api('teacher', 'PUT', `/exams?id=${exam.id}`, body({ ...CONTENT, '1_answer': 'a', '2': 'Q2 (typo fixed)' }));
  expect((await api('student', 'GET', `/exams/get-grade?exam_id=${exam.id}`)).json()[0].key_change).toEqual(
    after.key_change,
  );
});

it('shows the correct answers to students once the exam has ended, only when its teacher chose so', async () => {
  const cls = (
    await api('admin', 'POST', '/classes', {
      name: 'X IPA 9',
      description: 'x',
      teacher_id: t.fixture.teachers[0].id,
      grade: 10,
    })
  ).json();
  const body = (start: string, end: string, show: boolean) => ({
    title: 'PAS',
    total_marks: 100,
    class_id: cls.id,
    content: CONTENT,
    start_time: start,
    end_time: end,
    kind: 'final',
    show_answers: show,
  });
  const exam = (await api('teacher', 'POST', '/exams', body(at(-HOUR), at(HOUR), true))).json();
  expect(exam.show_answers).toBe(true);
  const seen = async () => {
    const [byClass] = (await api('student', 'GET', `/exams?class_id=${cls.id}`)).json();
    const byId = (await api('student', 'GET', `/exams/by-id?id=${exam.id}`)).json();
    const one = (await api('student', 'GET', `/exams/student?class_id=${cls.id}&number=1`)).json()[0];
    return [hasKeys(byClass.content), hasKeys(byId.content), hasKeys(one.content)];
  };
  expect(await seen()).toEqual([false, false, false]); // while it runs: never
  await api('teacher', 'PUT', `/exams?id=${exam.id}`, body(at(-2 * HOUR), at(-1000), true));
  // the whole exam shows its keys; the one-question read never does (it is what answering uses)
  expect(await seen()).toEqual([true, true, false]);
  await api('teacher', 'PUT', `/exams?id=${exam.id}`, body(at(-2 * HOUR), at(-1000), false));
  expect(await seen()).toEqual([false, false, false]);
  // omitted: unchanged
  await api('teacher', 'PUT', `/exams?id=${exam.id}`, body(at(-2 * HOUR), at(-1000), true));
  const { show_answers: _omit, ...withoutChoice } = body(at(-2 * HOUR), at(-1000), true);
  expect((await api('teacher', 'PUT', `/exams?id=${exam.id}`, withoutChoice)).json().show_answers).toBe(true);
  expect((await api('student3', 'GET', `/exams/by-id?id=${exam.id}`)).statusCode).toBe(403);
});
