import { AnswerSaver } from '../../domain/repo/answer-saves';
import { EXAM } from '../../domain/repo/assessments';
import { apiAs, createAnswerItems, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// Per-question saves from several tabs or devices: `{ changes: { "3": { answer, at } } }` merges into the stored map,
// per question the latest change (by its device time) wins, and each reply carries the whole merged sheet. The
// original whole-map save keeps its behaviour. Both kinds of sheet share the route code.
jest.setTimeout(60_000);

let t: TestApp;
const api = apiAs(() => t);
const CONTENT: Record<string, string> = { '2_essay': 'Jelaskan', '2_essay_answer': 'x' };
// Questions 6–12 for the concurrency tests at the end (a sheet holds answers only to its item's questions).
for (const n of [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  Object.assign(CONTENT, {
    [n]: `Q${n}`,
    [`${n}_a`]: 'a',
    [`${n}_b`]: 'b',
    [`${n}_c`]: 'c',
    [`${n}_d`]: 'd',
    [`${n}_answer`]: 'c',
  });
const HOUR = 3600_000;
const MINUTE = 60_000;

let items: Record<AnswerKind, AnswerItem>;
beforeAll(async () => {
  t = await buildTestApp();
  items = await createAnswerItems(t, CONTENT);
});
afterAll(async () => {
  await t.close();
});

describe.each(['exercise', 'exam'] as const)('%s: per-question saves', (kind) => {
  let sheetId: number;
  const item = () => items[kind];
  const change = (changes: Record<string, { answer: string; at: number }>, who = 'student') =>
    api(who, 'PATCH', `${item().base}?id=${sheetId}`, { changes });
  const stored = async () =>
    (await api('student', 'GET', `${item().base}?${item().idCol}=${item().id}`)).json()[0].answers;
  // Device times a little in the past (a change cannot be later than the server's clock).
  const t0 = Date.now() - 10 * MINUTE;

  beforeAll(async () => {
    const post = await api('student', 'POST', item().base, { [item().idCol]: item().id, answers: {} });
    expect(post.statusCode).toBe(200);
    sheetId = post.json().id;
  });

  it("merges the changes of two tabs: each keeps the other's question, and each reply holds the whole sheet", async () => {
    const tabA = await change({ '1': { answer: 'a', at: t0 } });
    expect(tabA.statusCode).toBe(200);
    expect(tabA.json()).toMatchObject({
      id: sheetId,
      [item().idCol]: item().id,
      answers: { '1': 'a' },
      status: 'Active',
      score: null,
    });
    const tabB = await change({ '2': { answer: 'jawaban dari tab B', at: t0 + 1000 } });
    expect(tabB.statusCode).toBe(200);
    // Tab B learns about question 1 from its own reply.
    expect(tabB.json().answers).toEqual({ '1': 'a', '2': 'jawaban dari tab B' });
    expect(await stored()).toEqual({ '1': 'a', '2': 'jawaban dari tab B' });
  });

  it('a stale replay (a change made before the stored one of its question) never overwrites it; its other questions apply', async () => {
    expect((await change({ '1': { answer: 'b', at: t0 + 5000 } })).statusCode).toBe(200);
    // A phone that was offline sends what it queued earlier: question 1 at t0 + 2 s (older), question 3 (new).
    const replay = await change({ '1': { answer: 'd', at: t0 + 2000 }, '3': { answer: 'c', at: t0 + 3000 } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().answers).toEqual({ '1': 'b', '2': 'jawaban dari tab B', '3': 'c' });
    // The same change sent again (a retry) changes nothing.
    expect((await change({ '1': { answer: 'b', at: t0 + 5000 } })).json().answers).toEqual({
      '1': 'b',
      '2': 'jawaban dari tab B',
      '3': 'c',
    });
    expect(await stored()).toEqual({ '1': 'b', '2': 'jawaban dari tab B', '3': 'c' });
  });

  it('clearing is a change to an empty value: the answer goes, and an older change does not bring it back', async () => {
    const cleared = await change({ '3': { answer: '', at: t0 + 6000 } });
    expect(cleared.json().answers).toEqual({ '1': 'b', '2': 'jawaban dari tab B' });
    expect((await change({ '3': { answer: 'a', at: t0 + 4000 } })).json().answers).toEqual({
      '1': 'b',
      '2': 'jawaban dari tab B',
    });
    expect((await change({ '3': { answer: 'd', at: t0 + 7000 } })).json().answers).toEqual({
      '1': 'b',
      '2': 'jawaban dari tab B',
      '3': 'd',
    });
  });

  it('a device clock far ahead cannot freeze a question: its time counts as the moment the server got it', async () => {
    expect((await change({ '4': { answer: 'a', at: Date.now() + 365 * 24 * HOUR } })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await change({ '4': { answer: 'b', at: Date.now() } });
    expect(later.json().answers['4']).toBe('b');
    expect((await stored())['4']).toBe('b');
  });

  it('the original whole-map save keeps its behaviour (replaces the map), and counts as a change of its questions now', async () => {
    const whole = await api('student', 'PATCH', `${item().base}?id=${sheetId}`, { answers: { '1': 'c', '5': 'a' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toEqual({
      id: sheetId,
      [item().idCol]: item().id,
      student_id: t.fixture.students[0].id,
      answers: { '1': 'c', '5': 'a' },
      status: 'Active',
      score: null,
    });
    expect(await stored()).toEqual({ '1': 'c', '5': 'a' });
    // A change queued before the whole map was written loses to it; one made after it wins.
    const replay = await change({
      '1': { answer: 'a', at: Date.now() - MINUTE },
      '2': { answer: 'essay again', at: Date.now() - MINUTE },
    });
    expect(replay.json().answers).toEqual({ '1': 'c', '2': 'essay again', '5': 'a' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await change({ '1': { answer: 'd', at: Date.now() } })).json().answers).toEqual({
      '1': 'd',
      '2': 'essay again',
      '5': 'a',
    });
  });

  it('refuses malformed changes with 400 and leaves the sheet alone', async () => {
    const before = await stored();
    const bad: unknown[] = [
      {}, // neither answers nor changes
      { answers: { '1': 'a' }, changes: { '1': { answer: 'a', at: 1 } } }, // both
      { changes: {} },
      { changes: { '0': { answer: 'a', at: 1 } } },
      { changes: { '201': { answer: 'a', at: 1 } } },
      { changes: { '1': { answer: 'a' } } },
      { changes: { '1': { answer: 'a', at: -1 } } },
      { changes: { '1': { answer: 'a', at: 1.5 } } },
      { changes: { '1': { answer: 'a', at: 1, extra: true } } },
      { changes: { '1': 'a' } },
      { changes: { '1': { answer: 'x'.repeat(20_001), at: 1 } } },
    ];
    for (const body of bad) {
      const res = await api('student', 'PATCH', `${item().base}?id=${sheetId}`, body);
      expect([body, res.statusCode]).toEqual([body, 400]);
    }
    expect(await stored()).toEqual(before);
  });

  it('keeps the same refusals as whole-map saves: another student 403, a missing sheet 404, a submitted sheet 409', async () => {
    expect((await change({ '1': { answer: 'a', at: Date.now() } }, 'student2')).statusCode).toBe(403);
    const missing = await api('student', 'PATCH', `${item().base}?id=999999`, {
      changes: { '1': { answer: 'a', at: Date.now() } },
    });
    expect(missing.statusCode).toBe(404);
    const grade = await api('student', 'POST', `/${kind === 'exam' ? 'exams' : 'exercises'}/calculate-grade`, {
      [item().idCol]: item().id,
      student_id: t.fixture.students[0].id,
    });
    expect(grade.statusCode).toBe(200);
    expect((await change({ '1': { answer: 'a', at: Date.now() } })).statusCode).toBe(409);
  });
});

it('concurrent changes of one sheet through two independent savers (as on two nodes) all survive', async () => {
  const sheet = await api('student2', 'POST', '/exams-answers', { exam_id: items.exam.id, answers: {} });
  expect(sheet.statusCode).toBe(200);
  const me = t.fixture.students[1];
  // Two savers do not know each other's writes: on PostgreSQL their statements race on the same row.
  const savers = [new AnswerSaver(t.db, EXAM), new AnswerSaver(t.db, EXAM)];
  const at = Date.now() - MINUTE;
  const results = await Promise.all(
    [1, 2, 3, 4, 5].flatMap((round) =>
      [0, 1].map((node) => {
        const question = String(2 * (round - 1) + node + 1);
        return savers[node].save({
          sheetId: sheet.json().id,
          studentId: me.id,
          userId: me.user_id,
          sessionVersion: 0,
          changes: { [question]: { answer: `q${question}`, at } },
        });
      }),
    ),
  );
  expect(results.every((r) => r?.itemId === items.exam.id)).toBe(true);
  const stored = (await api('student2', 'GET', `/exams-answers?exam_id=${items.exam.id}`)).json()[0].answers;
  expect(stored).toEqual(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i + 1), `q${i + 1}`])));
});

it("a change saved while another write holds the sheet's row merges into that write's result, not the row it first saw", async () => {
  const sheet = await api('student2', 'GET', `/exams-answers?exam_id=${items.exam.id}`);
  const sheetId: number = sheet.json()[0].id;
  const me = t.fixture.students[1];
  const saver = new AnswerSaver(t.db, EXAM);
  let pending!: Promise<unknown>;
  // Another node's write, still uncommitted while this save arrives (PostgreSQL: the save waits for the row lock and
  // then merges into the committed row; SQLite: the save waits for the connection).
  await t.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('exam_answers')
      .select(['answers', 'answers_at'])
      .where('id', '=', sheetId)
      .executeTakeFirstOrThrow();
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) ?? {};
    await trx
      .updateTable('exam_answers')
      .set({
        answers: JSON.stringify({ ...parse(row.answers), '11': 'other node' }),
        answers_at: JSON.stringify({ ...parse(row.answers_at), '11': Date.now() - MINUTE }),
      })
      .where('id', '=', sheetId)
      .execute();
    pending = saver.save({
      sheetId,
      studentId: me.id,
      userId: me.user_id,
      sessionVersion: 0,
      changes: { '12': { answer: 'this node', at: Date.now() - MINUTE } },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  expect(await pending).toMatchObject({
    itemId: items.exam.id,
    answers: expect.objectContaining({ '11': 'other node', '12': 'this node', '1': 'q1' }),
  });
  const stored = (await api('student2', 'GET', `/exams-answers?exam_id=${items.exam.id}`)).json()[0].answers;
  expect(stored).toMatchObject({ '1': 'q1', '10': 'q10', '11': 'other node', '12': 'this node' });
});
