import { sql } from 'kysely';
import { classNameKey } from '@kelasku/shared-rules';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { failureOf } from '../../../test/failure-of';

// Admin actions that never remove a class's work silently, deactivation, and enrolment the caller chooses.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (who: string, method: Method, url: string, payload?: object) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, payload });
const asAdmin = (method: Method, url: string, payload?: object) => api('admin', method, url, payload);
const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password } });

let nipSeq = 0;
async function newTeacher(name: string) {
  const nip = `19700101200001${String(2000 + ++nipSeq)}`;
  const res = await asAdmin('POST', '/teachers', { name, nip, specialization: 'History', status: 'Active' });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number; nip: string; initial_password: string }>();
}

describe('deleting a teacher', () => {
  it('is refused with 409 listing the classes they still teach; nothing is deleted', async () => {
    const teacher = await newTeacher('Wati');
    const cls = (
      await asAdmin('POST', '/classes', { name: 'X Sejarah', description: 'd', teacher_id: teacher.id, grade: 10 })
    ).json();
    const res = await asAdmin('DELETE', `/teachers?id=${teacher.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().classes).toEqual([{ id: cls.id, name: 'X Sejarah', grade: 10 }]);
    expect(res.json().message).toMatch(/X Sejarah \(grade 10\)/);
    expect((await asAdmin('GET', `/classes/details?id=${cls.id}`)).statusCode).toBe(200);
    expect((await login(teacher.nip, teacher.initial_password)).statusCode).toBe(200);
  });

  it('after their classes are reassigned, keeps the materials, exercises, exams and grades they wrote (owned by the class teacher)', async () => {
    const teacher = await newTeacher('Joko');
    const cls = (
      await asAdmin('POST', '/classes', { name: 'X Geografi', description: 'd', teacher_id: teacher.id, grade: 10 })
    ).json();
    const material = await t.db
      .insertInto('materials')
      .values({ class_id: cls.id, title: 'Peta', description: 'd', content: '<p>x</p>', teacher_id: teacher.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exercise = await t.db
      .insertInto('exercises')
      .values({ material_id: material.id, title: 'Latihan', content: '{}', total_marks: 100, teacher_id: teacher.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exam = await t.db
      .insertInto('exams')
      .values({
        class_id: cls.id,
        title: 'UTS',
        content: '{}',
        total_marks: 100,
        teacher_id: teacher.id,
        start_time: new Date().toISOString(),
        end_time: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('exercise_scores')
      .values({ exercise_id: exercise.id, student_id: t.fixture.students[0].id, score: 80, detail: null })
      .execute();

    const other = t.fixture.teachers[0];
    expect(
      (
        await asAdmin('PUT', `/classes?id=${cls.id}`, {
          name: 'X Geografi',
          description: 'd',
          teacher_id: other.id,
          grade: 10,
        })
      ).statusCode,
    ).toBe(200);
    expect((await asAdmin('DELETE', `/teachers?id=${teacher.id}`)).json()).toEqual({
      message: 'Teacher deleted successfully',
    });

    expect(
      await t.db.selectFrom('materials').select('teacher_id').where('id', '=', material.id).executeTakeFirst(),
    ).toEqual({ teacher_id: other.id });
    expect(
      await t.db.selectFrom('exercises').select('teacher_id').where('id', '=', exercise.id).executeTakeFirst(),
    ).toEqual({ teacher_id: other.id });
    expect(await t.db.selectFrom('exams').select('teacher_id').where('id', '=', exam.id).executeTakeFirst()).toEqual({
      teacher_id: other.id,
    });
    const score = await t.db
      .selectFrom('exercise_scores')
      .select('score')
      .where('exercise_id', '=', exercise.id)
      .executeTakeFirst();
    expect(Number(score?.score)).toBe(80);
    expect((await login(teacher.nip, teacher.initial_password)).statusCode).toBe(401);
  });

  it('the schema itself refuses to cascade: a class blocks deleting its teacher row', async () => {
    const teacher = await newTeacher('Rudi');
    await asAdmin('POST', '/classes', { name: 'X Ekonomi', description: 'd', teacher_id: teacher.id, grade: 10 });
    expect(await failureOf(t.db.deleteFrom('teachers').where('id', '=', teacher.id).execute())).toMatch(/foreign key/i);
    expect(await t.db.selectFrom('classes').select('name').where('teacher_id', '=', teacher.id).execute()).toEqual([
      { name: 'X Ekonomi' },
    ]);
  });
});

describe('deactivating an account', () => {
  it('a deactivated teacher cannot sign in, their session ends, the list shows it; reactivation restores sign-in', async () => {
    const teacher = await newTeacher('Dewi');
    t.passwords[teacher.nip] = teacher.initial_password;
    expect((await api(teacher.nip, 'GET', '/classes/mine')).statusCode).toBe(200);

    const off = await asAdmin('POST', `/teachers/deactivate?id=${teacher.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: teacher.id, name: 'Dewi', active: false });
    expect((await api(teacher.nip, 'GET', '/classes/mine')).statusCode).toBe(401);
    const refused = await login(teacher.nip, teacher.initial_password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This account is deactivated. Ask the school admin to reactivate it.');
    // a wrong password still says nothing about the account
    expect((await login(teacher.nip, 'wrong-password')).statusCode).toBe(401);
    const listed = (await asAdmin('GET', `/teachers?searchNIP=${teacher.nip}`)).json().teachers;
    expect(listed).toEqual([expect.objectContaining({ id: teacher.id, active: false })]);

    const on = await asAdmin('POST', `/teachers/reactivate?id=${teacher.id}`);
    expect(on.json()).toMatchObject({ id: teacher.id, active: true });
    expect((await login(teacher.nip, teacher.initial_password)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/teachers?searchNIP=${teacher.nip}`)).json().teachers[0].active).toBe(true);
  });

  it('a deactivated student keeps their grades and assignments and cannot sign in until reactivated', async () => {
    const created = (
      await asAdmin('POST', '/students', { name: 'Sari', nis: '2024109001', grade: 10, status: 'Active' })
    ).json();
    expect((await asAdmin('POST', `/students/deactivate?id=${created.id}`)).json()).toMatchObject({ active: false });
    expect((await login(created.nis, created.initial_password)).statusCode).toBe(403);
    expect((await asAdmin('GET', `/students?searchNIS=${created.nis}`)).json().students[0]).toMatchObject({
      name: 'Sari',
      active: false,
    });
    expect((await asAdmin('GET', `/classes/assigned?id=${created.id}`)).json().classes.length).toBeGreaterThan(0);
    expect((await asAdmin('POST', `/students/reactivate?id=${created.id}`)).json()).toMatchObject({ active: true });
    expect((await login(created.nis, created.initial_password)).statusCode).toBe(200);
    expect((await asAdmin('POST', '/students/deactivate?id=999999')).statusCode).toBe(404);
    expect((await api('teacher', 'POST', `/students/deactivate?id=${created.id}`)).statusCode).toBe(403);
  });
});

describe('deleting a student', () => {
  it('keeps other students’ replies under their posts; posts nobody else answered go', async () => {
    const author = (
      await asAdmin('POST', '/students', { name: 'Penulis', nis: '2024109002', grade: 10, status: 'Active' })
    ).json();
    t.passwords[author.nis] = author.initial_password;
    const answered = (await api(author.nis, 'POST', '/discussions', { topic: 'Ditanggapi', description: 'd' })).json();
    const lonely = (await api(author.nis, 'POST', '/discussions', { topic: 'Sepi', description: 'd' })).json();
    await api(author.nis, 'PUT', `/discussions/reply?id=${answered.id}`, { replies: 'balasan penulis' });
    await api('student2', 'PUT', `/discussions/reply?id=${answered.id}`, { replies: 'balasan teman' });

    expect((await asAdmin('DELETE', `/students?id=${author.id}`)).statusCode).toBe(200);
    const list = (await api('student2', 'GET', '/discussions?pageSize=100')).json().discussions as {
      id: number;
      student_id: number | null;
      student_name: string;
      replies: { reply: string }[];
    }[];
    const kept = list.find((d) => d.id === answered.id);
    expect(kept).toMatchObject({ student_id: null, student_name: 'Former student' });
    expect(kept?.replies.map((r) => r.reply)).toEqual(['balasan teman']);
    expect(list.find((d) => d.id === lonely.id)).toBeUndefined();
  });
});

describe('enrolment', () => {
  const gradeCount = async (grade: number) =>
    (await asAdmin('GET', `/students?grade=${grade}&pageSize=1`)).json().meta.total as number;

  it('a new class gets every student of its grade unless enrol_all is false', async () => {
    const teacherId = t.fixture.teachers[0].id;
    const all = (
      await asAdmin('POST', '/classes', { name: 'XII Seni', description: '', teacher_id: teacherId, grade: 12 })
    ).json();
    const grade12 = await gradeCount(12);
    expect(all.student_count).toBe(grade12);
    const none = await asAdmin('POST', '/classes', {
      name: 'XII Musik',
      description: '',
      teacher_id: teacherId,
      grade: 12,
      enrol_all: false,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().student_count).toBe(0);
    expect(
      (
        await asAdmin('POST', '/classes', {
          name: 'XII Tari',
          description: '',
          teacher_id: teacherId,
          grade: 12,
          enrol_all: 'no',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a new or imported student joins every class of their grade unless join_classes is false', async () => {
    const classesOf = async (id: number) =>
      (await asAdmin('GET', `/classes/assigned?id=${id}`)).json().meta.total as number;
    const grade11Classes = (await asAdmin('GET', '/classes?grade=11')).json().meta.total as number;
    expect(grade11Classes).toBeGreaterThan(0);
    const joined = (
      await asAdmin('POST', '/students', { name: 'Ani', nis: '2024119001', grade: 11, status: 'Active' })
    ).json();
    expect(await classesOf(joined.id)).toBe(grade11Classes);
    const alone = (
      await asAdmin('POST', '/students', {
        name: 'Budi',
        nis: '2024119002',
        grade: 11,
        status: 'Active',
        join_classes: false,
      })
    ).json();
    expect(await classesOf(alone.id)).toBe(0);

    const imported = await asAdmin('POST', '/students/import', {
      rows: [{ name: 'Cici', nis: '2024119003', grade: 11, status: 'Active' }],
      join_classes: false,
    });
    expect(imported.statusCode).toBe(200);
    expect(await classesOf(imported.json().students[0].id)).toBe(0);
    const importedAll = await asAdmin('POST', '/students/import', {
      rows: [{ name: 'Dodi', nis: '2024119004', grade: 11, status: 'Active' }],
    });
    expect(await classesOf(importedAll.json().students[0].id)).toBe(grade11Classes);
  });
});

describe('class names per grade', () => {
  it('two concurrent creates of one name: exactly one succeeds, the other gets 409 with the readable message', async () => {
    const teacherId = t.fixture.teachers[1].id;
    const results = await Promise.all(
      ['XI Kimia 9', ' xi kimia 9 ', 'XI KIMIA 9'].map((name) =>
        asAdmin('POST', '/classes', { name, description: '', teacher_id: teacherId, grade: 11 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toMatch(/already exists in grade 11/);
  });

  it('the database refuses a duplicate key (shared-rules classNameKey) among the classes in use, even without the route’s check', async () => {
    const teacherId = t.fixture.teachers[1].id;
    const row = (name: string, grade: number) => ({
      name,
      name_key: classNameKey(name),
      description: '',
      teacher_id: teacherId,
      grade,
    });
    const first = await t.db
      .insertInto('classes')
      .values(row('XI Biologi 7', 11))
      .returning('id')
      .executeTakeFirstOrThrow();
    // case, spaces and full-width letters: one key, so one class
    expect(await failureOf(t.db.insertInto('classes').values(row(' xi  ＢＩＯＬＯＧＩ 7', 11)).execute())).toMatch(
      /unique/i,
    );
    // the same name in another grade is fine
    await t.db.insertInto('classes').values(row('XI Biologi 7', 12)).execute();
    // an archived class no longer holds its name
    await t.db
      .updateTable('classes')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', first.id)
      .execute();
    await t.db.insertInto('classes').values(row('xi biologi 7', 11)).execute();
    const n = await sql<{ n: number }>`select count(*) as n from classes where name_key = 'xi biologi 7'`.execute(t.db);
    expect(Number(n.rows[0].n)).toBe(3);
  });
});
