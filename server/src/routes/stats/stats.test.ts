import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const MC = { '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'a' };

beforeAll(async () => {
  t = await buildTestApp();
  const classId = t.fixture.classes[0].id;
  const m1 = (
    await api('teacher', 'POST', '/materials', { title: 'M1', description: 'd', content: 'c', class_id: classId })
  ).json();
  await api('teacher', 'POST', '/materials', { title: 'M2', description: 'd', content: 'c', class_id: classId });
  const ex = (
    await api('teacher', 'POST', '/exercises', { title: 'E', total_marks: 100, material_id: m1.id, content: MC })
  ).json();
  await api('student', 'POST', '/exercises-answers', { exercise_id: ex.id, answers: { '1': 'A' } });
  await api('student', 'POST', '/exercises/calculate-grade', { exercise_id: ex.id });
  const now = Date.now();
  const exam = (
    await api('teacher', 'POST', '/exams', {
      title: 'UTS',
      total_marks: 100,
      class_id: classId,
      start_time: formatWib(now - 3600_000),
      end_time: formatWib(now + 3600_000),
      content: MC,
    })
  ).json();
  await api('student2', 'POST', '/exams-answers', { exam_id: exam.id, answers: { '1': 'b' } });
  await api('student2', 'POST', '/exams/calculate-grade', { exam_id: exam.id });
});
afterAll(async () => {
  await t.close();
});

it('admin: per class tasks and exam progress', async () => {
  const res = await api('admin', 'GET', '/stats/admin');
  expect(res.statusCode).toBe(200);
  expect(res.json().classes).toEqual([
    {
      class_id: t.fixture.classes[0].id,
      name: 'X IPA 1',
      grade: 10,
      students: 2,
      tasks_completed: 1,
      tasks_uncompleted: 1,
      exam_done: 1,
      exam_not_done: 1,
    },
    {
      class_id: t.fixture.classes[1].id,
      name: 'XI IPA 1',
      grade: 11,
      students: 1,
      tasks_completed: 0,
      tasks_uncompleted: 0,
      exam_done: 0,
      exam_not_done: 0,
    },
  ]);
  expect((await api('teacher', 'GET', '/stats/admin')).statusCode).toBe(403);
});

it('teacher: performance per grade, submissions per month, upcoming exams, active today', async () => {
  const res = await api('teacher', 'GET', '/stats/teacher');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.performance).toEqual([
    { grade: 10, average: 50 },
    { grade: 11, average: null },
    { grade: 12, average: null },
  ]);
  expect(body.submissions).toHaveLength(6);
  expect(body.submissions[5]).toEqual({ month: expect.stringMatching(/^\d{4}-\d\d$/), count: 2 });
  expect(body.upcoming_exams).toEqual([
    expect.objectContaining({
      class_id: t.fixture.classes[0].id,
      class_name: 'X IPA 1',
      title: 'UTS',
      status: 'Active',
    }),
  ]);
  expect(body.active_today).toBe(2);
  // Every field of the reply (the response schema would drop one not listed).
  expect(Object.keys(body).sort()).toEqual(['active_today', 'performance', 'submissions', 'upcoming_exams']);
  expect(Object.keys(body.upcoming_exams[0]).sort()).toEqual([
    'class_id',
    'class_name',
    'end_time',
    'id',
    'start_time',
    'status',
    'title',
  ]);
  const other = (await api('teacher2', 'GET', '/stats/teacher')).json();
  expect(other.upcoming_exams).toEqual([]);
  expect(other.active_today).toBe(0);
  expect((await api('student', 'GET', '/stats/teacher')).statusCode).toBe(403);
});

it('student: own progress only', async () => {
  expect((await api('student', 'GET', '/stats/student')).json()).toEqual({
    materials: { done: 1, total: 2 },
    tasks: { completed: 1, total: 1 },
    exams: { completed: 0, total: 1 },
  });
  expect((await api('student2', 'GET', '/stats/student')).json()).toEqual({
    materials: { done: 0, total: 2 },
    tasks: { completed: 0, total: 1 },
    exams: { completed: 1, total: 1 },
  });
  expect((await api('student3', 'GET', '/stats/student')).json()).toEqual({
    materials: { done: 0, total: 0 },
    tasks: { completed: 0, total: 0 },
    exams: { completed: 0, total: 0 },
  });
  expect((await api('admin', 'GET', '/stats/student')).statusCode).toBe(403);
});
