import { apiAs, createAnswerItems, MC_AND_ESSAY, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// Order-safe saves (docs/api.md §2.9): a save carrying `seq` applies only when newer than the stored `answers_seq`,
// so a save the client abandoned that lands late cannot overwrite a newer map. Both kinds share the route code.
jest.setTimeout(30_000);

let t: TestApp;
const api = apiAs(() => t);

let items: Record<AnswerKind, AnswerItem>;
beforeAll(async () => {
  t = await buildTestApp();
  items = await createAnswerItems(t, MC_AND_ESSAY);
});
afterAll(async () => {
  await t.close();
});

describe.each(['exercise', 'exam'] as const)('%s answer saves with seq', (kind) => {
  let sheetId: number;
  const item = () => items[kind];
  const save = (answers: Record<string, string>, seq?: number, who = 'student') =>
    api(who, 'PATCH', `${item().base}?id=${sheetId}`, seq === undefined ? { answers } : { answers, seq });
  const stored = async () => (await api('student', 'GET', `${item().base}?${item().idCol}=${item().id}`)).json()[0];

  it('a new sheet has no answers_seq', async () => {
    const post = await api('student', 'POST', item().base, { [item().idCol]: item().id, answers: {} });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ answers: {}, answers_seq: null });
    sheetId = post.json().id;
  });

  it('a later-numbered save wins even when an older one lands after it (the older is acknowledged with the stored sheet)', async () => {
    const newer = await save({ '1': 'c', '2': 'jawaban baru' }, 5);
    expect(newer.statusCode).toBe(200);
    expect(newer.json()).toMatchObject({
      id: sheetId,
      answers: { '1': 'c', '2': 'jawaban baru' },
      answers_seq: 5,
      status: 'Active',
    });
    const late = await save({ '1': 'a' }, 3);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({
      id: sheetId,
      answers: { '1': 'c', '2': 'jawaban baru' },
      answers_seq: 5,
      status: 'Active',
    });
    expect(await stored()).toMatchObject({ answers: { '1': 'c', '2': 'jawaban baru' }, answers_seq: 5 });
  });

  it('an equal seq is not applied (a retry of an already stored map changes nothing)', async () => {
    const same = await save({ '1': 'b' }, 5);
    expect(same.statusCode).toBe(200);
    expect(same.json().answers).toEqual({ '1': 'c', '2': 'jawaban baru' });
    expect((await stored()).answers).toEqual({ '1': 'c', '2': 'jawaban baru' });
  });

  it('a newer seq applies; a save without seq still overwrites (old clients) and keeps the stored seq', async () => {
    const next = await save({ '1': 'd' }, Number.MAX_SAFE_INTEGER - 1);
    expect(next.json()).toMatchObject({ answers: { '1': 'd' }, answers_seq: Number.MAX_SAFE_INTEGER - 1 });
    expect(await stored()).toMatchObject({ answers: { '1': 'd' }, answers_seq: Number.MAX_SAFE_INTEGER - 1 });
    const legacy = await save({ '1': 'a' });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual({
      id: sheetId,
      [item().idCol]: item().id,
      student_id: t.fixture.students[0].id,
      answers: { '1': 'a' },
      status: 'Active',
      score: null,
    });
    expect(await stored()).toMatchObject({ answers: { '1': 'a' }, answers_seq: Number.MAX_SAFE_INTEGER - 1 });
  });

  it('refuses a malformed seq with 400 and leaves the sheet alone', async () => {
    // (null is coerced to 0 by the app's ajv settings: the oldest possible map, never newer than a stored one.)
    for (const seq of [-1, 1.5, 'abc', Number.MAX_SAFE_INTEGER + 2, [1, 2]]) {
      const res = await api('student', 'PATCH', `${item().base}?id=${sheetId}`, { answers: { '1': 'b' }, seq });
      expect([seq, res.statusCode]).toEqual([seq, 400]); // the value travels with the status, to name the failing case
    }
    expect((await stored()).answers).toEqual({ '1': 'a' });
  });

  it('a stale seq does not turn a refusal into a 200: another student still gets 403, a missing sheet 404', async () => {
    expect((await save({ '1': 'b' }, 1, 'student2')).statusCode).toBe(403);
    const missing = await api('student', 'PATCH', `${item().base}?id=999999`, { answers: { '1': 'b' }, seq: 1 });
    expect(missing.statusCode).toBe(404);
    expect((await stored()).answers).toEqual({ '1': 'a' });
  });
});
