import { MAX_ANSWER_BYTES, MAX_SHEET_BYTES } from '@kelasku/shared-rules';
import { apiAs, createAnswerItems, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// A sheet only ever holds answers to questions its item has, each within MAX_ANSWER_BYTES and all together within
// MAX_SHEET_BYTES, whichever way it was saved: opened with answers, a whole map, per-question changes (an offline
// queue replays these), several saves written in one group commit. A refused save changes nothing.
jest.setTimeout(120_000);

let t: TestApp;
const api = apiAs(() => t);
const QUESTIONS = 200;
const CONTENT: Record<string, string> = {};
for (let n = 1; n <= QUESTIONS; n += 1) Object.assign(CONTENT, { [`${n}_essay`]: `Soal ${n}` });

const keys = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const wholeMap = (from: number, to: number, answer = 'x') => Object.fromEntries(keys(from, to).map((k) => [k, answer]));
const changesOf = (from: number, to: number, answer = 'y', at = Date.now() - 1000) =>
  Object.fromEntries(keys(from, to).map((k) => [k, { answer, at }]));
/** ASCII text of exactly `bytes` bytes. */
const ascii = (bytes: number) => 'a'.repeat(bytes);
/** Text of `bytes` bytes as JSON carries it, half as many raw: quotes and line breaks take two bytes each escaped. */
const escaped = (bytes: number) => '"\n'.repeat(bytes / 4);

let items: Record<AnswerKind, AnswerItem>;
beforeAll(async () => {
  t = await buildTestApp();
  items = await createAnswerItems(t, CONTENT);
});
afterAll(async () => {
  await t.close();
});

describe.each(['exercise', 'exam'] as const)('%s sheets stay within their item', (kind) => {
  const item = () => items[kind];
  const sheets: Record<string, number> = {};
  const save = (who: string, body: Record<string, unknown>) =>
    api(who, 'PATCH', `${item().base}?id=${sheets[who]}`, body);
  const stored = async (who = 'student') =>
    (await api(who, 'GET', `${item().base}?${item().idCol}=${item().id}`)).json()[0].answers as Record<string, string>;

  beforeAll(async () => {
    const post = await api('student', 'POST', item().base, { [item().idCol]: item().id, answers: {} });
    expect(post.statusCode).toBe(200);
    sheets.student = post.json().id;
  });

  it("refuses to open a sheet with an answer past the item's last question", async () => {
    const beyond = await api('student2', 'POST', item().base, {
      [item().idCol]: item().id,
      answers: { '1': 'a', [QUESTIONS + 1]: 'x' },
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ code: 'no-such-question' });
    const open = await api('student2', 'POST', item().base, { [item().idCol]: item().id, answers: { '1': 'a' } });
    expect(open.statusCode).toBe(200);
    expect(open.json().answers).toEqual({ '1': 'a' });
    sheets.student2 = open.json().id;
  });

  it("refuses a whole map naming questions past the item's last, so changes cannot merge a sheet past it", async () => {
    // The reported case: a whole map for 201–400, then changes for 1–200, left a sheet of 400 answers.
    const beyond = await save('student', { answers: wholeMap(QUESTIONS + 1, 2 * QUESTIONS) });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({
      code: 'no-such-question',
      params: { question: String(2 * QUESTIONS), questions: QUESTIONS },
    });
    expect(await save('student', { changes: changesOf(1, QUESTIONS) })).toHaveProperty('statusCode', 200);
    const sheet = await stored();
    expect(Object.keys(sheet)).toHaveLength(QUESTIONS);
    expect(Object.keys(sheet).every((k) => Number(k) <= QUESTIONS)).toBe(true);
  });

  it('refuses changes naming a question past the last', async () => {
    const before = await stored();
    const change = await save('student', {
      changes: { '1': { answer: 'z', at: Date.now() - 500 }, [QUESTIONS + 1]: { answer: 'z', at: Date.now() - 500 } },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: 'no-such-question' });
    expect(await stored()).toEqual(before);
  });

  it('counts an answer in bytes: 20,000 emoji (80 KB) are refused however they are sent', async () => {
    const emoji = '😀'.repeat(20_000);
    const before = await stored();
    for (const body of [{ answers: { '1': emoji } }, { changes: { '1': { answer: emoji, at: Date.now() - 500 } } }]) {
      const res = await save('student', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'answer-too-long', params: { question: '1', limit: MAX_ANSWER_BYTES } });
    }
    expect(await stored()).toEqual(before);
    // The largest answer is taken.
    expect(
      (await save('student', { changes: { '1': { answer: ascii(MAX_ANSWER_BYTES), at: Date.now() - 400 } } }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps the whole sheet within MAX_SHEET_BYTES: a whole map or a change that would pass it is refused, nothing lost', async () => {
    const perAnswer = MAX_ANSWER_BYTES;
    const fit = Math.floor(MAX_SHEET_BYTES / perAnswer); // this many largest answers fit
    const tooMany = wholeMap(1, fit + 1, ascii(perAnswer));
    const whole = await save('student', { answers: tooMany });
    expect(whole.statusCode).toBe(400);
    expect(whole.json()).toMatchObject({ code: 'sheet-too-large', params: { limit: MAX_SHEET_BYTES } });

    // Escaped text: the database measures a merged sheet as the server does (the bytes a reply carries).
    expect((await save('student', { answers: wholeMap(1, fit, escaped(perAnswer)) })).statusCode).toBe(200);
    const full = await stored();
    const room = MAX_SHEET_BYTES - fit * perAnswer;
    // One more question answered by a change that is within the room raw, past it escaped: refused.
    const more = await save('student', {
      changes: { [fit + 1]: { answer: escaped(4 * Math.ceil(room / 2)), at: Date.now() - 300 } },
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ code: 'sheet-too-large' });
    expect(await stored()).toEqual(full);
    // Exactly the room left: taken, and the sheet is full to the byte.
    expect(
      (await save('student', { changes: { [fit + 1]: { answer: ascii(room), at: Date.now() - 250 } } })).statusCode,
    ).toBe(200);
    expect(
      (await save('student', { changes: { [fit + 2]: { answer: 'x', at: Date.now() - 250 } } })).json(),
    ).toMatchObject({ code: 'sheet-too-large' });
    // Replacing an answer by one as large keeps the size: accepted (typed now: later than the whole map saved above,
    // which a change must be to replace its answer).
    const replace = await save('student', { changes: { '1': { answer: ascii(perAnswer - 1) + 'b', at: Date.now() } } });
    expect(replace.json()?.answers?.['1']).toHaveLength(perAnswer);
    expect(replace.statusCode).toBe(200);
  });

  it("decides per save inside one group commit: a classmate's save in the same batch is stored", async () => {
    const [bad, good] = await Promise.all([
      save('student', { changes: { [QUESTIONS + 5]: { answer: 'x', at: Date.now() - 100 } } }),
      save('student2', { changes: { '3': { answer: 'kelompok', at: Date.now() - 100 } } }),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(good.statusCode).toBe(200);
    expect((await stored('student2'))['3']).toBe('kelompok');
  });
});
