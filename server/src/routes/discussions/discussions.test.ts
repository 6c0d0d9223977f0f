import { buildTestApp, type TestApp } from '../../../test/helpers';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const RFC3339_WIB = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('general discussions', () => {
  let id: number;

  it('a student asks; author and name come from the token and DB', async () => {
    const res = await api('student', 'POST', '/discussions', {
      topic: 'Tugas?',
      description: 'Kapan <b>dikumpulkan</b>?<script>x</script>',
      replies: null,
      student_id: 999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      student_id: t.fixture.students[0].id,
      student_name: 'Andi Pratama',
      topic: 'Tugas?',
      description: 'Kapan <b>dikumpulkan</b>?<script>x</script>',
      replies: [],
    });
    id = res.json().id;
    expect((await api('teacher', 'POST', '/discussions', { topic: 'x', description: 'y' })).statusCode).toBe(403);
    expect((await api('admin', 'POST', '/discussions', { topic: 'x', description: 'y' })).statusCode).toBe(403);
    expect((await api('student', 'POST', '/discussions', { topic: '', description: 'y' })).statusCode).toBe(400);
  });

  it('lists newest first with both meta keys; [] replies', async () => {
    await api('student2', 'POST', '/discussions', { topic: 'Kedua', description: 'd' });
    const res = await api('student3', 'GET', '/discussions?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.discussions.map((d: { topic: string }) => d.topic)).toEqual(['Kedua', 'Tugas?']);
    expect(body.meta).toEqual({ page: 1, pageSize: 10, total: 2, totalPage: 1, totalpages: 1 });
    expect(body.discussions[1].replies).toEqual([]);
    expect((await api('teacher', 'GET', '/discussions')).statusCode).toBe(200); // teachers read and answer there too
    expect((await api('admin', 'GET', '/discussions')).statusCode).toBe(200);
  });

  it('replies: uuid id, student_id, name from DB, RFC 3339 time; empty is 400; both verbs', async () => {
    const put = await api('student2', 'PUT', `/discussions/reply?id=${id}`, {
      replies: 'Besok',
      student_name: 'Palsu',
      student_id: 1,
    });
    expect(put.statusCode).toBe(200);
    const reply = put.json().replies[0];
    expect(reply).toEqual({
      id: expect.stringMatching(UUID),
      student_id: t.fixture.students[1].id,
      name: 'Bunga Lestari',
      role: 'student',
      reply: 'Besok',
      time: expect.stringMatching(RFC3339_WIB),
    });
    const patch = await api('student3', 'PATCH', `/discussions/reply?id=${id}`, { replies: 'Oke' });
    expect(patch.json().replies.map((r: { reply: string }) => r.reply)).toEqual(['Besok', 'Oke']);
    const empty = await api('student', 'PUT', `/discussions/reply?id=${id}`, { replies: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Replies cannot be empty');
    expect((await api('student', 'PUT', '/discussions/reply?id=99999', { replies: 'x' })).statusCode).toBe(404);
    expect((await api('admin', 'PUT', `/discussions/reply?id=${id}`, { replies: 'x' })).statusCode).toBe(403);
  });

  it('concurrent replies are all kept', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api(i % 2 ? 'student' : 'student2', 'PATCH', `/discussions/reply?id=${id}`, { replies: `r${i}` }),
      ),
    );
    const res = await api('student', 'GET', '/discussions');
    const d = res.json().discussions.find((x: { id: number }) => x.id === id);
    expect(d.replies).toHaveLength(10);
  });

  it('edit by the author only (PUT and PATCH); delete by author or admin', async () => {
    expect((await api('student2', 'PUT', `/discussions?id=${id}`, { topic: 'x', description: 'y' })).statusCode).toBe(
      403,
    );
    expect((await api('admin', 'PUT', `/discussions?id=${id}`, { topic: 'x', description: 'y' })).statusCode).toBe(403);
    const put = await api('student', 'PUT', `/discussions?id=${id}`, {
      topic: 'Baru',
      description: 'Isi',
      student_id: 5,
    });
    expect(put.json()).toMatchObject({ id, topic: 'Baru', description: 'Isi', student_id: t.fixture.students[0].id });
    expect(
      (await api('student', 'PATCH', `/discussions?id=${id}`, { topic: 'Lagi', description: 'Isi' })).json().topic,
    ).toBe('Lagi');
    expect((await api('student2', 'DELETE', `/discussions?id=${id}`)).statusCode).toBe(403);
    expect((await api('student', 'DELETE', `/discussions?id=${id}`)).json()).toEqual({
      message: 'Discussion deleted successfully',
    });
    expect((await api('student', 'DELETE', `/discussions?id=${id}`)).statusCode).toBe(404);
    const other = (await api('student2', 'POST', '/discussions', { topic: 'Hapus', description: 'd' })).json();
    expect((await api('admin', 'DELETE', `/discussions?id=${other.id}`)).statusCode).toBe(200);
  });
});

describe('material discussions', () => {
  let materialId: number;
  let id: number;

  beforeAll(async () => {
    materialId = (
      await api('teacher', 'POST', '/materials', {
        title: 'M',
        description: 'd',
        content: 'c',
        class_id: t.fixture.classes[0].id,
      })
    ).json().id;
  });

  it('assigned students ask; others 403', async () => {
    const res = await api('student', 'POST', '/discussions-material', {
      topic: 'T',
      description: 'D',
      replies: null,
      student_id: 1,
      material_id: materialId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      material_id: materialId,
      student_id: t.fixture.students[0].id,
      student_name: 'Andi Pratama',
      replies: [],
    });
    id = res.json().id;
    expect(
      (
        await api('student3', 'POST', '/discussions-material', {
          topic: 'T',
          description: 'D',
          material_id: materialId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await api('student', 'POST', '/discussions-material', { topic: 'T', description: 'D', material_id: 99999 }))
        .statusCode,
    ).toBe(404);
    expect((await api('student', 'POST', '/discussions-material', { topic: 'T', description: 'D' })).statusCode).toBe(
      400,
    );
  });

  it('list by material with totalpages; the class teacher may read; strangers 403', async () => {
    for (const who of ['student2', 'teacher', 'admin']) {
      const res = await api(who, 'GET', `/discussions-material?id=${materialId}&page=1`);
      expect(res.statusCode).toBe(200);
      expect(res.json().meta).toMatchObject({ total: 1, totalPage: 1, totalpages: 1 });
      expect(res.json().discussions[0]).toMatchObject({ id, material_id: materialId });
    }
    expect((await api('student3', 'GET', `/discussions-material?id=${materialId}`)).statusCode).toBe(403);
    expect((await api('teacher2', 'GET', `/discussions-material?id=${materialId}`)).statusCode).toBe(403);
  });

  it('reply through /discussions-material/reply and the /materials/reply alias; unassigned students 403', async () => {
    expect((await api('student2', 'PUT', `/discussions-material/reply?id=${id}`, { replies: 'a' })).statusCode).toBe(
      200,
    );
    const alias = await api('student', 'PATCH', `/materials/reply?id=${id}`, {
      replies: 'b',
      student_name: 'x',
      student_id: 1,
    });
    expect(alias.statusCode).toBe(200);
    expect(alias.json().replies.map((r: { reply: string; name: string }) => [r.reply, r.name])).toEqual([
      ['a', 'Bunga Lestari'],
      ['b', 'Andi Pratama'],
    ]);
    expect((await api('student3', 'PUT', `/materials/reply?id=${id}`, { replies: 'c' })).statusCode).toBe(403);
    expect((await api('student', 'PUT', `/materials/reply?id=${id}`, { replies: '' })).statusCode).toBe(400);
  });

  it('author edits; author or admin deletes', async () => {
    expect(
      (
        await api('student2', 'PUT', `/discussions-material?id=${id}`, {
          topic: 'x',
          description: 'y',
          material_id: materialId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await api('student', 'PATCH', `/discussions-material?id=${id}`, {
          topic: 'x',
          description: 'y',
          material_id: materialId,
        })
      ).json().topic,
    ).toBe('x');
    expect((await api('student2', 'DELETE', `/discussions-material?id=${id}`)).statusCode).toBe(403);
    expect((await api('admin', 'DELETE', `/discussions-material?id=${id}`)).statusCode).toBe(200);
    expect((await api('teacher', 'GET', `/discussions-material?id=${materialId}`)).json().discussions).toEqual([]);
  });
});

describe('reports', () => {
  it('students report posts and replies once; admin lists and deletes', async () => {
    const post = (await api('student', 'POST', '/discussions', { topic: 'Spam', description: 'beli pulsa' })).json();
    const withReply = (await api('student2', 'PUT', `/discussions/reply?id=${post.id}`, { replies: 'kasar' })).json();
    const replyId = withReply.replies[0].id;

    const r1 = await api('student3', 'POST', '/reports', { kind: 'general', discussion_id: post.id });
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({
      kind: 'general',
      discussion_id: post.id,
      reply_id: null,
      reporter_id: t.fixture.students[2].id,
    });
    expect((await api('student3', 'POST', '/reports', { kind: 'general', discussion_id: post.id })).statusCode).toBe(
      409,
    );
    const r2 = await api('student3', 'POST', '/reports', {
      kind: 'general',
      discussion_id: post.id,
      reply_id: replyId,
    });
    expect(r2.statusCode).toBe(200);
    expect(
      (await api('student3', 'POST', '/reports', { kind: 'general', discussion_id: post.id, reply_id: 'nope' }))
        .statusCode,
    ).toBe(404);
    expect((await api('student3', 'POST', '/reports', { kind: 'material', discussion_id: post.id })).statusCode).toBe(
      404,
    );
    expect((await api('student3', 'POST', '/reports', { kind: 'other', discussion_id: post.id })).statusCode).toBe(400);
    expect((await api('teacher', 'POST', '/reports', { kind: 'general', discussion_id: post.id })).statusCode).toBe(
      403,
    );

    expect((await api('teacher', 'GET', '/reports')).statusCode).toBe(403);
    const list = await api('admin', 'GET', '/reports');
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: r2.json().id,
        reply_id: replyId,
        reporter_name: 'Citra Dewi',
        author_name: 'Bunga Lestari',
        message: 'kasar',
      }),
      expect.objectContaining({
        id: r1.json().id,
        reply_id: null,
        reporter_name: 'Citra Dewi',
        author_name: 'Andi Pratama',
        message: 'beli pulsa',
      }),
    ]);

    expect((await api('admin', 'DELETE', `/reports?id=${r2.json().id}`)).statusCode).toBe(200);
    expect(
      (await api('student', 'GET', '/discussions')).json().discussions.find((d: { id: number }) => d.id === post.id)
        .replies,
    ).toEqual([]);
    expect((await api('admin', 'GET', '/reports')).json()).toHaveLength(1);
    expect((await api('admin', 'DELETE', `/reports?id=${r1.json().id}`)).json()).toEqual({
      message: 'Reported message deleted successfully',
    });
    expect(
      (await api('student', 'GET', '/discussions')).json().discussions.find((d: { id: number }) => d.id === post.id),
    ).toBeUndefined();
    expect((await api('admin', 'GET', '/reports')).json()).toEqual([]);
    expect((await api('admin', 'DELETE', `/reports?id=${r1.json().id}`)).statusCode).toBe(404);
  });
});
