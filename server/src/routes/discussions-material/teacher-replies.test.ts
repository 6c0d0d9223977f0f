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

type ReplyJson = {
  id: string;
  student_id: number | null;
  teacher_id?: number;
  name: string;
  role: string;
  reply: string;
};
const repliesOf = async (who: string, materialId: number, postId: number): Promise<ReplyJson[]> =>
  (await api(who, 'GET', `/discussions-material?id=${materialId}`))
    .json()
    .discussions.find((d: { id: number }) => d.id === postId).replies;

describe('every field of a discussion as the writes reply with it (their response schema would drop one not listed)', () => {
  it('create, reply (teacher and student, also at /materials/reply), edit and reply delete keep every field in order', async () => {
    const materialId = (
      await api('teacher', 'POST', '/materials', {
        title: 'Kunci',
        description: 'd',
        content: 'c',
        class_id: t.fixture.classes[0].id,
      })
    ).json().id;
    const created = (
      await api('student', 'POST', '/discussions-material', { topic: 'T', description: 'D', material_id: materialId })
    ).json();
    const post = ['id', 'student_id', 'student_name', 'material_id', 'topic', 'description', 'created_at', 'replies'];
    expect(Object.keys(created)).toEqual(post);
    await api('teacher', 'PUT', `/discussions-material/reply?id=${created.id}`, { replies: 'guru' });
    const replied = (await api('student2', 'PATCH', `/materials/reply?id=${created.id}`, { replies: 'murid' })).json();
    expect(Object.keys(replied)).toEqual(post);
    expect(replied.replies.map((r: object) => Object.keys(r))).toEqual([
      ['id', 'student_id', 'teacher_id', 'role', 'name', 'reply', 'time'],
      ['id', 'student_id', 'role', 'name', 'reply', 'time'],
    ]);
    const edited = (
      await api('student', 'PUT', `/discussions-material?id=${created.id}`, { topic: 'T2', description: 'D2' })
    ).json();
    expect(Object.keys(edited)).toEqual(post);
    const afterDelete = (
      await api('teacher', 'DELETE', `/discussions-material/reply?id=${created.id}&reply_id=${replied.replies[0].id}`)
    ).json();
    expect(Object.keys(afterDelete)).toEqual(post);
    expect(afterDelete.replies).toHaveLength(1);
    const general = (await api('student', 'POST', '/discussions', { topic: 'G', description: 'g' })).json();
    expect(Object.keys(general)).toEqual([
      'id',
      'student_id',
      'student_name',
      'topic',
      'description',
      'created_at',
      'replies',
    ]);
    expect((await api('student', 'DELETE', `/discussions?id=${general.id}`)).json()).toEqual({
      message: 'Discussion deleted successfully',
    });
  });
});

describe("the class teacher answers students' questions on a material", () => {
  let materialId: number;
  let postId: number;

  beforeAll(async () => {
    materialId = (
      await api('teacher', 'POST', '/materials', {
        title: 'Sel',
        description: 'd',
        content: 'c',
        class_id: t.fixture.classes[0].id,
      })
    ).json().id;
    postId = (
      await api('student', 'POST', '/discussions-material', {
        topic: 'Apa itu sel?',
        description: 'Bingung',
        material_id: materialId,
      })
    ).json().id;
  });

  it("replies as the teacher (name and role in every view); another class's teacher and admins may not", async () => {
    const res = await api('teacher', 'PUT', `/discussions-material/reply?id=${postId}`, {
      replies: ' Sel adalah unit terkecil <b>kehidupan</b>. ',
      student_id: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().replies).toEqual([
      expect.objectContaining({
        student_id: null,
        teacher_id: t.fixture.teachers[0].id,
        name: 'Budi Santoso',
        role: 'teacher',
        reply: 'Sel adalah unit terkecil <b>kehidupan</b>.',
      }),
    ]);
    // The student sees it marked as the teacher's.
    expect(await repliesOf('student2', materialId, postId)).toEqual([
      expect.objectContaining({ name: 'Budi Santoso', role: 'teacher' }),
    ]);
    // The alias students' app uses answers the teacher too.
    expect(
      (await api('teacher', 'PATCH', `/materials/reply?id=${postId}`, { replies: 'Lihat bab 1.' })).statusCode,
    ).toBe(200);

    expect(
      (await api('teacher2', 'PUT', `/discussions-material/reply?id=${postId}`, { replies: 'x' })).statusCode,
    ).toBe(403);
    expect((await api('teacher2', 'PATCH', `/materials/reply?id=${postId}`, { replies: 'x' })).statusCode).toBe(403);
    expect((await api('admin', 'PUT', `/discussions-material/reply?id=${postId}`, { replies: 'x' })).statusCode).toBe(
      403,
    );
    expect((await api('teacher', 'PUT', '/discussions-material/reply?id=99999', { replies: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await api('teacher', 'PUT', `/discussions-material/reply?id=${postId}`, { replies: '  ' })).statusCode,
    ).toBe(400);
    // In the group discussions a teacher answers (discussions/teachers.test.ts) but deletes no student's question.
    const general = (await api('student', 'POST', '/discussions', { topic: 'Umum', description: 'd' })).json().id;
    expect((await api('teacher', 'DELETE', `/discussions?id=${general}`)).statusCode).toBe(403);
    expect(await repliesOf('teacher', materialId, postId)).toHaveLength(2);
  });

  it('removes a reply: the class teacher any, a student only their own; others 403; reports on it go too', async () => {
    const withReply = (
      await api('student2', 'PUT', `/discussions-material/reply?id=${postId}`, { replies: 'beli pulsa murah' })
    ).json();
    const spam = withReply.replies.at(-1) as ReplyJson;
    const teacherReply = withReply.replies[0] as ReplyJson;
    expect(
      (await api('student', 'POST', '/reports', { kind: 'material', discussion_id: postId, reply_id: spam.id }))
        .statusCode,
    ).toBe(200);
    expect(await t.db.selectFrom('reports').select('id').where('reply_id', '=', spam.id).execute()).toHaveLength(1);

    expect(
      (await api('teacher2', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${spam.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await api('student', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${spam.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await api('student', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${teacherReply.id}`))
        .statusCode,
    ).toBe(403);
    expect((await api('teacher', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=nope`)).statusCode).toBe(
      404,
    );

    const gone = await api('teacher', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${spam.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().replies.map((r: ReplyJson) => r.id)).not.toContain(spam.id);
    expect(await t.db.selectFrom('reports').select('id').where('reply_id', '=', spam.id).execute()).toEqual([]);
    expect(
      (await api('teacher', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${spam.id}`)).statusCode,
    ).toBe(404);

    const own = (await api('student2', 'PUT', `/discussions-material/reply?id=${postId}`, { replies: 'maaf' }))
      .json()
      .replies.at(-1) as ReplyJson;
    expect(
      (await api('student2', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${own.id}`)).statusCode,
    ).toBe(200);
    expect((await repliesOf('student', materialId, postId)).map((r) => r.reply)).toEqual([
      'Sel adalah unit terkecil <b>kehidupan</b>.',
      'Lihat bab 1.',
    ]);
  });

  it("removes a student's question in their class; another class's teacher may not", async () => {
    const other = (
      await api('student2', 'POST', '/discussions-material', {
        topic: 'Spam',
        description: 'x',
        material_id: materialId,
      })
    ).json().id;
    expect((await api('teacher2', 'DELETE', `/discussions-material?id=${other}`)).statusCode).toBe(403);
    expect((await api('teacher', 'DELETE', `/discussions-material?id=${other}`)).statusCode).toBe(200);
    const left = (await api('student', 'GET', `/discussions-material?id=${materialId}`))
      .json()
      .discussions.map((d: { id: number }) => d.id);
    expect(left).toEqual([postId]);
  });

  it('rights follow the class: once it is given to another teacher, they answer and the former teacher may not', async () => {
    const cls = t.fixture.classes[0];
    const moved = await api('admin', 'PUT', `/classes?id=${cls.id}`, {
      name: cls.name,
      description: 'd',
      grade: cls.grade,
      teacher_id: t.fixture.teachers[1].id,
    });
    expect(moved.statusCode).toBe(200);
    expect((await api('teacher', 'PUT', `/discussions-material/reply?id=${postId}`, { replies: 'x' })).statusCode).toBe(
      403,
    );
    const res = await api('teacher2', 'PUT', `/discussions-material/reply?id=${postId}`, {
      replies: 'Saya guru baru.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().replies.at(-1)).toMatchObject({
      name: 'Siti Aminah',
      role: 'teacher',
      teacher_id: t.fixture.teachers[1].id,
    });
    // The former teacher's replies stay, still marked as a teacher's.
    expect(res.json().replies[0]).toMatchObject({ name: 'Budi Santoso', role: 'teacher' });
    const first = res.json().replies[0] as ReplyJson;
    expect(
      (await api('teacher', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${first.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await api('teacher2', 'DELETE', `/discussions-material/reply?id=${postId}&reply_id=${first.id}`)).statusCode,
    ).toBe(200);
  });
});
