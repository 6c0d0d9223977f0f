/**
 * Reporting a post: a student may report only what they may read. A post they cannot read answers exactly like a
 * post that does not exist (404), so reports cannot be used to learn which ids exist.
 */
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { MAX_REPORT_REASON_BYTES } from '../../domain/limits';

jest.setTimeout(30_000);

let t: TestApp;
let discussionId: number;
let replyId: string;
let materialId: number;
const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
  // A material of class0 (students[0] and [1]); students[2] (student3) is in another class.
  const material = await api('teacher', 'POST', '/materials', {
    title: 'M',
    description: 'd',
    content: '<p>x</p>',
    class_id: t.fixture.classes[0].id,
  });
  materialId = material.json().id;
  const post = await api('student', 'POST', '/discussions-material', {
    topic: 'T',
    description: 'd',
    material_id: materialId,
  });
  discussionId = post.json().id;
  const replied = await api('student2', 'PATCH', `/discussions-material/reply?id=${discussionId}`, {
    replies: 'balas',
  });
  replyId = replied.json().replies[0].id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /reports', () => {
  it('answers the same 404 for a post the student cannot read as for one that does not exist', async () => {
    const missing = await api('student3', 'POST', '/reports', { kind: 'material', discussion_id: 999_999 });
    const unreadable = await api('student3', 'POST', '/reports', { kind: 'material', discussion_id: discussionId });
    expect(missing.statusCode).toBe(404);
    expect(unreadable.statusCode).toBe(404);
    expect(unreadable.json()).toEqual(missing.json());
    const reply = await api('student3', 'POST', '/reports', {
      kind: 'material',
      discussion_id: discussionId,
      reply_id: replyId,
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual(missing.json());
    expect(await t.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('a student of the class may report the post and its replies', async () => {
    expect(
      (await api('student2', 'POST', '/reports', { kind: 'material', discussion_id: discussionId })).statusCode,
    ).toBe(200);
    expect(
      (await api('student2', 'POST', '/reports', { kind: 'material', discussion_id: discussionId, reply_id: replyId }))
        .statusCode,
    ).toBe(200);
  });
});

describe('reasons, where, and Dismiss', () => {
  it('keeps the optional reason and tells the admin where the message was posted', async () => {
    const general = await api('student', 'POST', '/discussions', { topic: 'G', description: 'umum' });
    expect(general.statusCode).toBe(200);
    const reported = await api('student2', 'POST', '/reports', {
      kind: 'general',
      discussion_id: general.json().id,
      reason: '  kata kasar  ',
    });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().reason).toBe('kata kasar');
    // The cap is in bytes: 501 emoji are 2,004.
    const tooLong = await api('student2', 'POST', '/reports', {
      kind: 'material',
      discussion_id: discussionId,
      reason: '😀'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'text-too-large',
      params: { field: 'reason', limit: MAX_REPORT_REASON_BYTES },
    });

    const list = await api('admin', 'GET', '/reports');
    expect(list.statusCode).toBe(200);
    const rows = list.json<Array<Record<string, unknown>>>();
    const onGeneral = rows.find((r) => r.kind === 'general');
    expect(onGeneral).toMatchObject({
      reason: 'kata kasar',
      reporter_name: expect.any(String),
      class_id: null,
      material_id: null,
    });
    const onPost = rows.find((r) => r.kind === 'material' && r.reply_id === null);
    expect(onPost).toMatchObject({
      reason: null,
      class_id: t.fixture.classes[0].id,
      class_name: 'X IPA 1',
      material_id: materialId,
      material_title: 'M',
    });
    expect(typeof onPost!.created_at).toBe('string');
    // Every field of the replies (their response schemas would drop one not listed).
    expect(Object.keys(reported.json()).sort()).toEqual([
      'created_at',
      'discussion_id',
      'id',
      'kind',
      'reason',
      'reply_id',
      'reporter_id',
    ]);
    expect(Object.keys(onPost!).sort()).toEqual([
      'author_name',
      'class_id',
      'class_name',
      'created_at',
      'discussion_id',
      'id',
      'kind',
      'material_id',
      'material_title',
      'message',
      'reason',
      'reply_id',
      'reporter_id',
      'reporter_name',
      'topic',
    ]);
  });

  it('Dismiss removes the reports on that message and keeps the message; only an admin may dismiss', async () => {
    const before = (await api('admin', 'GET', '/reports')).json<
      Array<{
        id: number;
        kind: string;
        reply_id: string | null;
      }>
    >();
    const onReply = before.find((r) => r.reply_id === replyId)!;
    expect((await api('teacher', 'POST', `/reports/dismiss?id=${onReply.id}`)).statusCode).toBe(403);
    expect((await api('student', 'POST', `/reports/dismiss?id=${onReply.id}`)).statusCode).toBe(403);
    expect((await api('admin', 'POST', '/reports/dismiss?id=999999')).statusCode).toBe(404);
    const dismissed = await api('admin', 'POST', `/reports/dismiss?id=${onReply.id}`);
    expect(dismissed.statusCode).toBe(200);
    const after = (await api('admin', 'GET', '/reports')).json<Array<{ id: number; reply_id: string | null }>>();
    expect(after.map((r) => r.id).sort()).toEqual(
      before
        .filter((r) => r.id !== onReply.id)
        .map((r) => r.id)
        .sort(),
    );
    // The reply is still there for the class to read.
    const posts = await api('student', 'GET', `/discussions-material?id=${materialId}`);
    expect(JSON.stringify(posts.json())).toContain(replyId);
  });
});
