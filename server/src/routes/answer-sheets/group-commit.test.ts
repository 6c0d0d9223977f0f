import { answerSaverFor } from '../../domain/repo/answer-saves';
import { EXAM } from '../../domain/repo/assessments';
import { createOpenExam, openExamSheets, TWO_MC } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// Answer saves are written in batches (domain/repo/answer-saves.ts): concurrent saves share one commit. These tests
// check that batching changes nothing a client can see: every acknowledged map is stored, the newest numbered map
// of a sheet wins inside one batch, the session check inside the save statement holds, and a save never joins
// another request's transaction.
jest.setTimeout(60_000);

let t: TestApp;
let examId = 0;
let sheetOf: Record<string, number>;

const api = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
const storedAnswers = async (sheetId: number) => {
  const row = await t.db
    .selectFrom('exam_answers')
    .select(['answers', 'answers_seq'])
    .where('id', '=', sheetId)
    .executeTakeFirstOrThrow();
  return {
    answers: typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers,
    seq: row.answers_seq == null ? null : Number(row.answers_seq),
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  examId = await createOpenExam(t, TWO_MC);
  sheetOf = await openExamSheets(t, examId, ['student', 'student2']);
});
afterAll(async () => {
  await t.close();
});

it('acknowledges and stores every save of a burst from several students; the highest seq of a sheet wins', async () => {
  // Sent all at once (no awaits in between), so the server receives them in the same few turns of its event loop.
  const burst = [];
  for (let seq = 1; seq <= 20; seq += 1) {
    for (const who of ['student', 'student2']) {
      burst.push(
        api(who, 'PATCH', `/exams-answers?id=${sheetOf[who]}`, {
          answers: { '1': who === 'student' ? 'c' : 'a', '2': String(seq) },
          seq,
        }),
      );
    }
  }
  const responses = await Promise.all(burst);
  expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
  for (const who of ['student', 'student2']) {
    expect(await storedAnswers(sheetOf[who])).toEqual({
      answers: { '1': who === 'student' ? 'c' : 'a', '2': '20' },
      seq: 20,
    });
  }
});

it('keeps the newest map when an older and a newer save of the same sheet arrive together', async () => {
  const sheet = sheetOf.student;
  const [newer, older] = await Promise.all([
    api('student', 'PATCH', `/exams-answers?id=${sheet}`, { answers: { '1': 'd', '2': 'newest' }, seq: 31 }),
    api('student', 'PATCH', `/exams-answers?id=${sheet}`, { answers: { '1': 'a', '2': 'older' }, seq: 30 }),
  ]);
  expect([newer.statusCode, older.statusCode]).toEqual([200, 200]);
  // Which one commits first depends on timing (same batch, two PostgreSQL lanes, or two nodes): the older is either
  // applied first and then superseded, or found stale and answered with what is stored. Either way the newest wins.
  expect([
    { '1': 'a', '2': 'older' },
    { '1': 'd', '2': 'newest' },
  ]).toContainEqual(older.json().answers);
  expect(await storedAnswers(sheet)).toEqual({ answers: { '1': 'd', '2': 'newest' }, seq: 31 });
});

it('writes two saves of one sheet queued in the same turn one after the other: the older is found stale', async () => {
  const sheet = sheetOf.student;
  const me = t.fixture.students[0];
  const saver = answerSaverFor(t.db, EXAM);
  const save = (answers: Record<string, string>, seq: number) =>
    saver.save({ sheetId: sheet, studentId: me.id, userId: me.user_id, sessionVersion: 0, answers, seq });
  // Both queued before the batch is taken: one statement must not update the same row twice, and the second save
  // must not race the first in PostgreSQL's other lane. Repeated, because a race shows only now and then.
  for (let round = 0; round < 10; round += 1) {
    const seq = 40 + 2 * round;
    const [newer, older] = await Promise.all([
      save({ '1': 'b', '2': `newer ${round}` }, seq + 1),
      save({ '1': 'a', '2': `older ${round}` }, seq),
    ]);
    expect([newer?.itemId, older]).toEqual([examId, undefined]);
    expect(await storedAnswers(sheet)).toEqual({ answers: { '1': 'b', '2': `newer ${round}` }, seq: seq + 1 });
  }
});

it('refuses a token from before a password reset inside the save itself (401), and stores nothing', async () => {
  const sheet = sheetOf.student2;
  const before = await storedAnswers(sheet);
  const oldToken = await t.tokenFor('student2');
  const reset = await api('admin', 'POST', `/students/reset-password?id=${t.fixture.students[1].id}`);
  expect(reset.statusCode).toBe(200);
  const res = await t.inject({
    method: 'PATCH',
    url: `/api/v1/exams-answers?id=${sheet}`,
    headers: { authorization: `Bearer ${oldToken}` },
    payload: { answers: { '1': 'b', '2': 'after reset' }, seq: 99 },
  });
  expect(res.statusCode).toBe(401);
  expect(await storedAnswers(sheet)).toEqual(before);
});

it("never commits or rolls back with another request's open transaction", async () => {
  const sheet = sheetOf.student;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  // Another request's transaction: it writes, waits, then fails and rolls back.
  const otherTransaction = t.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('classes')
      .set({ name: 'renamed in a rolled-back transaction' })
      .where('id', '=', t.fixture.classes[0].id)
      .execute();
    entered();
    await held;
    throw new Error('roll back');
  });
  await inside;
  const save = api('student', 'PATCH', `/exams-answers?id=${sheet}`, {
    answers: { '1': 'c', '2': 'survives' },
    seq: 100,
  });
  await new Promise((resolve) => setTimeout(resolve, 100)); // the save is queued (SQLite: waits for the connection)
  release();
  await expect(otherTransaction).rejects.toThrow('roll back');
  expect((await save).statusCode).toBe(200);
  expect(await storedAnswers(sheet)).toEqual({ answers: { '1': 'c', '2': 'survives' }, seq: 100 });
  const klass = await t.db
    .selectFrom('classes')
    .select('name')
    .where('id', '=', t.fixture.classes[0].id)
    .executeTakeFirstOrThrow();
  expect(klass.name).not.toBe('renamed in a rolled-back transaction');
});
