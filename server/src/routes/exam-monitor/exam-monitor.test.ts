import { apiAs, createAnswerItems, MC_AND_ESSAY, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { formatWib } from '../../domain/exam-window';
import { runExamAutoSubmit } from '../../domain/repo/exam-job';
import { scorerFrom } from '../../domain/scorers';

// The proctor's live monitor, extra time, one device at a time and ending one attempt (SQLite, PostgreSQL, two nodes).
jest.setTimeout(60_000);

const OFFLINE_MS = 3000;
let t: TestApp;
const api = apiAs(() => t);
let items: Record<AnswerKind, AnswerItem>;
const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const DEVICE_A = 'deviceAAAAAAAAAAAAAAAA';
const DEVICE_B = 'deviceBBBBBBBBBBBBBBBB';

beforeAll(async () => {
  t = await buildTestApp({ app: { proctoring: { offlineAfterMs: OFFLINE_MS, deviceSilentMs: 60 * MINUTE } } });
  items = await createAnswerItems(t, MC_AND_ESSAY);
});
afterAll(async () => {
  await t?.close();
});

const examId = () => items.exam.id;
const monitor = (who = 'teacher', headers: Record<string, string> = {}) =>
  t.injectWithLogin(who, { method: 'GET', url: `/api/v1/exams/monitor?id=${examId()}`, headers });
const rowOf = (body: { students: Array<{ student_id: number }> }, i: number) =>
  body.students.find((s) => s.student_id === t.fixture.students[i].id) as Record<string, unknown>;
const save = (who: string, sheetId: number, answers: Record<string, string>, device?: string) =>
  t.injectWithLogin(who, {
    method: 'PATCH',
    url: `/api/v1/exams-answers?id=${sheetId}`,
    payload: { answers },
    ...(device ? { headers: { 'x-kelasku-device': device } } : {}),
  });
const heartbeat = (who: string, sheetId: number, device?: string) =>
  t.injectWithLogin(who, {
    method: 'POST',
    url: `/api/v1/exams-answers/heartbeat?id=${sheetId}`,
    ...(device ? { headers: { 'x-kelasku-device': device } } : {}),
  });

describe('the monitor', () => {
  let sheet0: number;

  it('lists every student of the class, not started, with the exam end as their end', async () => {
    const res = await monitor();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.students).toHaveLength(2);
    expect(rowOf(body, 0)).toMatchObject({
      status: 'not-started',
      answered: 0,
      total: 2,
      devices: 0,
      last_activity: null,
      extra_minutes: 0,
      end_time: body.end_time,
    });
    expect(res.headers.etag).toMatch(/^".+"$/);
  });

  it('answers 304 to its own ETag while nothing changed, and a new body after a save', async () => {
    const first = await monitor();
    const again = await monitor('teacher', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(Number(again.headers['content-length'] ?? 0)).toBe(0);
    const open = await api('student', 'POST', '/exams-answers', { exam_id: examId(), answers: {} });
    sheet0 = open.json().id;
    expect((await save('student', sheet0, { '1': 'c' }, DEVICE_A)).statusCode).toBe(200);
    const after = await monitor('teacher', { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(rowOf(after.json(), 0)).toMatchObject({ status: 'answering', answered: 1, total: 2, devices: 1 });
    expect(rowOf(after.json(), 0).last_activity).toMatch(/\+07:00$/);
    expect(rowOf(after.json(), 1)).toMatchObject({ status: 'not-started' });
  });

  it('shows a student offline after the configured time without a save or heartbeat, answering again after a heartbeat', async () => {
    await sleep(OFFLINE_MS + 300);
    expect(rowOf((await monitor()).json(), 0)).toMatchObject({ status: 'offline', devices: 0 });
    expect((await heartbeat('student', sheet0, DEVICE_A)).statusCode).toBe(200);
    expect(rowOf((await monitor()).json(), 0)).toMatchObject({ status: 'answering', devices: 1, answered: 1 });
  });

  it('counts a second device (a save without a device id counts as one)', async () => {
    expect((await save('student', sheet0, { '1': 'c', '2': 'x' })).statusCode).toBe(200);
    expect(rowOf((await monitor()).json(), 0)).toMatchObject({ devices: 2, answered: 2 });
  });

  it("is the class teacher's and admins' only", async () => {
    expect((await monitor('admin')).statusCode).toBe(200);
    for (const who of ['teacher2', 'student', 'student3']) expect((await monitor(who)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/v1/exams/monitor?id=${examId()}` })).statusCode).toBe(401);
    expect(
      (await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/exams/monitor?id=2147483648' })).statusCode,
    ).toBe(400);
    expect(
      (await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/exams/monitor?id=999999' })).statusCode,
    ).toBe(404);
  });

  it("heartbeats only for the student's own sheet, with a well-formed device id", async () => {
    expect((await heartbeat('student2', sheet0, DEVICE_B)).statusCode).toBe(403);
    expect((await heartbeat('student', 2147483647, DEVICE_A)).statusCode).toBe(404);
    expect((await heartbeat('teacher', sheet0)).statusCode).toBe(403);
    for (const bad of ['short', 'x'.repeat(65), 'dévice-ünïcode-id', 'device id with spaces']) {
      const res = await heartbeat('student', sheet0, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad-request' });
    }
    const badSave = await save('student', sheet0, { '1': 'a' }, '\u{1F600}'.repeat(4));
    expect(badSave.statusCode).toBe(400);
    expect((await api('student', 'GET', `/exams-answers?exam_id=${examId()}`)).json()[0].answers['1']).toBe('c');
  });
});

describe('extra time', () => {
  let sheet0: number;
  let sheet1: number;
  const grant = (studentIndex: number, minutes: unknown, who = 'teacher', extra: Record<string, unknown> = {}) =>
    t.injectWithLogin(who, {
      method: 'POST',
      url: `/api/v1/exams/monitor/extra-time?id=${examId()}`,
      payload: { student_id: t.fixture.students[studentIndex].id, minutes, ...extra },
    });

  beforeAll(async () => {
    sheet0 = (await api('student', 'POST', '/exams-answers', { exam_id: examId(), answers: {} })).json().id;
    sheet1 = (await api('student2', 'POST', '/exams-answers', { exam_id: examId(), answers: {} })).json().id;
  });

  it('refuses absurd minutes, other students, extra fields and other callers, and stores nothing', async () => {
    for (const minutes of [-1, 601, 1e20, 1.5, 'ten', [1, 2]]) expect((await grant(0, minutes)).statusCode).toBe(400);
    expect((await grant(0, 10, 'teacher', { note: 'x' })).statusCode).toBe(400);
    expect((await grant(2, 10)).statusCode).toBe(404); // students[2] is in another class
    expect((await grant(0, 10, 'teacher2')).statusCode).toBe(403);
    expect((await grant(0, 10, 'student')).statusCode).toBe(403);
    expect(rowOf((await monitor()).json(), 0)).toMatchObject({ extra_minutes: 0 });
  });

  it('lets the student with extra minutes save past the end while a classmate is refused', async () => {
    expect((await grant(0, 30)).statusCode).toBe(200);
    await t.db
      .updateTable('exams')
      .set({ end_time: new Date(Date.now() - MINUTE).toISOString() })
      .where('id', '=', examId())
      .execute();
    expect((await save('student', sheet0, { '1': 'b' })).statusCode).toBe(200);
    // the student's page learns its own end from a heartbeat
    const beat = await heartbeat('student', sheet0, DEVICE_A);
    expect(beat.json().extra_minutes).toBe(30);
    expect(Date.parse(beat.json().end_time)).toBeGreaterThan(Date.now() + 25 * MINUTE);
    const refused = await save('student2', sheet1, { '1': 'b' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'exam-ended' });
    const body = (await monitor()).json();
    expect(rowOf(body, 0).extra_minutes).toBe(30);
    expect(Date.parse(String(rowOf(body, 0).end_time)) - Date.parse(body.end_time)).toBe(30 * MINUTE);
    // changes (per question, the newer client) and the to-do list honour it too
    const changes = await t.injectWithLogin('student', {
      method: 'PATCH',
      url: `/api/v1/exams-answers?id=${sheet0}`,
      payload: { changes: { '2': { answer: 'essay', at: Date.now() } } },
    });
    expect(changes.statusCode).toBe(200);
    const todo0 = (await api('student', 'GET', '/students/todo')).json();
    const todo1 = (await api('student2', 'GET', '/students/todo')).json();
    expect(todo0.exams.map((e: { id: number }) => e.id)).toContain(examId());
    expect(todo1.exams.map((e: { id: number }) => e.id)).not.toContain(examId());
  });

  it('keeps the auto-submit job off the student with extra minutes until their own end', async () => {
    await runExamAutoSubmit(t.db, scorerFrom());
    const sheets = (await api('teacher', 'GET', `/exams-answers?exam_id=${examId()}`)).json<
      Array<{
        id: number;
        status: string;
      }>
    >();
    expect(sheets.find((s) => s.id === sheet0)?.status).toBe('Active');
    expect(sheets.find((s) => s.id === sheet1)?.status).toBe('Inactive');
    // past the student's own end the job submits them too
    await runExamAutoSubmit(t.db, scorerFrom(), new Date(Date.now() + 31 * MINUTE));
    const later = (await api('teacher', 'GET', `/exams-answers?exam_id=${examId()}`)).json<
      Array<{
        id: number;
        status: string;
      }>
    >();
    expect(later.find((s) => s.id === sheet0)?.status).toBe('Inactive');
    expect(rowOf((await monitor()).json(), 0)).toMatchObject({ status: 'submitted' });
  });
});

describe('one device at a time, and ending one attempt', () => {
  // students[2] in classes[1] (teacher2): an exam of its own, open now
  let exam: number;
  let sheet: number;
  const teacher2 = (path: string, payload: unknown) =>
    t.injectWithLogin('teacher2', {
      method: 'POST',
      url: `/api/v1/exams/monitor/${path}?id=${exam}`,
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    const created = await api('teacher2', 'POST', '/exams', {
      title: 'PTS',
      total_marks: 100,
      class_id: t.fixture.classes[1].id,
      content: MC_AND_ESSAY,
      start_time: formatWib(new Date(Date.now() - 60 * MINUTE)),
      end_time: formatWib(new Date(Date.now() + 60 * MINUTE)),
    });
    exam = created.json().id;
    expect((await teacher2('one-device', { on: true })).statusCode).toBe(200);
    sheet = (await api('student3', 'POST', '/exams-answers', { exam_id: exam, answers: {} })).json().id;
  });

  it('refuses a second device until the proctor releases the first, and stores nothing of the refused save', async () => {
    expect((await save('student3', sheet, { '1': 'a' }, DEVICE_A)).statusCode).toBe(200);
    const second = await save('student3', sheet, { '1': 'd' }, DEVICE_B);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'exam-other-device' });
    expect((await heartbeat('student3', sheet, DEVICE_B)).statusCode).toBe(409);
    // the original client (no device id) is one more device
    expect((await save('student3', sheet, { '1': 'd' })).statusCode).toBe(409);
    expect((await api('student3', 'GET', `/exams-answers?exam_id=${exam}`)).json()[0].answers).toEqual({ '1': 'a' });

    expect((await teacher2('release-device', { student_id: t.fixture.students[2].id })).statusCode).toBe(200);
    expect((await save('student3', sheet, { '1': 'd' }, DEVICE_B)).statusCode).toBe(200);
    // now the first device is the second one
    expect((await save('student3', sheet, { '1': 'b' }, DEVICE_A)).statusCode).toBe(409);
    expect((await api('student3', 'GET', `/exams-answers?exam_id=${exam}`)).json()[0].answers).toEqual({ '1': 'd' });
  });

  it('lets any device save once the mode is off', async () => {
    expect((await teacher2('one-device', { on: false })).statusCode).toBe(200);
    await sleep(2100); // another node trusts the mode it read for 2 s
    expect((await save('student3', sheet, { '1': 'b' }, DEVICE_A)).statusCode).toBe(200);
  });

  it("ends one student's attempt: the sheet is locked and graded", async () => {
    expect((await teacher2('end-attempt', { student_id: t.fixture.students[0].id })).statusCode).toBe(404);
    expect((await teacher2('end-attempt', { student_id: 'x' })).statusCode).toBe(400);
    const ended = await teacher2('end-attempt', { student_id: t.fixture.students[2].id });
    expect(ended.statusCode).toBe(200);
    expect((await save('student3', sheet, { '1': 'c' }, DEVICE_A)).statusCode).toBe(409);
    const grade = await api(
      'student3',
      'GET',
      `/exams/get-grade?exam_id=${exam}&student_id=${t.fixture.students[2].id}`,
    );
    expect(grade.json()).toHaveLength(1);
    const res = await t.injectWithLogin('teacher2', { method: 'GET', url: `/api/v1/exams/monitor?id=${exam}` });
    expect(res.json().students[0]).toMatchObject({ status: 'submitted', answered: 1 });
  });
});

describe('the holder when one-device mode is switched on', () => {
  it('is the device seen last, not one left over from earlier', async () => {
    // one exam per class: the class's earlier exam goes first
    const old = (await api('teacher2', 'GET', `/exams?class_id=${t.fixture.classes[1].id}`)).json<Array<{
      id: number;
    }> | null>();
    for (const e of old ?? []) await api('teacher2', 'DELETE', `/exams?id=${e.id}`);
    const exam = (
      await api('teacher2', 'POST', '/exams', {
        title: 'PAS',
        total_marks: 100,
        class_id: t.fixture.classes[1].id,
        content: MC_AND_ESSAY,
        start_time: formatWib(new Date(Date.now() - 60 * MINUTE)),
        end_time: formatWib(new Date(Date.now() + 60 * MINUTE)),
      })
    ).json().id;
    const sheet = (await api('student3', 'POST', '/exams-answers', { exam_id: exam, answers: {} })).json().id;
    expect((await save('student3', sheet, { '1': 'a' }, DEVICE_B)).statusCode).toBe(200);
    expect((await save('student3', sheet, { '1': 'b' }, DEVICE_A)).statusCode).toBe(200); // seen last
    const on = await t.injectWithLogin('teacher2', {
      method: 'POST',
      url: `/api/v1/exams/monitor/one-device?id=${exam}`,
      payload: { on: true },
    });
    expect(on.statusCode).toBe(200);
    await sleep(2100); // another node trusts the mode it read for 2 s
    expect((await save('student3', sheet, { '1': 'c' }, DEVICE_A)).statusCode).toBe(200);
    expect((await save('student3', sheet, { '1': 'd' }, DEVICE_B)).statusCode).toBe(409);
  });
});
