import { EXAM_JOB_LEASE, runExamAutoSubmit, startExamAutoSubmit } from '../../domain/repo/exam-job';
import { LocalEssayScorer } from '../../domain/scorers';
import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

let t: TestApp;
const CONTENT = {
  '1': 'Q1',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'c',
  '2_essay': 'Sebutkan warna primer',
  '2_essay_answer': 'merah kuning biru',
};
const HOUR = 3600_000;
const at = (offsetMs: number) => formatWib(new Date(Date.now() + offsetMs));
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const classId = () => t.fixture.classes[0].id;
const scorer = { scorer: new LocalEssayScorer(), timeoutMs: 1000 };

let examId: number;
const examBody = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  title: 'UTS',
  total_marks: 100,
  class_id: classId(),
  teacher_id: 77,
  start_time: start,
  end_time: end,
  content: CONTENT,
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('exams', () => {
  it('creation validates times and ownership; one exam per class', async () => {
    expect((await api('teacher', 'POST', '/exams', examBody('', at(HOUR)))).statusCode).toBe(400);
    expect((await api('teacher', 'POST', '/exams', examBody(at(HOUR), at(HOUR)))).statusCode).toBe(400);
    expect((await api('teacher', 'POST', '/exams', examBody(at(2 * HOUR), at(HOUR)))).statusCode).toBe(400);
    expect(
      (await api('teacher', 'POST', '/exams', examBody('2025-06-29T08:00:00', '2025-06-29T10:00:00'))).statusCode,
    ).toBe(400);
    expect((await api('teacher2', 'POST', '/exams', examBody(at(HOUR), at(2 * HOUR)))).statusCode).toBe(403);
    expect((await api('student', 'POST', '/exams', examBody(at(HOUR), at(2 * HOUR)))).statusCode).toBe(403);
    const res = await api('teacher', 'POST', '/exams', examBody('2030-01-02T08:00:00+07:00', '2030-01-02T01:30:00Z'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      class_id: classId(),
      title: 'UTS',
      total_marks: 100,
      teacher_id: t.fixture.teachers[0].id,
      start_time: '2030-01-02T08:00:00+07:00',
      end_time: '2030-01-02T08:30:00+07:00',
      status: 'Scheduled',
    });
    expect(res.json().server_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    examId = res.json().id;
    const again = await api('teacher', 'POST', '/exams', examBody(at(HOUR), at(2 * HOUR)));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Exam already exists');
  });

  it('while Scheduled students get content {} (all endpoints) and cannot answer', async () => {
    const list = await api('student', 'GET', `/exams?class_id=${classId()}`);
    expect(list.json()).toEqual([expect.objectContaining({ id: examId, status: 'Scheduled', content: {} })]);
    expect((await api('student', 'GET', `/exams/student?class_id=${classId()}&number=1`)).json()[0].content).toEqual(
      {},
    );
    expect((await api('teacher', 'GET', `/exams?class_id=${classId()}`)).json()[0].content).toEqual(CONTENT);
    expect((await api('student3', 'GET', `/exams?class_id=${classId()}`)).statusCode).toBe(403);
    const post = await api('student', 'POST', '/exams-answers', { exam_id: examId, answers: {} });
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe('The exam has not started yet');
    const grade = await api('student', 'POST', '/exams/calculate-grade', {
      exam_id: examId,
      student_id: t.fixture.students[0].id,
    });
    expect(grade.statusCode).toBe(403);
  });

  let sheetId: number;
  it('while Active students answer; no answer keys; PATCH/PUT work', async () => {
    const upd = await api('teacher', 'PUT', `/exams?id=${examId}`, examBody(at(-HOUR), at(HOUR)));
    expect(upd.json().status).toBe('Active');
    const list = await api('student', 'GET', `/exams?class_id=${classId()}`);
    const content = list.json()[0].content;
    expect(content['1']).toBe('Q1');
    expect(Object.keys(content).filter((k) => k.endsWith('_answer'))).toEqual([]);
    expect((await api('student', 'GET', `/exams/student?class_id=${classId()}&number=2`)).json()[0].content).toEqual({
      '2_essay': 'Sebutkan warna primer',
    });
    const post = await api('student', 'POST', '/exams-answers', { exam_id: examId, answers: {} });
    expect(post.json()).toMatchObject({
      exam_id: examId,
      student_id: t.fixture.students[0].id,
      status: 'Active',
      score: null,
    });
    sheetId = post.json().id;
    const put = await api('student', 'PUT', `/exams-answers?id=${sheetId}`, { answers: { '1': 'C' } });
    expect(put.json()).toEqual({
      id: sheetId,
      exam_id: examId,
      student_id: t.fixture.students[0].id,
      answers: { '1': 'C' },
      status: 'Active',
      score: null,
    });
    const patch = await api('student', 'PATCH', `/exams-answers?id=${sheetId}`, {
      answers: { '1': 'C', '2': 'Merah, kuning dan biru' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await api('student2', 'PATCH', `/exams-answers?id=${sheetId}`, { answers: {} })).statusCode).toBe(403);
  });

  it("an edit reaches students at once, still without keys; the teacher's view keeps them (the student view is cached)", async () => {
    const studentContent = async () => (await api('student', 'GET', `/exams?class_id=${classId()}`)).json()[0].content;
    const teacherContent = async () => (await api('teacher', 'GET', `/exams?class_id=${classId()}`)).json()[0].content;
    expect((await studentContent())['1']).toBe('Q1');
    const window = (await api('teacher', 'GET', `/exams?class_id=${classId()}`)).json()[0];
    const edit = (content: Record<string, string>) =>
      api('teacher', 'PUT', `/exams?id=${examId}`, examBody(window.start_time, window.end_time, { content }));
    expect((await edit({ ...CONTENT, '1': 'Q1 edited' })).statusCode).toBe(200);
    const seen = await studentContent();
    expect(seen['1']).toBe('Q1 edited');
    expect(Object.keys(seen).filter((k) => k.endsWith('_answer'))).toEqual([]);
    expect(await teacherContent()).toEqual({ ...CONTENT, '1': 'Q1 edited' });
    expect((await studentContent())['1_answer']).toBeUndefined();
    expect((await edit(CONTENT)).statusCode).toBe(200);
    expect((await studentContent())['1']).toBe('Q1');
  });

  it('after the end answers are refused with 403; the job grades open sheets once', async () => {
    const post2 = await api('student2', 'POST', '/exams-answers', { exam_id: examId, answers: { '1': 'a' } });
    const sheet2 = post2.json().id;
    await api('teacher', 'PATCH', `/exams?id=${examId}`, examBody(at(-2 * HOUR), at(-1000)));
    const late = await api('student', 'PATCH', `/exams-answers?id=${sheetId}`, { answers: { '1': 'a' } });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('The exam has ended');
    expect((await api('student', 'GET', `/exams?class_id=${classId()}`)).json()[0].status).toBe('Completed');

    expect(await runExamAutoSubmit(t.db, scorer)).toBe(2);
    expect(await runExamAutoSubmit(t.db, scorer)).toBe(0);
    const g1 = await api('student', 'GET', `/exams/get-grade?exam_id=${examId}`);
    expect(g1.json()).toEqual([
      {
        id: expect.any(Number),
        exam_id: examId,
        student_id: t.fixture.students[0].id,
        score: 100,
        detail: {
          '1': { kind: 'mc', correct: true },
          '2': { kind: 'essay', score: 50, max: 50, pending: false, source: 'local' },
        },
      },
    ]);
    const g2 = await api('student2', 'GET', `/exams/get-grade?exam_id=${examId}`);
    expect(g2.json()[0].score).toBe(0);
    const sheets = await api('teacher', 'GET', `/exams-answers?exam_id=${examId}`);
    expect(sheets.json().map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [sheetId, 'Inactive'],
      [sheet2, 'Inactive'],
    ]);
    // Calling calculate-grade after the end returns the same stored grade.
    const again = await api('student', 'POST', '/exams/calculate-grade', { exam_id: examId });
    expect(again.json()).toEqual(g1.json()[0]);
    expect((await api('student', 'GET', '/exams/get-all-grade')).json()).toEqual(g1.json());
    const subs = await api('teacher', 'GET', `/exams/submissions?exam_id=${examId}`);
    expect(subs.json().map((s: { status: string }) => s.status)).toEqual(['Submitted', 'Submitted']);
  });

  it('the job takes a lease: a second node does not run while the first holds it', async () => {
    const a = startExamAutoSubmit(t.db, scorer, { intervalMs: 60_000 });
    const b = startExamAutoSubmit(t.db, scorer, { intervalMs: 60_000 });
    try {
      await a.tick();
      const lease = await t.db
        .selectFrom('job_leases')
        .selectAll()
        .where('name', '=', EXAM_JOB_LEASE)
        .executeTakeFirstOrThrow();
      expect(await b.tick()).toBe(0);
      const after = await t.db
        .selectFrom('job_leases')
        .selectAll()
        .where('name', '=', EXAM_JOB_LEASE)
        .executeTakeFirstOrThrow();
      expect(after.holder).toBe(lease.holder);
    } finally {
      a.stop();
      b.stop();
    }
  });

  it('calculate-grade inside the window locks the sheet; concurrent calls store one grade', async () => {
    await api('teacher', 'DELETE', `/exams?id=${examId}`);
    const created = await api('teacher', 'POST', '/exams', examBody(at(-HOUR), at(HOUR)));
    const id = created.json().id;
    const sheet = (await api('student', 'POST', '/exams-answers', { exam_id: id, answers: { '1': 'c' } })).json();
    const results = await Promise.all(
      [1, 2, 3].map(() => api('student', 'POST', '/exams/calculate-grade', { exam_id: id })),
    );
    const bodies = results.map((r) => r.json());
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ exam_id: id, score: 50 });
    const count = await t.db
      .selectFrom('exam_scores')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const locked = await api('student', 'PATCH', `/exams-answers?id=${sheet.id}`, { answers: { '1': 'a' } });
    expect(locked.statusCode).toBe(409);
  });
});
