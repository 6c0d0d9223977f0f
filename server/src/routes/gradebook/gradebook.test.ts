import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// The class gradebook: every exercise and exam (closed ones too) as a column, the roster as rows, empty ≠ 0.
jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const at = (offsetMs: number) => formatWib(new Date(Date.now() + offsetMs));
const MC = { '1': 'Q1', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'c' };
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const ok = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => {
  const res = await api(who, method, url, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const classId = () => t.fixture.classes[0].id;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('lists every exercise and every exam, closed ones included, with the roster in NIS order; an empty cell is null, a zero is 0', async () => {
  const material = await ok('teacher', 'POST', '/materials', {
    title: 'Bab 1',
    description: 'd',
    content: '<p>x</p>',
    class_id: classId(),
  });
  const exercise = await ok('teacher', 'POST', '/exercises', {
    title: 'Latihan 1',
    total_marks: 100,
    material_id: material.id,
    content: MC,
  });
  await ok('student', 'POST', '/exercises-answers', { exercise_id: exercise.id, answers: { 1: 'c' } });
  await ok('student', 'POST', '/exercises/calculate-grade', { exercise_id: exercise.id });
  // students[1] answers wrong: a real 0; students[0] never takes the first exam: an empty cell
  const daily = await ok('teacher', 'POST', '/exams', {
    title: 'UH 1',
    total_marks: 100,
    class_id: classId(),
    content: MC,
    kind: 'daily',
    start_time: at(-HOUR),
    end_time: at(HOUR),
  });
  await ok('student2', 'POST', '/exams-answers', { exam_id: daily.id, answers: { 1: 'a' } });
  await ok('student2', 'POST', '/exams/calculate-grade', { exam_id: daily.id });
  await ok('teacher', 'PATCH', `/exams?id=${daily.id}`, {
    title: 'UH 1',
    total_marks: 100,
    content: MC,
    start_time: at(-2 * HOUR),
    end_time: at(-1000),
  });
  await ok('teacher', 'POST', `/exams/close?id=${daily.id}`);
  const midterm = await ok('teacher', 'POST', '/exams', {
    title: 'PTS',
    total_marks: 100,
    class_id: classId(),
    content: MC,
    kind: 'other',
    kind_label: 'Kuis',
    start_time: at(-HOUR / 2),
    end_time: at(HOUR),
  });
  await ok('student', 'POST', '/exams-answers', { exam_id: midterm.id, answers: { 1: 'c' } });
  await ok('student', 'POST', '/exams/calculate-grade', { exam_id: midterm.id });

  const book = await ok('teacher', 'GET', `/classes/gradebook?id=${classId()}`);
  expect(book).toMatchObject({
    class_id: classId(),
    class_name: 'X IPA 1',
    default_weights: true,
    weights: { exercise: 30, daily: 20, midterm: 20, final: 30 },
  });
  // in the order they were given: the daily test (2 h ago), the quiz (½ h ago), the exercise (now)
  expect(book.assessments).toEqual([
    {
      type: 'exam',
      id: daily.id,
      title: 'UH 1',
      kind: 'daily',
      kind_label: null,
      date: at(-2 * HOUR).slice(0, 10),
      closed: true,
    },
    {
      type: 'exam',
      id: midterm.id,
      title: 'PTS',
      kind: 'other',
      kind_label: 'Kuis',
      date: at(-HOUR / 2).slice(0, 10),
      closed: false,
    },
    {
      type: 'exercise',
      id: exercise.id,
      title: 'Latihan 1',
      kind: 'exercise',
      kind_label: null,
      date: at(0).slice(0, 10),
      closed: false,
    },
  ]);
  const [s0, s1] = t.fixture.students;
  expect(book.students.map((s: { nis: string }) => s.nis)).toEqual([s0.nis, s1.nis]);
  const col = (type: string, id: number) =>
    book.assessments.findIndex((a: { type: string; id: number }) => a.type === type && a.id === id);
  const row = (id: number) => book.students.find((s: { id: number }) => s.id === id).scores;
  expect(row(s0.id)[col('exercise', exercise.id)]).toBe(100);
  expect(row(s0.id)[col('exam', daily.id)]).toBeNull();
  expect(row(s1.id)[col('exam', daily.id)]).toBe(0);
  expect(row(s1.id)[col('exercise', exercise.id)]).toBeNull();
  expect(row(s0.id)[col('exam', midterm.id)]).toBe(100);
});

it("stores the teacher's weights when they add up to 100; refuses the rest and other callers", async () => {
  const url = `/classes/gradebook-weights?id=${classId()}`;
  const refused = [
    { exercise: 30, daily: 20, midterm: 20, final: 20 },
    { exercise: 130, daily: -10, midterm: -10, final: -10 },
    { exercise: 25.5, daily: 24.5, midterm: 20, final: 30 },
    { exercise: 1e308, daily: 20, midterm: 20, final: 30 },
    { exercise: 30, daily: 20, midterm: 20 },
    { exercise: '30', daily: 20, midterm: 20, final: '三十' },
  ];
  for (const body of refused) {
    const res = await api('teacher', 'PUT', url, body);
    expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    expect(res.json()).toMatchObject({
      code: expect.any(String),
      error: expect.any(String),
      message: expect.any(String),
    });
  }
  const sum = await api('teacher', 'PUT', url, refused[0]);
  expect(sum.json()).toMatchObject({ code: 'weights-sum', params: { sum: 90 } });
  for (const who of ['teacher2', 'student', 'student3']) {
    expect((await api(who, 'PUT', url, { exercise: 25, daily: 25, midterm: 25, final: 25 })).statusCode).toBe(403);
    expect((await api(who, 'GET', `/classes/gradebook?id=${classId()}`)).statusCode).toBe(403);
  }
  expect((await api('teacher', 'GET', '/classes/gradebook?id=999999')).statusCode).toBe(404);
  expect((await api('teacher', 'GET', `/classes/gradebook?id=${classId()}`)).json().default_weights).toBe(true);

  expect(await ok('teacher', 'PUT', url, { exercise: 40, daily: 10, midterm: 20, final: 30 })).toEqual({
    exercise: 40,
    daily: 10,
    midterm: 20,
    final: 30,
  });
  expect(await ok('admin', 'PATCH', url, { exercise: 40, daily: 10, midterm: 25, final: 25 })).toEqual({
    exercise: 40,
    daily: 10,
    midterm: 25,
    final: 25,
  });
  const book = await ok('teacher', 'GET', `/classes/gradebook?id=${classId()}`);
  expect(book).toMatchObject({ default_weights: false, weights: { exercise: 40, daily: 10, midterm: 25, final: 25 } });
});
