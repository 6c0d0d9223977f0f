import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (who: string, method: Method, url: string, payload?: object) =>
  t.injectWithLogin(who, { method, url, payload });

describe('GET /classes', () => {
  it('lists classes for any signed-in user with teacher_name and student_count, ordered by id, grade filter', async () => {
    const res = await as('student', 'GET', '/api/v1/classes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.classes).toEqual([
      {
        id: t.fixture.classes[0].id,
        name: 'X IPA 1',
        description: 'Kelas X IPA 1',
        teacher_id: t.fixture.teachers[0].id,
        teacher_name: 'Budi Santoso',
        grade: 10,
        student_count: 2,
        archived_at: null,
      },
      {
        id: t.fixture.classes[1].id,
        name: 'XI IPA 1',
        description: 'Kelas XI IPA 1',
        teacher_id: t.fixture.teachers[1].id,
        teacher_name: 'Siti Aminah',
        grade: 11,
        student_count: 1,
        archived_at: null,
      },
    ]);
    expect(body.meta).toEqual({ page: 1, pageSize: 15, total: 2, totalPage: 1, totalpages: 1 });
    const g11 = (await as('admin', 'GET', '/api/v1/classes?grade=11')).json();
    expect(g11.classes.map((c: { id: number }) => c.id)).toEqual([t.fixture.classes[1].id]);
    expect(g11.meta.total).toBe(1);
    expect((await as('admin', 'GET', '/api/v1/classes?grade=12')).json().classes).toEqual([]);
    expect((await as('admin', 'GET', '/api/v1/classes?grade=x')).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/v1/classes' })).statusCode).toBe(401);
  });
});

describe('class writes', () => {
  it('creates a class (admin) that gets every student of its grade; validates teacher and fields', async () => {
    const res = await as('admin', 'POST', '/api/v1/classes', {
      name: 'X IPS 1',
      description: 'Sosial',
      teacher_id: t.fixture.teachers[1].id,
      grade: 10,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ name: 'X IPS 1', teacher_name: 'Siti Aminah', grade: 10, student_count: 2 });
    expect(Object.keys(created).sort()).toEqual([
      'archived_at',
      'description',
      'grade',
      'id',
      'name',
      'student_count',
      'teacher_id',
      'teacher_name',
    ]);
    const unknownTeacher = await as('admin', 'POST', '/api/v1/classes', {
      name: 'Y',
      description: '',
      teacher_id: 9999,
      grade: 10,
    });
    expect(unknownTeacher.statusCode).toBe(400);
    expect(unknownTeacher.json().message).toMatch(/teacher(_| )id/i);
    const missing = await as('admin', 'POST', '/api/v1/classes', { name: 'Y', description: '', grade: 10 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/teacher(_| )id/i);
    expect(
      (await as('admin', 'POST', '/api/v1/classes', { name: 'Y', description: '', teacher_id: 1, grade: 9 }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await as('teacher', 'POST', '/api/v1/classes', {
          name: 'Y',
          description: '',
          teacher_id: t.fixture.teachers[0].id,
          grade: 10,
        })
      ).statusCode,
    ).toBe(403);
    expect((await as('student', 'DELETE', `/api/v1/classes?id=${created.id}`)).statusCode).toBe(403);
    expect((await as('admin', 'DELETE', `/api/v1/classes?id=${created.id}`)).statusCode).toBe(200);
  });

  it('updates with PUT and PATCH (grade change moves grade students), deletes, 404 for unknown ids', async () => {
    const created = (
      await as('admin', 'POST', '/api/v1/classes', {
        name: 'Tmp',
        description: 'd',
        teacher_id: t.fixture.teachers[0].id,
        grade: 10,
      })
    ).json();
    const put = await as('admin', 'PUT', `/api/v1/classes?id=${created.id}`, {
      name: 'Tmp 2',
      description: 'e',
      teacher_id: t.fixture.teachers[1].id,
      grade: 11,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id: created.id,
      name: 'Tmp 2',
      teacher_name: 'Siti Aminah',
      grade: 11,
      student_count: 1,
    });
    const patch = await as('admin', 'PATCH', `/api/v1/classes?id=${created.id}`, {
      name: 'Tmp 3',
      description: 'e',
      teacher_id: t.fixture.teachers[1].id,
      grade: 11,
    });
    expect(patch.json().name).toBe('Tmp 3');
    expect(
      (
        await as('admin', 'PATCH', '/api/v1/classes?id=99999', {
          name: 'a',
          description: '',
          teacher_id: t.fixture.teachers[1].id,
          grade: 11,
        })
      ).statusCode,
    ).toBe(404);
    const del = await as('admin', 'DELETE', `/api/v1/classes?id=${created.id}`);
    expect(del.json()).toEqual({ message: 'Class deleted successfully' });
    expect((await as('admin', 'DELETE', `/api/v1/classes?id=${created.id}`)).statusCode).toBe(404);
  });
});

describe('details, roster and ownership', () => {
  it('gives the class teacher and admins the class with grade and students; others 403; 404 unknown', async () => {
    const id = t.fixture.classes[0].id;
    const res = await as('teacher', 'GET', `/api/v1/classes/details?id=${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.classes).toMatchObject({ id, name: 'X IPA 1', teacher_name: 'Budi Santoso', grade: 10 });
    expect(body.classes.students.map((s: { nis: string }) => s.nis)).toEqual(['2024000001', '2024000002']);
    expect(body.meta).toMatchObject({ total: 2, totalPage: 1, totalpages: 1 });
    // Every field of the reply (the response schema would drop one not listed); a teacher sees no contact details.
    expect(Object.keys(body.classes).sort()).toEqual([
      'archived_at',
      'description',
      'grade',
      'id',
      'name',
      'students',
      'teacher_id',
      'teacher_name',
    ]);
    const studentFields = [
      'curr_score',
      'grade',
      'id',
      'name',
      'nis',
      'phone_number',
      'profile_picture_url',
      'status',
      'user_id',
    ];
    expect(Object.keys(body.classes.students[0]).sort()).toEqual(studentFields);
    expect(body.classes.students[0]).toMatchObject({
      phone_number: null,
      curr_score: null,
      profile_picture_url: null,
      user_id: '',
    });
    const full = (await as('admin', 'GET', `/api/v1/classes/students?id=${id}`)).json();
    // the admin, who changes rosters, also learns whether each is active (deactivated students stay listed for them)
    expect(Object.keys(full.students[0]).sort()).toEqual(['active', ...studentFields]);
    expect(full.students[0].active).toBe(true);
    expect(full.students[0].user_id).not.toBe('');
    const paged = (await as('admin', 'GET', `/api/v1/classes/details?id=${id}&pageSize=1&page=2`)).json();
    expect(paged.classes.students.map((s: { nis: string }) => s.nis)).toEqual(['2024000002']);
    expect(paged.meta.totalPage).toBe(2);
    expect((await as('teacher2', 'GET', `/api/v1/classes/details?id=${id}`)).statusCode).toBe(403);
    expect((await as('student', 'GET', `/api/v1/classes/details?id=${id}`)).statusCode).toBe(403);
    expect((await as('admin', 'GET', '/api/v1/classes/details?id=99999')).statusCode).toBe(404);
  });

  it('an empty class has students [] and total 0', async () => {
    const teacher = t.fixture.teachers[0].id;
    const empty = (
      await as('admin', 'POST', '/api/v1/classes', { name: 'XII A', description: '', teacher_id: teacher, grade: 12 })
    ).json();
    const body = (await as('teacher', 'GET', `/api/v1/classes/details?id=${empty.id}`)).json();
    expect(body.classes.students).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, totalPage: 0 });
    await as('admin', 'DELETE', `/api/v1/classes?id=${empty.id}`);
  });

  it('roster (People tab) for the class teacher with search', async () => {
    const id = t.fixture.classes[0].id;
    const res = (await as('teacher', 'GET', `/api/v1/classes/students?id=${id}&search=bunga`)).json();
    expect(res.students.map((s: { name: string }) => s.name)).toEqual(['Bunga Lestari']);
    expect(res.meta.total).toBe(1);
    expect((await as('teacher2', 'GET', `/api/v1/classes/students?id=${id}`)).statusCode).toBe(403);
  });

  it('mine lists only the teacher’s classes', async () => {
    const res = (await as('teacher2', 'GET', '/api/v1/classes/mine')).json();
    expect(res.classes.map((c: { id: number }) => c.id)).toEqual([t.fixture.classes[1].id]);
    expect(res.classes[0].student_count).toBe(1);
    expect((await as('admin', 'GET', '/api/v1/classes/mine')).statusCode).toBe(403);
  });

  it('class-id returns the first class by id, {class_id:null,total:0} when none, own teacher only', async () => {
    const teacherId = t.fixture.teachers[0].id;
    const res = (await as('teacher', 'GET', `/api/v1/classes/class-id?grade=10&teacher_id=${teacherId}`)).json();
    expect(res).toEqual({ class_id: t.fixture.classes[0].id, total: 1 });
    expect((await as('teacher', 'GET', `/api/v1/classes/class-id?grade=12&teacher_id=${teacherId}`)).json()).toEqual({
      class_id: null,
      total: 0,
    });
    expect(
      (await as('teacher', 'GET', `/api/v1/classes/class-id?grade=11&teacher_id=${t.fixture.teachers[1].id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await as('admin', 'GET', `/api/v1/classes/class-id?grade=11&teacher_id=${t.fixture.teachers[1].id}`)).json()
        .class_id,
    ).toBe(t.fixture.classes[1].id);
    const bad = await as('teacher', 'GET', `/api/v1/classes/class-id?grade=ten&teacher_id=${teacherId}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/grade/i);
  });

  it('assigned: the student themself or admin; class_id and real grade; [] when none', async () => {
    const me = t.fixture.students[0].id;
    const res = (await as('student', 'GET', `/api/v1/classes/assigned?id=${me}`)).json();
    expect(res.classes).toEqual([
      expect.objectContaining({
        id: t.fixture.classes[0].id,
        class_id: t.fixture.classes[0].id,
        grade: 10,
        teacher_name: 'Budi Santoso',
      }),
    ]);
    expect(Object.keys(res.classes[0]).sort()).toEqual([
      'archived_at',
      'class_id',
      'description',
      'grade',
      'id',
      'name',
      'student_count',
      'teacher_id',
      'teacher_name',
    ]);
    expect(res.meta).toMatchObject({ total: 1, totalPage: 1, totalpages: 1 });
    expect((await as('student', 'GET', `/api/v1/classes/assigned?id=${t.fixture.students[1].id}`)).statusCode).toBe(
      403,
    );
    expect((await as('teacher', 'GET', `/api/v1/classes/assigned?id=${me}`)).statusCode).toBe(403);
    const lonely = (
      await as('admin', 'POST', '/api/v1/students', { name: 'Sepi', nis: '2029000001', grade: 12, status: 'Active' })
    ).json();
    const none = await as('admin', 'GET', `/api/v1/classes/assigned?id=${lonely.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json().classes).toEqual([]);
  });
});

describe('assign and unassign', () => {
  it('assigns new students, 409 naming those already assigned (nothing written), 400 for unknown or empty', async () => {
    const cls = t.fixture.classes[1].id;
    const [a, b] = [t.fixture.students[0].id, t.fixture.students[1].id];
    const ok = await as('admin', 'POST', '/api/v1/classes/assign-students', { id: cls, student_id: [a] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Students assigned successfully' });
    const dup = await as('admin', 'POST', '/api/v1/classes/assign-students', { id: cls, student_id: [b, a] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain(String(a));
    expect(dup.json().message).toBe(dup.json().error);
    const roster = (await as('admin', 'GET', `/api/v1/classes/students?id=${cls}`))
      .json()
      .students.map((s: { id: number }) => s.id);
    expect(roster).not.toContain(b);
    expect((await as('admin', 'POST', '/api/v1/classes/assign-students', { id: cls, student_id: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await as('admin', 'POST', '/api/v1/classes/assign-students', { id: cls, student_id: [424242] })).statusCode,
    ).toBe(400);
    expect(
      (await as('admin', 'POST', '/api/v1/classes/assign-students', { id: 424242, student_id: [a] })).statusCode,
    ).toBe(404);
    expect(
      (await as('teacher2', 'POST', '/api/v1/classes/assign-students', { id: cls, student_id: [b] })).statusCode,
    ).toBe(403);
  });

  it('unassigns with DELETE+body (Bearer) and with POST; an empty list is refused and removes nobody', async () => {
    const cls = t.fixture.classes[1].id;
    const a = t.fixture.students[0].id;
    const empty = await as('admin', 'DELETE', '/api/v1/classes/unassign-students', { id: cls, student_id: [] });
    expect(empty.statusCode).toBe(400);
    expect((await as('admin', 'GET', `/api/v1/classes/details?id=${cls}`)).json().meta.total).toBe(2);
    const del = await as('admin', 'DELETE', '/api/v1/classes/unassign-students', { id: cls, student_id: [a] });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Students unassigned successfully' });
    await as('admin', 'POST', '/api/v1/classes/assign-students', { id: cls, student_id: [a] });
    const post = await as('admin', 'POST', '/api/v1/classes/unassign-students', { id: cls, student_id: [a] });
    expect(post.statusCode).toBe(200);
    const roster = (await as('admin', 'GET', `/api/v1/classes/details?id=${cls}`))
      .json()
      .classes.students.map((s: { id: number }) => s.id);
    expect(roster).toEqual([t.fixture.students[2].id]);
  });
});

describe('class names in a grade', () => {
  it('refuses a duplicate name in the same grade (trimmed, case-insensitive) with 409 on create and update; allows it in another grade and several classes per teacher', async () => {
    const teacher = t.fixture.teachers[0].id;
    const dup = await as('admin', 'POST', '/api/v1/classes', {
      name: '  x ipa 1 ',
      description: '',
      teacher_id: teacher,
      grade: 10,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A class named "X IPA 1" already exists in grade 10.');
    const otherGrade = await as('admin', 'POST', '/api/v1/classes', {
      name: 'X IPA 1',
      description: '',
      teacher_id: teacher,
      grade: 12,
    });
    expect(otherGrade.statusCode).toBe(200);
    const second = await as('admin', 'POST', '/api/v1/classes', {
      name: 'X IPA 2',
      description: '',
      teacher_id: teacher,
      grade: 10,
    });
    expect(second.statusCode).toBe(200);
    const renamed = await as('admin', 'PUT', `/api/v1/classes?id=${second.json().id}`, {
      name: 'X IPA 1',
      description: '',
      teacher_id: teacher,
      grade: 10,
    });
    expect(renamed.statusCode).toBe(409);
    const unchanged = await as('admin', 'PUT', `/api/v1/classes?id=${t.fixture.classes[0].id}`, {
      name: 'X IPA 1 ',
      description: 'Kelas X IPA 1',
      teacher_id: teacher,
      grade: 10,
    });
    expect(unchanged.statusCode).toBe(200);
    for (const id of [otherGrade.json().id, second.json().id])
      expect((await as('admin', 'DELETE', `/api/v1/classes?id=${id}`)).statusCode).toBe(200);
  });
});
