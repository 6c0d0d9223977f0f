import crypto from 'node:crypto';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { MAX_REPLIES_PER_POST, MAX_REPLY_CHARS, MAX_REPLY_CHARS_PER_POST } from '../../domain/limits';

// One discussion may not grow without bound: replies come back inline with every page of posts.
jest.setTimeout(60_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

/** Fills a discussion up to `count` replies directly in the database (hundreds of HTTP calls would only slow the test). */
async function seedReplies(discussionId: number, count: number, kind: 'general' | 'material' = 'general', text = (i: number) => `r${i}`) {
  const studentId = t.fixture.students[1].id;
  const rows = Array.from({ length: count }, (_, i) => ({ id: crypto.randomUUID(), kind, discussion_id: discussionId, student_id: studentId, reply: text(i) }));
  await t.db.insertInto('discussion_replies').values(rows).execute();
}

async function newDiscussion(topic: string): Promise<number> {
  const res = await api('student', 'POST', '/discussions', { topic, description: 'd' });
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

const FULL_MESSAGE = `This discussion is full (at most ${MAX_REPLIES_PER_POST} replies and ${MAX_REPLY_CHARS_PER_POST.toLocaleString('en')} characters of replies). Start a new discussion instead.`;

describe('replies per discussion are capped', () => {
  it(`accepts reply ${MAX_REPLIES_PER_POST}, refuses the next with 409 and a plain message, and still lists them inline`, async () => {
    expect(MAX_REPLIES_PER_POST).toBe(200);
    const id = await newDiscussion('Penuh');
    await seedReplies(id, MAX_REPLIES_PER_POST - 1);
    const last = await api('student3', 'PUT', `/discussions/reply?id=${id}`, { replies: 'the last one' });
    expect(last.statusCode).toBe(200);
    expect(last.json().replies).toHaveLength(MAX_REPLIES_PER_POST);

    const over = await api('student3', 'PATCH', `/discussions/reply?id=${id}`, { replies: 'one too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(FULL_MESSAGE);

    const list = await api('student', 'GET', '/discussions?pageSize=5');
    const post = list.json().discussions.find((d: { id: number }) => d.id === id);
    expect(post.replies).toHaveLength(MAX_REPLIES_PER_POST);
    expect(post.replies.at(-1).reply).toBe('the last one');
  });

  it(`caps the characters of all replies together at ${MAX_REPLY_CHARS_PER_POST} (200 replies of 20 KB made one page 4 MB)`, async () => {
    expect(MAX_REPLY_CHARS_PER_POST).toBeLessThan(MAX_REPLIES_PER_POST * MAX_REPLY_CHARS);
    const id = await newDiscussion('Berat');
    const count = Math.floor(MAX_REPLY_CHARS_PER_POST / MAX_REPLY_CHARS);
    await seedReplies(id, count, 'general', () => 'x'.repeat(MAX_REPLY_CHARS));
    const room = MAX_REPLY_CHARS_PER_POST - count * MAX_REPLY_CHARS;
    const tooLong = await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: 'y'.repeat(room + 1) });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().message).toBe(FULL_MESSAGE);
    if (room > 0) expect((await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: 'y'.repeat(room) })).statusCode).toBe(200);
    const list = await api('student', 'GET', '/discussions?pageSize=1');
    const chars = list.json().discussions[0].replies.reduce((n: number, r: { reply: string }) => n + r.reply.length, 0);
    expect(chars).toBeLessThanOrEqual(MAX_REPLY_CHARS_PER_POST);
  });

  it('lets only one of several concurrent replies take the last place', async () => {
    const id = await newDiscussion('Balapan');
    await seedReplies(id, MAX_REPLIES_PER_POST - 1);
    const results = await Promise.all(
      ['student', 'student2', 'student3', 'student', 'student2', 'student3'].map((who, i) => api(who, 'PUT', `/discussions/reply?id=${id}`, { replies: `race ${i}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const count = await t.db.selectFrom('discussion_replies').select((eb) => eb.fn.countAll<number>().as('n')).where('discussion_id', '=', id).where('kind', '=', 'general').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_REPLIES_PER_POST);
  });

  it('still refuses a reader who may not reply with 403, not with the cap (no hint about a post they cannot see)', async () => {
    const id = await newDiscussion('Penuh juga');
    await seedReplies(id, MAX_REPLIES_PER_POST);
    expect((await api('admin', 'PUT', `/discussions/reply?id=${id}`, { replies: 'x' })).statusCode).toBe(403);
    expect((await api('student', 'PUT', '/discussions/reply?id=99999', { replies: 'x' })).statusCode).toBe(404);
  });

  it('caps the material forum too, on both reply routes; a student outside the class still gets 403', async () => {
    const materialId = (await api('teacher', 'POST', '/materials', { title: 'M', description: 'd', content: 'c', class_id: t.fixture.classes[0].id })).json().id;
    const post = await api('student', 'POST', '/discussions-material', { topic: 'T', description: 'D', material_id: materialId });
    const id = post.json().id;
    await seedReplies(id, MAX_REPLIES_PER_POST, 'material');
    expect((await api('student2', 'PUT', `/discussions-material/reply?id=${id}`, { replies: 'a' })).statusCode).toBe(409);
    expect((await api('student2', 'PATCH', `/materials/reply?id=${id}`, { replies: 'b' })).statusCode).toBe(409);
    expect((await api('student3', 'PUT', `/materials/reply?id=${id}`, { replies: 'c' })).statusCode).toBe(403);
  });

  it(`refuses a reply longer than ${MAX_REPLY_CHARS} characters with 400`, async () => {
    const id = await newDiscussion('Panjang');
    const res = await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: 'x'.repeat(MAX_REPLY_CHARS + 1) });
    expect(res.statusCode).toBe(400);
    expect((await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: 'x'.repeat(MAX_REPLY_CHARS) })).statusCode).toBe(200);
  });
});
