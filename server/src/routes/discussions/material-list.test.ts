/**
 * GET /discussions-material: one statement (domain/repo/forum.ts materialDiscussions) whose JSON, written by the
 * database, is sent as it comes. It must be byte for byte what the route wrote before: each discussion built by
 * toItem (getDiscussion still does) and the page serialized by the response schema's compiled serializer.
 */
import fastJson from 'fast-json-stringify';
import { sql } from 'kysely';
import { dbKindOf } from '../../db/connect';
import { getDiscussion, materialDiscussions } from '../../domain/repo/forum';
import { MAX_DISCUSSION_PAGE_SIZE } from '../../domain/limits';
import { discussionListResponse } from '../read-schemas';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

/** Texts the two JSON writers could disagree on: escapes, control characters, line separators, astral characters. */
const NASTY = 'x<y & z "q" \\ / </script> \b\f\n\r\t \u0001\u001f\u007f \u2028\u2029 é ñ 日本 😀 \ufeff end';

let materialId: number;
let postIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  materialId = (
    await api('teacher', 'POST', '/materials', {
      title: 'M',
      description: 'd',
      content: 'c',
      class_id: t.fixture.classes[0].id,
    })
  ).json().id;
  postIds = [];
  for (const [n, description] of ['plain', NASTY, '', 'last'].entries()) {
    postIds.push(
      (
        await api(n % 2 ? 'student2' : 'student', 'POST', '/discussions-material', {
          topic: `T${n} ${NASTY}`,
          description,
          material_id: materialId,
        })
      ).json().id,
    );
  }
  await api('student2', 'PUT', `/discussions-material/reply?id=${postIds[1]}`, { replies: NASTY });
  await api('teacher', 'PUT', `/discussions-material/reply?id=${postIds[1]}`, { replies: 'guru' });
  await api('student', 'PUT', `/discussions-material/reply?id=${postIds[1]}`, { replies: 'murid' });
  await api('teacher', 'PUT', `/discussions-material/reply?id=${postIds[3]}`, { replies: 'teacher first' });
  // instants at the edges: the last microsecond of a UTC day (WIB: the next day; milliseconds cut, not rounded)
  const pg = dbKindOf(t.db) === 'postgres';
  const edge = pg ? '2026-01-31T16:59:59.999999Z' : '2026-01-31T16:59:59.999Z';
  await t.db.updateTable('material_forum').set({ created_at: edge }).where('id', '=', postIds[2]).execute();
  const [first] = (await getDiscussion(t.db, 'material', postIds[1]))!.replies;
  await t.db
    .updateTable('discussion_replies')
    .set({ created_at: pg ? '2025-12-31T23:59:59.000500Z' : '2025-12-31T23:59:59.000Z' })
    .where('id', '=', first.id)
    .execute();
});
afterAll(async () => {
  await t.close();
});

/** What the route sent before: the items as toItem builds them, through the response schema's serializer. */
async function before(ids: number[], meta: { page: number; pageSize: number; total: number }): Promise<string> {
  const discussions = [];
  for (const id of ids) discussions.push(await getDiscussion(t.db, 'material', id));
  const totalPage = Math.ceil(meta.total / meta.pageSize);
  return fastJson(discussionListResponse[200])({ discussions, meta: { ...meta, totalPage, totalpages: totalPage } });
}

it('sends the same bytes as the objects through the response schema, page by page', async () => {
  const newest = [...postIds].reverse();
  for (const [query, ids, meta] of [
    ['', newest, { page: 1, pageSize: MAX_DISCUSSION_PAGE_SIZE, total: 4 }],
    ['&pageSize=3', newest.slice(0, 3), { page: 1, pageSize: 3, total: 4 }],
    ['&pageSize=3&page=2', newest.slice(3), { page: 2, pageSize: 3, total: 4 }],
    ['&pageSize=3&page=5', [], { page: 5, pageSize: 3, total: 4 }],
  ] as const) {
    const res = await api('student', 'GET', `/discussions-material?id=${materialId}${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(await before([...ids], meta));
  }
  const body = (await api('student', 'GET', `/discussions-material?id=${materialId}`)).json();
  expect(body.discussions[2].replies.map((r: { role: string }) => r.role)).toEqual(['student', 'teacher', 'student']);
  expect(body.discussions[2].replies[0].time).toBe('2026-01-01T06:59:59+07:00');
  expect(body.discussions[1].created_at).toBe('2026-01-31T16:59:59.999Z');
  // the teacher and an admin read it too
  for (const who of ['teacher', 'admin']) {
    expect((await api(who, 'GET', `/discussions-material?id=${materialId}`)).body).toBe(
      await before(newest, { page: 1, pageSize: MAX_DISCUSSION_PAGE_SIZE, total: 4 }),
    );
  }
});

it('keeps the answers of a material that cannot be read: 404 before 403, a refused page after either', async () => {
  expect((await api('student3', 'GET', `/discussions-material?id=${materialId}`)).statusCode).toBe(403);
  expect((await api('teacher2', 'GET', `/discussions-material?id=${materialId}`)).statusCode).toBe(403);
  expect((await api('student', 'GET', '/discussions-material?id=999999')).statusCode).toBe(404);
  expect((await api('student3', 'GET', `/discussions-material?id=${materialId}&page=2000000`)).statusCode).toBe(403);
  expect((await api('student', 'GET', '/discussions-material?id=999999&page=2000000')).statusCode).toBe(404);
  expect((await api('student', 'GET', `/discussions-material?id=${materialId}&page=2000000`)).statusCode).toBe(400);
});

it('materialDiscussions reads the access facts, the total and the page in one statement', async () => {
  const student = t.fixture.students[0];
  const page = await materialDiscussions(t.db, materialId, { pageSize: 2, offset: 0 }, student.id, student.user_id);
  expect(page).toMatchObject({
    material: { id: materialId, class_id: t.fixture.classes[0].id },
    assigned: true,
    total: 4,
  });
  expect(JSON.parse(page!.discussionsJson).map((d: { id: number }) => d.id)).toEqual([postIds[3], postIds[2]]);
  expect(page!.session).toMatchObject({ session_role: 'student' });
  const other =
    t.fixture.students.find((s) => s.id !== student.id && s.grade !== student.grade) ?? t.fixture.students[2];
  expect(
    (await materialDiscussions(t.db, materialId, { pageSize: 2, offset: 0 }, other.id, other.user_id))?.assigned,
  ).toBe(false);
  expect(
    await materialDiscussions(t.db, 999999, { pageSize: 2, offset: 0 }, student.id, student.user_id),
  ).toBeUndefined();
});

it('has the index a page reads in order: material_forum (material_id, id)', async () => {
  const columns =
    dbKindOf(t.db) === 'postgres'
      ? (
          await sql<{
            indexdef: string;
          }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'material_forum_material_id_idx'`.execute(
            t.db,
          )
        ).rows.map((r) => r.indexdef)
      : (
          await sql<{
            name: string;
          }>`select name from pragma_index_info('material_forum_material_id_idx') order by seqno`.execute(t.db)
        ).rows.map((r) => r.name);
  expect(columns.join()).toMatch(dbKindOf(t.db) === 'postgres' ? /\(material_id, id\)/ : /^material_id,id$/);
});
