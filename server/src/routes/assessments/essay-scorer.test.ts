/** Grading through the HTTP API with ESSAY_SCORER=openai against a local OpenAI-compatible server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
let server: http.Server;
let mode: 'ok' | 'fail' | 'hang' = 'ok';

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
      if (mode === 'hang') return void setTimeout(() => res.end(), 6000);
      if (mode === 'fail') return void res.writeHead(503).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: '40' } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await buildTestApp({
    app: {
      essayScorer: {
        kind: 'openai',
        apiKey: 'sk-local',
        model: 'm',
        timeoutMs: 1500,
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

async function gradeEssay(who: string): Promise<{ status: number; body: Record<string, any>; ms: number }> {
  const classId = t.fixture.classes[0].id;
  const m = (
    await api('teacher', 'POST', '/materials', { title: `M ${who}`, description: 'd', content: 'c', class_id: classId })
  ).json();
  const ex = (
    await api('teacher', 'POST', '/exercises', {
      title: 'E',
      total_marks: 100,
      material_id: m.id,
      content: { '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'd', '2_essay': 'Jelaskan' },
    })
  ).json();
  await api(who, 'POST', '/exercises-answers', { exercise_id: ex.id, answers: { '1': 'D', '2': 'Jawaban saya' } });
  const started = Date.now();
  const res = await api(who, 'POST', '/exercises/calculate-grade', { exercise_id: ex.id });
  return { status: res.statusCode, body: { ...res.json(), exercise_id: ex.id }, ms: Date.now() - started };
}

it("uses the scorer's number", async () => {
  mode = 'ok';
  const g = await gradeEssay('student');
  expect(g.status).toBe(200);
  expect(g.body.score).toBe(90);
  expect(g.body.detail['2']).toEqual({ kind: 'essay', score: 40, max: 50, pending: false, source: 'openai' });
});

it('a failing scorer never fails the grade: the essay is pending until the teacher sets it', async () => {
  mode = 'fail';
  const g = await gradeEssay('student2');
  expect(g.status).toBe(200);
  expect(g.body.score).toBe(50);
  expect(g.body.detail['2']).toEqual({ kind: 'essay', score: null, max: 50, pending: true, source: 'openai' });
  const fixed = await api('teacher', 'PATCH', '/exercises/essay-score', {
    exercise_id: g.body.exercise_id,
    student_id: t.fixture.students[1].id,
    number: 2,
    score: 50,
  });
  expect(fixed.json().score).toBe(100);
});

it('a scorer that does not answer in time leaves the essay pending', async () => {
  mode = 'hang';
  const g = await gradeEssay('student');
  expect(g.status).toBe(200);
  expect(g.ms).toBeLessThan(5500); // the scorer's server would answer only after 6 s
  expect(g.body.detail['2']).toMatchObject({ score: null, pending: true });
});
