/**
 * Re-grading with an external essay scorer (ESSAY_SCORER=openai): the edit never waits for it. Essays whose question
 * changed are pending in the edit's answer and scored in the background; a teacher's score set meanwhile wins.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
let server: http.Server;
let calls = 0;

type Json = Record<string, any>;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      // Slow on purpose: the edit must answer before any essay is scored.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: calls === 1 ? '10' : '40' } }] }));
      }, 400);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await buildTestApp({
    app: {
      essayScorer: {
        kind: 'openai',
        apiKey: 'sk-local',
        model: 'm',
        timeoutMs: 3000,
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const CONTENT = { '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'b', '2_essay': 'Jelaskan' };

it('the edit answers at once with the changed essays pending, then they are scored in the background', async () => {
  const m = (
    await api('teacher', 'POST', '/materials', {
      title: 'M',
      description: 'd',
      content: 'c',
      class_id: t.fixture.classes[0].id,
    })
  ).json();
  const body = { title: 'E', total_marks: 100, material_id: m.id, content: CONTENT };
  const ex = (await api('teacher', 'POST', '/exercises', body)).json();
  await api('student', 'POST', '/exercises-answers', {
    exercise_id: ex.id,
    answers: { '1': 'A', '2': 'Jawaban saya' },
  });
  const first = (await api('student', 'POST', '/exercises/calculate-grade', { exercise_id: ex.id })).json();
  expect(first.detail['2']).toEqual({ kind: 'essay', score: 10, max: 50, pending: false, source: 'openai' });
  expect(first.score).toBe(10);

  const edit = await api('teacher', 'PUT', `/exercises?id=${ex.id}`, {
    ...body,
    content: { ...CONTENT, '1_answer': 'a', '2_essay': 'Jelaskan lebih rinci' },
  });
  expect(edit.statusCode).toBe(200);
  expect(edit.json().regraded).toBe(1);
  const studentId = t.fixture.students[0].id;
  const grade = async (): Promise<Json> =>
    (await api('teacher', 'GET', `/exercises/get-grade?exercise_id=${ex.id}&student_id=${studentId}`)).json()[0];
  const now = await grade();
  expect(now.detail['1']).toEqual({ kind: 'mc', correct: true });
  expect(now.detail['2']).toEqual({ kind: 'essay', score: null, max: 50, pending: true, source: 'openai' });
  expect(now.score).toBe(50);

  let later = now;
  for (let i = 0; i < 50 && later.detail['2'].pending; i++) {
    await new Promise((r) => setTimeout(r, 100));
    later = await grade();
  }
  expect(later.detail['2']).toEqual({ kind: 'essay', score: 40, max: 50, pending: false, source: 'openai' });
  expect(later.score).toBe(90);
});

it("a teacher's score given while the background scorer works is kept", async () => {
  const m = (
    await api('teacher', 'POST', '/materials', {
      title: 'M2',
      description: 'd',
      content: 'c',
      class_id: t.fixture.classes[0].id,
    })
  ).json();
  const body = { title: 'E', total_marks: 100, material_id: m.id, content: CONTENT };
  const ex = (await api('teacher', 'POST', '/exercises', body)).json();
  await api('student2', 'POST', '/exercises-answers', { exercise_id: ex.id, answers: { '1': 'b', '2': 'Jawaban' } });
  await api('student2', 'POST', '/exercises/calculate-grade', { exercise_id: ex.id });
  const before = calls;
  await api('teacher', 'PUT', `/exercises?id=${ex.id}`, { ...body, content: { ...CONTENT, '2_essay': 'Baru' } });
  const studentId = t.fixture.students[1].id;
  const set = await api('teacher', 'PATCH', '/exercises/essay-score', {
    exercise_id: ex.id,
    student_id: studentId,
    number: 2,
    score: 5,
  });
  expect(set.json().score).toBe(55);
  for (let i = 0; i < 30 && calls === before; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 800)); // the scorer's answer has arrived and been dropped
  const g = (
    await api('teacher', 'GET', `/exercises/get-grade?exercise_id=${ex.id}&student_id=${studentId}`)
  ).json()[0];
  expect(g.detail['2']).toEqual({ kind: 'essay', score: 5, max: 50, pending: false, source: 'teacher' });
  expect(g.score).toBe(55);
});
