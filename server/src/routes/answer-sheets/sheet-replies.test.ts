import { apiAs, createAnswerItems, MC_AND_ESSAY, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// The sheet routes describe their replies with response schemas: the bytes must stay what
// JSON.stringify wrote before, key order included, on the answer-save hot path too.
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

describe.each(['exercise', 'exam'] as const)('%s sheet replies, byte for byte', (kind) => {
  const item = () => items[kind];
  let sheetId: number;
  /** A sheet as JSON.stringify wrote it, in the wire order of sheetJson. */
  const sheetText = (answers: Record<string, string>, seq?: number | null) =>
    JSON.stringify({
      id: sheetId,
      [item().idCol]: item().id,
      student_id: t.fixture.students[0].id,
      answers,
      status: 'Active',
      score: null,
      ...(seq !== undefined ? { answers_seq: seq } : {}),
    });

  it('POST opens the sheet (and answers the same sheet again)', async () => {
    const post = await api('student', 'POST', item().base, {
      [item().idCol]: item().id,
      answers: { '1': 'a' },
      student_id: 999,
    });
    expect(post.statusCode).toBe(200);
    sheetId = post.json().id;
    expect(post.body).toBe(sheetText({ '1': 'a' }, null));
    expect((await api('student', 'POST', item().base, { [item().idCol]: item().id })).body).toBe(
      sheetText({ '1': 'a' }, null),
    );
  });

  it('PUT/PATCH saves: with seq, without seq (no answers_seq key), per-question changes, and a stale map', async () => {
    const url = `${item().base}?id=${sheetId}`;
    expect((await api('student', 'PUT', url, { answers: { '2': 'esai', '1': 'b' }, seq: 7 })).body).toBe(
      sheetText({ '1': 'b', '2': 'esai' }, 7),
    );
    expect((await api('student', 'PATCH', url, { answers: { '1': 'a' } })).body).toBe(sheetText({ '1': 'a' }));
    const changed = await api('student', 'PATCH', url, { changes: { '2': { answer: 'baru', at: Date.now() } } });
    expect(changed.body).toBe(sheetText({ '1': 'a', '2': 'baru' }));
    expect((await api('student', 'PATCH', url, { answers: { '1': 'b' }, seq: 3 })).body).toBe(
      sheetText({ '1': 'a', '2': 'baru' }, 7),
    );
  });

  it('GET answers the student their sheet and the teacher every sheet', async () => {
    const own = await api('student', 'GET', `${item().base}?${item().idCol}=${item().id}`);
    expect(own.body).toBe(`[${sheetText({ '1': 'a', '2': 'baru' }, 7)}]`);
    const all = await api('teacher', 'GET', `${item().base}?${item().idCol}=${item().id}`);
    expect(all.body).toBe(`[${sheetText({ '1': 'a', '2': 'baru' }, 7)}]`);
  });

  it('DELETE answers a message only', async () => {
    const del = await api('teacher', 'DELETE', `${item().base}?id=${sheetId}`);
    expect(del.body).toBe(
      JSON.stringify({ message: `${kind === 'exam' ? 'Exam' : 'Exercise'} answer deleted successfully` }),
    );
  });
});
