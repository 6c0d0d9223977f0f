/**
 * The first-load reads run as one prepared statement each (domain/repo/hot-reads.ts) and are serialized by response
 * schemas (routes/read-schemas.ts): totals past the last page, nulls, and 403/404 stay what they were.
 */
import { formatWib } from '../domain/exam-window';
import { buildTestApp, type TestApp } from '../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
let classId: number;
let materialId: number;
let examId: number;

beforeAll(async () => {
  t = await buildTestApp();
  classId = t.fixture.classes[0].id;
  materialId = (
    await api('teacher', 'POST', '/materials', {
      title: 'M1',
      description: 'd',
      content: '<p>c</p>',
      class_id: classId,
    })
  ).json().id;
  await api('teacher', 'POST', '/materials', { title: 'M2', description: 'd', content: 'c', class_id: classId });
  for (const topic of ['A', 'B', 'C'])
    await api('student', 'POST', '/discussions-material', { topic, description: 'x', material_id: materialId });
  const now = Date.now();
  examId = (
    await api('teacher', 'POST', '/exams', {
      title: 'UTS',
      total_marks: 100,
      class_id: classId,
      start_time: formatWib(now - 3600_000),
      end_time: formatWib(now + 3600_000),
      content: { '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'a' },
    })
  ).json().id;
  await api('student', 'POST', '/exams-answers', { exam_id: examId, answers: { '1': 'b' } });
});
afterAll(async () => {
  await t.close();
});

it('pages past the end still carry the total', async () => {
  const student = t.fixture.students[0].id;
  const classes = (await api('student', 'GET', `/classes/assigned?id=${student}&page=9&pageSize=1`)).json();
  expect(classes.classes).toEqual([]);
  expect(classes.meta).toEqual({ page: 9, pageSize: 1, total: 1, totalPage: 1, totalpages: 1 });
  const materials = (await api('student', 'GET', `/materials/from-class?id=${classId}&page=3&pageSize=1`)).json();
  expect(materials).toEqual({ materials: [], meta: { page: 3, pageSize: 1, total: 2, totalPage: 2, totalpages: 2 } });
  const posts = (await api('student', 'GET', `/discussions-material?id=${materialId}&page=2&pageSize=3`)).json();
  expect(posts).toEqual({ discussions: [], meta: { page: 2, pageSize: 3, total: 3, totalPage: 1, totalpages: 1 } });
  const first = (await api('student', 'GET', `/discussions-material?id=${materialId}&pageSize=2`)).json();
  expect(first.discussions.map((d: { topic: string }) => d.topic)).toEqual(['C', 'B']);
  expect(first.meta.total).toBe(3);
});

it('keeps nulls and every field of the answers', async () => {
  const materials = (await api('student', 'GET', `/materials/from-class?id=${classId}`)).json();
  expect(materials.materials[0]).toEqual({
    id: materialId,
    class_id: classId,
    title: 'M1',
    description: 'd',
    content: '<p>c</p>',
    teacher_id: expect.any(Number),
    exercise_id: null,
  });
  const sheet = (
    await api('student', 'GET', `/exams-answers?exam_id=${examId}&student_id=${t.fixture.students[0].id}`)
  ).json();
  expect(sheet).toEqual([
    {
      id: expect.any(Number),
      exam_id: examId,
      student_id: t.fixture.students[0].id,
      answers: { '1': 'b' },
      status: 'Active',
      score: null,
      answers_seq: null,
    },
  ]);
  expect((await api('student2', 'GET', `/exams-answers?exam_id=${examId}`)).json()).toEqual([]);
  const [exam] = (await api('student', 'GET', `/exams?class_id=${classId}&number=0`)).json();
  expect(exam.content).toEqual({ '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd' });
  expect(Object.keys(exam)).toEqual([
    'id',
    'class_id',
    'title',
    'content',
    'total_marks',
    'teacher_id',
    'start_time',
    'end_time',
    'status',
    'server_time',
    'shuffle_questions',
    'shuffle_options',
    'order_seed',
    'kind',
    'kind_label',
    'closed_at',
    'show_answers',
    'delivery',
  ]); // order_seed: the student's own order; delivery: the ticket for sealing unsent answers
});

it('answers 404 for what does not exist and 403 to a student of another class', async () => {
  expect((await api('student', 'GET', '/materials/from-class?id=999999')).statusCode).toBe(404);
  expect((await api('student3', 'GET', `/materials/from-class?id=${classId}`)).statusCode).toBe(403);
  expect((await api('student3', 'GET', `/exams?class_id=${classId}`)).statusCode).toBe(403);
  expect((await api('student3', 'GET', `/discussions-material?id=${materialId}`)).statusCode).toBe(403);
  expect((await api('student', 'GET', '/exams-answers?exam_id=999999')).statusCode).toBe(404);
  expect(
    (await api('student', 'GET', `/exams-answers?exam_id=${examId}&student_id=${t.fixture.students[1].id}`)).statusCode,
  ).toBe(403);
});
