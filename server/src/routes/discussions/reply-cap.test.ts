import crypto from 'node:crypto';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { textBytes } from '@kelasku/shared-rules';
import { MAX_REPLIES_PER_POST, MAX_REPLY_BYTES, MAX_REPLY_BYTES_PER_POST } from '../../domain/limits';

// One discussion may not grow without bound: replies come back inline with every page of posts.
jest.setTimeout(60_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Fills a discussion up to `count` replies directly in the database (hundreds of HTTP calls would only slow the test). */
async function seedReplies(
  discussionId: number,
  count: number,
  kind: 'general' | 'material' = 'general',
  text = (i: number) => `r${i}`,
) {
  const studentId = t.fixture.students[1].id;
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    kind,
    discussion_id: discussionId,
    student_id: studentId,
    reply: text(i),
  }));
  await t.db.insertInto('discussion_replies').values(rows).execute();
}

async function newDiscussion(topic: string): Promise<number> {
  const res = await api('student', 'POST', '/discussions', { topic, description: 'd' });
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

const FULL_MESSAGE = `This discussion is full (at most ${MAX_REPLIES_PER_POST} replies and ${MAX_REPLY_BYTES_PER_POST} bytes of replies). Start a new discussion instead.`;

describe('replies per discussion are capped', () => {
  it(`accepts reply ${MAX_REPLIES_PER_POST}, refuses the next with 409 and a plain message, and still lists them inline`, async () => {
    expect(MAX_REPLIES_PER_POST).toBe(100);
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

  it(`caps the bytes of all replies together at ${MAX_REPLY_BYTES_PER_POST}, counted as a page carries them (escapes included)`, async () => {
    expect(MAX_REPLY_BYTES_PER_POST).toBeLessThan(MAX_REPLIES_PER_POST * MAX_REPLY_BYTES);
    const id = await newDiscussion('Berat');
    // Quotes and line breaks: two bytes each as JSON, one stored. Each seeded reply is MAX_REPLY_BYTES as a page carries it.
    const heavy = '"\n'.repeat(MAX_REPLY_BYTES / 4);
    expect(textBytes(heavy)).toBe(MAX_REPLY_BYTES);
    const count = Math.floor(MAX_REPLY_BYTES_PER_POST / MAX_REPLY_BYTES);
    await seedReplies(id, count, 'general', () => heavy);
    const room = MAX_REPLY_BYTES_PER_POST - count * MAX_REPLY_BYTES;
    // Within the room raw, past it escaped: refused.
    const tooLong = await api('student', 'PUT', `/discussions/reply?id=${id}`, {
      replies: 'y' + '"'.repeat(Math.ceil(room / 2)),
    });
    expect(tooLong.statusCode).toBe(409);
    expect(tooLong.json().message).toBe(FULL_MESSAGE);
    const fits = await api('student', 'PUT', `/discussions/reply?id=${id}`, {
      replies: 'y'.repeat(Math.min(room, MAX_REPLY_BYTES)),
    });
    expect(fits.statusCode).toBe(200);
    const list = await api('student', 'GET', '/discussions?pageSize=1');
    const bytes = list
      .json()
      .discussions[0].replies.reduce((n: number, r: { reply: string }) => n + textBytes(r.reply), 0);
    expect(bytes).toBeLessThanOrEqual(MAX_REPLY_BYTES_PER_POST);
  });

  it('lets only one of several concurrent replies take the last place', async () => {
    const id = await newDiscussion('Balapan');
    await seedReplies(id, MAX_REPLIES_PER_POST - 1);
    const results = await Promise.all(
      ['student', 'student2', 'student3', 'student', 'student2', 'student3'].map((who, i) =>
        api(who, 'PUT', `/discussions/reply?id=${id}`, { replies: `race ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const count = await t.db
      .selectFrom('discussion_replies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('discussion_id', '=', id)
      .where('kind', '=', 'general')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_REPLIES_PER_POST);
  });

  it('still refuses a reader who may not reply with 403, not with the cap (no hint about a post they cannot see)', async () => {
    const id = await newDiscussion('Penuh juga');
    await seedReplies(id, MAX_REPLIES_PER_POST);
    expect((await api('admin', 'PUT', `/discussions/reply?id=${id}`, { replies: 'x' })).statusCode).toBe(403);
    expect((await api('student', 'PUT', '/discussions/reply?id=99999', { replies: 'x' })).statusCode).toBe(404);
  });

  it('caps the material forum too, on both reply routes; a student outside the class still gets 403', async () => {
    const materialId = (
      await api('teacher', 'POST', '/materials', {
        title: 'M',
        description: 'd',
        content: 'c',
        class_id: t.fixture.classes[0].id,
      })
    ).json().id;
    const post = await api('student', 'POST', '/discussions-material', {
      topic: 'T',
      description: 'D',
      material_id: materialId,
    });
    const id = post.json().id;
    await seedReplies(id, MAX_REPLIES_PER_POST, 'material');
    expect((await api('student2', 'PUT', `/discussions-material/reply?id=${id}`, { replies: 'a' })).statusCode).toBe(
      409,
    );
    expect((await api('student2', 'PATCH', `/materials/reply?id=${id}`, { replies: 'b' })).statusCode).toBe(409);
    expect((await api('student3', 'PUT', `/materials/reply?id=${id}`, { replies: 'c' })).statusCode).toBe(403);
  });

  it(`refuses a reply of more than ${MAX_REPLY_BYTES} bytes with 400 naming the cap: 20,000 emoji are 80 KB`, async () => {
    const id = await newDiscussion('Panjang');
    for (const replies of [
      'x'.repeat(MAX_REPLY_BYTES + 1),
      '😀'.repeat(20_000),
      '😀'.repeat(MAX_REPLY_BYTES / 4) + 'x',
    ]) {
      const res = await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'text-too-large',
        message: `replies is too long (max ${MAX_REPLY_BYTES} bytes)`,
        params: { field: 'replies', limit: MAX_REPLY_BYTES },
      });
    }
    expect(
      (await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: '😀'.repeat(MAX_REPLY_BYTES / 4) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: 'x'.repeat(MAX_REPLY_BYTES) })).statusCode,
    ).toBe(200);
  });
});
