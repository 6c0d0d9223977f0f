import { classNameKey } from '@kelasku/shared-rules';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { failureOf } from '../../../test/failure-of';

// The class-name rule (shared-rules classNameKey) and the database's unique index (grade, name_key) agree, on SQLite
// and PostgreSQL alike: names the rule calls the same cannot both be stored, through the route or past it, and names
// it tells apart can.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const GRADE = 12;
const NAME = 'XII MIPA 1';
/** NAME as people also type it: letter case, spaces around and inside, NBSP, thin and ideographic spaces, full-width letters. */
const SAME = [
  'xii mipa 1 ',
  '  XII  MIPA 1',
  'XII\u00a0MIPA 1',
  'XII\u2009MIPA\u00a01',
  'XII\u3000MIPA\u30001',
  'ＸＩＩ ＭＩＰＡ １',
  'Xii Mipa\t1',
];
/** Names a reader tells apart from NAME. */
const DIFFERENT = ['XII MIPA 2', 'XII MIPA 1 (2)', 'XII MIPA I', 'XII MIPA1', 'XII MIPA 11', 'XII MIPS 1'];

/** A title that shows every space as it is typed (NBSP and its kin look like a space). */
const shown = (name: string) =>
  JSON.stringify(name).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const titled = (names: string[]) => names.map((name) => [shown(name), name]);

const asAdmin = (method: 'POST' | 'GET', url: string, payload?: object) =>
  t.injectWithLogin('admin', { method, url: `/api/v1${url}`, payload });
const teacherId = () => t.fixture.teachers[0].id;
const create = (name: string) =>
  asAdmin('POST', '/classes', { name, description: '', teacher_id: teacherId(), grade: GRADE });
/** A row written past the route (and its check): only the unique index stands in the way. */
const insertRow = (name: string) =>
  t.db
    .insertInto('classes')
    .values({ name, name_key: classNameKey(name), description: '', teacher_id: teacherId(), grade: GRADE })
    .execute();

beforeAll(async () => {
  expect((await create(NAME)).statusCode).toBe(200);
});

describe('names the rule calls the same', () => {
  it.each(titled(SAME))('%s has the key of the stored name', (_, name) => {
    expect(classNameKey(name)).toBe(classNameKey(NAME));
  });

  it.each(titled(SAME))('%s is refused by the route with 409', async (_, name) => {
    const res = await create(name);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('duplicate-class-name');
  });

  it.each(titled(SAME))('%s is refused by the database itself', async (_, name) => {
    expect(await failureOf(insertRow(name))).toMatch(/unique/i);
  });
});

describe('names the rule tells apart', () => {
  it.each(titled(DIFFERENT))('%s has a key of its own', (_, name) => {
    expect(classNameKey(name)).not.toBe(classNameKey(NAME));
  });

  it('are all stored beside the first, each under the key the rule gives it', async () => {
    for (const name of DIFFERENT) expect((await create(name)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('classes')
      .select(['name', 'name_key'])
      .where('grade', '=', GRADE)
      .where('archived_at', 'is', null)
      .execute();
    const names = [NAME, ...DIFFERENT];
    expect(
      rows
        .filter((r) => names.includes(r.name))
        .map((r) => r.name)
        .sort(),
    ).toEqual([...names].sort());
    for (const r of rows) expect(r.name_key).toBe(classNameKey(r.name));
  });
});
