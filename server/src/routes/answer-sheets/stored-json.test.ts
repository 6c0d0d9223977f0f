import { EXERCISE } from '../../domain/repo/assessments';
import { readAnswersColumn, toDbJson } from '../../db/json';
import { apiAs, createAnswerItems, MC_AND_ESSAY, type AnswerItem } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// A sheet whose stored answers are not a map of texts (db/json.ts): the request fails with a plain 500, as for any
// unreadable JSON column, and the stored value stays as it was, never read as "no answers" and written back.
jest.setTimeout(60_000);

let t: TestApp;
const api = apiAs(() => t);
let item: AnswerItem;
beforeAll(async () => {
  t = await buildTestApp();
  item = (await createAnswerItems(t, MC_AND_ESSAY)).exercise;
});
afterAll(async () => {
  await t.close();
});

it('an unreadable answers column fails reads and per-question saves with 500, and is left as stored', async () => {
  const post = await api('student', 'POST', item.base, { [item.idCol]: item.id, answers: { 1: 'a' } });
  expect(post.statusCode).toBe(200);
  const sheetId = post.json().id as number;
  const broken = { 1: 'a', 2: 7 };
  await t.db
    .updateTable(EXERCISE.sheets)
    .set({ answers: toDbJson(broken) })
    .where('id', '=', sheetId)
    .execute();
  const stored = async () => {
    const row = await t.db
      .selectFrom(EXERCISE.sheets)
      .select('answers')
      .where('id', '=', sheetId)
      .executeTakeFirstOrThrow();
    return typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
  };

  const read = await api('student', 'GET', `${item.base}?${item.idCol}=${item.id}`);
  expect(read.statusCode).toBe(500);
  expect(read.json().message).toBe('Internal Server Error');

  const save = await api('student', 'PATCH', `${item.base}?id=${sheetId}`, {
    changes: { 1: { answer: 'b', at: Date.now() - 1000 } },
  });
  expect(save.statusCode).toBe(500);
  // Nothing lost: question 2's stored value is still there (a reader taking it as {} would have dropped it). SQLite
  // merges in JavaScript, so it wrote nothing; PostgreSQL merges in its statement and only the reply's read failed.
  const after = await stored();
  expect(after).toEqual(t.kind === 'postgres' ? { ...broken, 1: 'b' } : broken);
  expect(() => readAnswersColumn(toDbJson(after))).toThrow('stored answers');
});
