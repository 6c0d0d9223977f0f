import { MAX_REPLY_BYTES } from '../../domain/limits';
import { buildTestApp, type TestApp } from '../../../test/helpers';

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

type Item = {
  id: number;
  replies: { id: string; student_id: number | null; teacher_id?: number; role: string; name: string; reply: string }[];
};
const listed = async (who: string, id: number): Promise<Item | undefined> =>
  (await api(who, 'GET', '/discussions?pageSize=50')).json().discussions.find((d: Item) => d.id === id);

describe('teachers in the school-wide group discussions', () => {
  let postId: number;
  beforeAll(async () => {
    postId = (await api('student', 'POST', '/discussions', { topic: 'Rumus bandul?', description: 'T = ?' })).json().id;
  });

  it("any teacher reads them and answers as themself; every student sees the answer marked as a teacher's", async () => {
    expect((await api('teacher2', 'GET', '/discussions')).statusCode).toBe(200);
    const res = await api('teacher2', 'PUT', `/discussions/reply?id=${postId}`, {
      replies: ' Lihat bab getaran. ',
      student_id: 1,
      student_name: 'Palsu',
    });
    expect(res.statusCode).toBe(200);
    const mine = {
      student_id: null,
      teacher_id: t.fixture.teachers[1].id,
      role: 'teacher',
      reply: 'Lihat bab getaran.',
    };
    expect(res.json().replies).toEqual([expect.objectContaining(mine)]);
    expect(res.json().replies[0].name).not.toBe('Palsu');
    // student3 is in no class of teacher2's: the group discussions are school-wide
    expect((await listed('student3', postId))?.replies).toEqual([expect.objectContaining(mine)]);
    expect((await listed('teacher', postId))?.replies).toEqual([expect.objectContaining(mine)]);
  });

  it('a teacher still neither asks, edits nor deletes a question there', async () => {
    expect((await api('teacher', 'POST', '/discussions', { topic: 'x', description: 'y' })).statusCode).toBe(403);
    expect(
      (await api('teacher', 'PUT', `/discussions?id=${postId}`, { topic: 'x', description: 'y' })).statusCode,
    ).toBe(403);
    expect((await api('teacher', 'DELETE', `/discussions?id=${postId}`)).statusCode).toBe(403);
    expect((await listed('student', postId))?.id).toBe(postId);
  });

  it("a teacher removes their own reply, not a student's nor another teacher's", async () => {
    const mine = (await api('teacher', 'PATCH', `/discussions/reply?id=${postId}`, { replies: 'hapus saya' }))
      .json()
      .replies.at(-1).id;
    const student = (await api('student2', 'PATCH', `/discussions/reply?id=${postId}`, { replies: 'murid' }))
      .json()
      .replies.at(-1).id;
    const other = (await listed('teacher', postId))!.replies.find((r) => r.teacher_id === t.fixture.teachers[1].id)!.id;
    expect((await api('teacher', 'DELETE', `/discussions/reply?id=${postId}&reply_id=${student}`)).statusCode).toBe(
      403,
    );
    expect((await api('teacher', 'DELETE', `/discussions/reply?id=${postId}&reply_id=${other}`)).statusCode).toBe(403);
    const gone = await api('teacher', 'DELETE', `/discussions/reply?id=${postId}&reply_id=${mine}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().replies.map((r: { id: string }) => r.id)).toEqual([other, student]);
  });

  it('refuses an empty, an over-long or a wrongly addressed teacher reply with a clear 4xx, storing nothing', async () => {
    const before = (await listed('teacher', postId))!.replies.length;
    const empty = await api('teacher', 'PUT', `/discussions/reply?id=${postId}`, { replies: ' \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'validation-empty', message: 'Replies cannot be empty' });
    const long = await api('teacher', 'PUT', `/discussions/reply?id=${postId}`, {
      replies: '😀'.repeat(MAX_REPLY_BYTES / 4 + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('text-too-large');
    expect((await api('teacher', 'PUT', '/discussions/reply?id=999999', { replies: 'x' })).statusCode).toBe(404);
    expect((await api('teacher', 'PUT', '/discussions/reply?id=99999999999', { replies: 'x' })).statusCode).toBe(400);
    expect((await listed('teacher', postId))!.replies).toHaveLength(before);
  });
});

describe('material-discussion topics without a teacher reply, per material of a class', () => {
  it('counts each topic until any teacher answers it; the class teacher and admins only', async () => {
    const classId = t.fixture.classes[0].id;
    const material = async (title: string) =>
      (await api('teacher', 'POST', '/materials', { title, description: 'd', content: 'c', class_id: classId })).json()
        .id as number;
    const ask = async (materialId: number, who = 'student') =>
      (
        await api(who, 'POST', '/discussions-material', { topic: 'Tanya', description: 'd', material_id: materialId })
      ).json().id as number;
    const [m1, m2, m3] = [await material('Satu'), await material('Dua'), await material('Tiga')];
    const unanswered = async (who = 'teacher') =>
      api(who, 'GET', `/discussions-material/unanswered?class_id=${classId}`);
    const base = (await unanswered()).json().total;

    const a = await ask(m1);
    await ask(m1, 'student2');
    const c = await ask(m2);
    await ask(m3);
    await api('student2', 'PUT', `/discussions-material/reply?id=${a}`, { replies: 'murid menjawab' }); // a student's answer does not count
    await api('teacher', 'PUT', `/discussions-material/reply?id=${c}`, { replies: 'guru menjawab' });
    const res = await unanswered();
    expect(res.statusCode).toBe(200);
    const mine = res.json().materials.filter((m: { material_id: number }) => [m1, m2, m3].includes(m.material_id));
    expect(mine).toEqual([
      { material_id: m1, unanswered: 2 },
      { material_id: m3, unanswered: 1 },
    ]);
    expect(res.json().total).toBe(base + 3);
    expect((await unanswered('admin')).json()).toEqual(res.json());

    expect((await unanswered('teacher2')).statusCode).toBe(403);
    expect((await unanswered('student')).statusCode).toBe(403);
    expect((await api('teacher', 'GET', '/discussions-material/unanswered?class_id=999999')).statusCode).toBe(404);
    for (const bad of [
      '',
      '?class_id=0',
      '?class_id=-1',
      '?class_id=2147483648',
      '?class_id=1.5',
      '?class_id=abc',
      '?class_id=%F0%9F%98%80',
    ]) {
      const r = await api('teacher', 'GET', `/discussions-material/unanswered${bad}`);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toHaveProperty('code');
    }
  });
});

describe('material-discussion topics without a teacher reply, per class the teacher teaches (the dashboard)', () => {
  it('counts them per own class, with its name and grade; teachers only, each their own classes', async () => {
    const [own, other] = [t.fixture.classes[0], t.fixture.classes[1]];
    const mine = async (who = 'teacher') => api(who, 'GET', '/discussions-material/unanswered/mine');
    const perClass = async (who: string, classId: number) =>
      (await api(who, 'GET', `/discussions-material/unanswered?class_id=${classId}`)).json().total as number;
    const material = async (who: string, classId: number) =>
      (await api(who, 'POST', '/materials', { title: 'Bab', description: 'd', content: 'c', class_id: classId })).json()
        .id as number;
    const m1 = await material('teacher', own.id);
    const m2 = await material('teacher2', other.id);
    const q1 = (
      await api('student', 'POST', '/discussions-material', { topic: 'Tanya', description: 'd', material_id: m1 })
    ).json().id as number;
    await api('student2', 'POST', '/discussions-material', { topic: 'Tanya lagi', description: 'd', material_id: m1 });
    await api('student3', 'POST', '/discussions-material', { topic: 'Tanya', description: 'd', material_id: m2 });

    const res = await mine();
    expect(res.statusCode).toBe(200);
    // The same count as the per-material read of each class, for the teacher's classes only.
    expect(res.json().classes).toEqual([
      { class_id: own.id, name: own.name, grade: own.grade, unanswered: await perClass('teacher', own.id) },
    ]);
    expect(res.json().total).toBe(await perClass('teacher', own.id));
    expect((await mine('teacher2')).json().classes).toEqual([
      { class_id: other.id, name: other.name, grade: other.grade, unanswered: await perClass('teacher2', other.id) },
    ]);

    const before = res.json().total as number;
    await api('teacher', 'PUT', `/discussions-material/reply?id=${q1}`, { replies: 'guru menjawab' });
    expect((await mine()).json().total).toBe(before - 1);
    for (const who of ['admin', 'student']) expect((await mine(who)).statusCode).toBe(403);
  });
});
