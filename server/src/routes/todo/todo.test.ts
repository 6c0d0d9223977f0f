import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const MC = { '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'a' };
const HOUR = 3600_000;
const todo = async (who: string) => (await api(who, 'GET', '/students/todo')).json();
let m1: { id: number }, m2: { id: number }, e1: { id: number }, e2: { id: number }, later: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  const [c0, c1] = t.fixture.classes;
  m1 = (
    await api('teacher', 'POST', '/materials', { title: 'Sel', description: 'd', content: 'c', class_id: c0.id })
  ).json();
  m2 = (
    await api('teacher', 'POST', '/materials', { title: 'Jaringan', description: 'd', content: 'c', class_id: c0.id })
  ).json();
  e1 = (
    await api('teacher', 'POST', '/exercises', {
      title: 'Latihan Sel',
      total_marks: 100,
      material_id: m1.id,
      content: MC,
    })
  ).json();
  e2 = (
    await api('teacher', 'POST', '/exercises', {
      title: 'Latihan Jaringan',
      total_marks: 100,
      material_id: m2.id,
      content: MC,
    })
  ).json();
  // student: E1 submitted; student2: E2 started, not submitted.
  await api('student', 'POST', '/exercises-answers', { exercise_id: e1.id, answers: { '1': 'a' } });
  await api('student', 'POST', '/exercises/calculate-grade', { exercise_id: e1.id });
  await api('student2', 'POST', '/exercises-answers', { exercise_id: e2.id, answers: { '1': 'b' } });
  const now = Date.now();
  const exam = (
    await api('teacher', 'POST', '/exams', {
      title: 'UTS',
      total_marks: 100,
      class_id: c0.id,
      start_time: formatWib(now - HOUR),
      end_time: formatWib(now + HOUR),
      content: MC,
    })
  ).json();
  await api('student2', 'POST', '/exams-answers', { exam_id: exam.id, answers: { '1': 'a' } });
  await api('student2', 'POST', '/exams/calculate-grade', { exam_id: exam.id });
  // The other class: an exam eight days away.
  later = (
    await api('teacher2', 'POST', '/exams', {
      title: 'UAS',
      total_marks: 100,
      class_id: c1.id,
      start_time: formatWib(now + 8 * 24 * HOUR),
      end_time: formatWib(now + 8 * 24 * HOUR + HOUR),
      content: MC,
    })
  ).json();
  expect(later.id).toEqual(expect.any(Number));
});
afterAll(async () => {
  await t.close();
});

it("lists the open exam, the exercises not yet submitted and the recent materials of the student's classes", async () => {
  const c0 = t.fixture.classes[0];
  const body = await todo('student');
  expect(body.exams).toEqual([
    {
      id: expect.any(Number),
      class_id: c0.id,
      class_name: 'X IPA 1',
      title: 'UTS',
      start_time: expect.stringMatching(/\+07:00$/),
      end_time: expect.stringMatching(/\+07:00$/),
      status: 'Active',
    },
  ]);
  expect(body.exercises).toEqual([
    {
      id: e2.id,
      title: 'Latihan Jaringan',
      material_id: m2.id,
      material_title: 'Jaringan',
      class_id: c0.id,
      class_name: 'X IPA 1',
      started: false,
    },
  ]);
  expect(body.materials.map((m: { id: number }) => m.id)).toEqual([m2.id, m1.id]);
  expect(body.materials[0]).toEqual({
    id: m2.id,
    title: 'Jaringan',
    class_id: c0.id,
    class_name: 'X IPA 1',
    created_at: expect.stringMatching(/Z$/),
  });
  // The fields in the order the reply has always had (the response schema writes them).
  expect(Object.keys(body)).toEqual(['exams', 'exercises', 'materials']);
  expect(Object.keys(body.exams[0])).toEqual([
    'id',
    'class_id',
    'class_name',
    'title',
    'start_time',
    'end_time',
    'status',
  ]);
  expect(Object.keys(body.exercises[0])).toEqual([
    'id',
    'title',
    'material_id',
    'material_title',
    'class_id',
    'class_name',
    'started',
  ]);
  expect(Object.keys(body.materials[0])).toEqual(['id', 'title', 'class_id', 'class_name', 'created_at']);
});

it('leaves out what the student already submitted', async () => {
  const body = await todo('student2');
  expect(body.exams).toEqual([]);
  expect(body.exercises.map((e: { id: number; started: boolean }) => [e.id, e.started])).toEqual([
    [e2.id, true],
    [e1.id, false],
  ]);
});

it('an exam counts from seven days before its start; other classes never show', async () => {
  const first = await todo('student3');
  expect(first).toEqual({ exams: [], exercises: [], materials: [] });
  const now = Date.now();
  const moved = await api('teacher2', 'PUT', `/exams?id=${later.id}`, {
    title: 'UAS',
    total_marks: 100,
    class_id: t.fixture.classes[1].id,
    start_time: formatWib(now + 3 * 24 * HOUR),
    end_time: formatWib(now + 3 * 24 * HOUR + HOUR),
    content: MC,
  });
  expect(moved.statusCode).toBe(200);
  expect((await todo('student3')).exams).toEqual([
    expect.objectContaining({ id: later.id, title: 'UAS', status: 'Scheduled' }),
  ]);
});

it('is for students only', async () => {
  expect((await api('teacher', 'GET', '/students/todo')).statusCode).toBe(403);
  expect((await api('admin', 'GET', '/students/todo')).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/students/todo' })).statusCode).toBe(401);
});
