/**
 * Reporting a post: a student may report only what they may read. A post they cannot read answers exactly like a
 * post that does not exist (404), so reports cannot be used to learn which ids exist.
 */
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
let discussionId: number;
let replyId: string;
const api = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  // A material of class0 (students[0] and [1]); students[2] (student3) is in another class.
  const material = await api('teacher', 'POST', '/materials', { title: 'M', description: 'd', content: '<p>x</p>', class_id: t.fixture.classes[0].id });
  const post = await api('student', 'POST', '/discussions-material', { topic: 'T', description: 'd', material_id: material.json().id });
  discussionId = post.json().id;
  const replied = await api('student2', 'PATCH', `/discussions-material/reply?id=${discussionId}`, { replies: 'balas' });
  replyId = replied.json().replies[0].id;
});
afterAll(async () => { await t.close(); });

describe('POST /reports', () => {
  it('answers the same 404 for a post the student cannot read as for one that does not exist', async () => {
    const missing = await api('student3', 'POST', '/reports', { kind: 'material', discussion_id: 999_999 });
    const unreadable = await api('student3', 'POST', '/reports', { kind: 'material', discussion_id: discussionId });
    expect(missing.statusCode).toBe(404);
    expect(unreadable.statusCode).toBe(404);
    expect(unreadable.json()).toEqual(missing.json());
    const reply = await api('student3', 'POST', '/reports', { kind: 'material', discussion_id: discussionId, reply_id: replyId });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual(missing.json());
    expect(await t.db.selectFrom('reports').selectAll().execute()).toEqual([]);
  });

  it('a student of the class may report the post and its replies', async () => {
    expect((await api('student2', 'POST', '/reports', { kind: 'material', discussion_id: discussionId })).statusCode).toBe(200);
    expect((await api('student2', 'POST', '/reports', { kind: 'material', discussion_id: discussionId, reply_id: replyId })).statusCode).toBe(200);
  });
});
