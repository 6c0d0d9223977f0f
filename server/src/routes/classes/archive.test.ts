import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// Deleting a class tells what goes with it (one read); archiving makes it read-only, hides it from its teacher and
// students, frees its name, keeps it for admins; restoring is refused while the name is taken.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (who: string, method: Method, url: string, payload?: object) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, payload });
async function ok(who: string, method: Method, url: string, payload?: object) {
  const res = await as(who, method, url, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const HOUR = 3600_000;
const CONTENT = { 1: 'Dua?', '1_a': '1', '1_b': '2', '1_c': '3', '1_d': '4', '1_answer': 'b' };

/** A class of teachers[0] in grade 12 with students[2] moved in, a material with an exercise, an exam, sheets and grades. */
async function filledClass(name: string) {
  const cls = await ok('admin', 'POST', '/classes', {
    name,
    description: 'd',
    teacher_id: t.fixture.teachers[0].id,
    grade: 12,
    enrol_all: false,
  });
  const student = t.fixture.students[0];
  await ok('admin', 'POST', '/classes/assign-students', {
    id: cls.id,
    student_id: [student.id, t.fixture.students[1].id],
  });
  const material = await ok('teacher', 'POST', '/materials', {
    title: 'Sel',
    description: 'd',
    content: '<p>m</p>',
    class_id: cls.id,
  });
  await ok('teacher', 'POST', '/materials', {
    title: 'Sel 2',
    description: 'd',
    content: '<p>m</p>',
    class_id: cls.id,
  });
  const exercise = await ok('teacher', 'POST', '/exercises', {
    title: 'L',
    total_marks: 100,
    material_id: material.id,
    content: CONTENT,
  });
  const exam = await ok('teacher', 'POST', '/exams', {
    title: 'U',
    total_marks: 100,
    class_id: cls.id,
    content: CONTENT,
    start_time: formatWib(new Date(Date.now() - HOUR)),
    end_time: formatWib(new Date(Date.now() + HOUR)),
  });
  const sheet = await ok('student', 'POST', '/exercises-answers', { exercise_id: exercise.id });
  await ok('student', 'PUT', `/exercises-answers?id=${sheet.id}`, { answers: { 1: 'b' } });
  await ok('student', 'POST', '/exercises/calculate-grade', { exercise_id: exercise.id });
  const examSheet = await ok('student', 'POST', '/exams-answers', { exam_id: exam.id });
  await ok('student', 'POST', '/discussions-material', { material_id: material.id, topic: 'Tanya', description: 'd' });
  await ok('student', 'POST', '/discussions-material', {
    material_id: material.id,
    topic: 'Tanya 2',
    description: 'd',
  });
  return { cls, material, exercise, exam, sheet, examSheet };
}

describe('GET /classes/delete-impact', () => {
  it('counts what a delete takes with it in one read', async () => {
    const { cls } = await filledClass('XII Dampak');
    expect(await ok('admin', 'GET', `/classes/delete-impact?id=${cls.id}`)).toEqual({
      id: cls.id,
      name: 'XII Dampak',
      grade: 12,
      archived_at: null,
      students: 2,
      materials: 2,
      exercises: 1,
      exams: 1,
      answer_sheets: 2,
      grades: 1,
      discussions: 2,
    });
    const empty = await ok('admin', 'POST', '/classes', {
      name: 'XII Kosong',
      description: '',
      teacher_id: t.fixture.teachers[0].id,
      grade: 12,
      enrol_all: false,
    });
    expect(await ok('admin', 'GET', `/classes/delete-impact?id=${empty.id}`)).toMatchObject({
      students: 0,
      materials: 0,
      exercises: 0,
      exams: 0,
      answer_sheets: 0,
      grades: 0,
      discussions: 0,
    });
  });

  it('answers 404 for an unknown class and 400 for ids that are no ids', async () => {
    expect((await as('admin', 'GET', '/classes/delete-impact?id=999999')).json()).toMatchObject({
      code: 'record-not-found',
    });
    for (const id of ['', 'x', '-1', '0', '1.5', '99999999999999999999', '２']) {
      const res = await as('admin', 'GET', `/classes/delete-impact?id=${encodeURIComponent(id)}`);
      expect([id, res.statusCode]).toEqual([id, 400]);
      expect(res.json()).toEqual(
        expect.objectContaining({ error: expect.any(String), message: expect.any(String), code: expect.any(String) }),
      );
    }
    expect((await as('teacher', 'GET', `/classes/delete-impact?id=${t.fixture.classes[0].id}`)).statusCode).toBe(403);
  });
});

describe('archived classes', () => {
  it('are read-only: every write under them is refused with 409 class-archived and changes nothing', async () => {
    const { cls, material, exercise, exam, sheet, examSheet } = await filledClass('XII Arsip Baca');
    await ok('admin', 'POST', `/classes/archive?id=${cls.id}`);
    const refusals: [string, Method, string, object?][] = [
      [
        'admin',
        'PATCH',
        `/classes?id=${cls.id}`,
        { name: 'XII Lain', description: '', teacher_id: t.fixture.teachers[0].id, grade: 12 },
      ],
      ['admin', 'POST', '/classes/assign-students', { id: cls.id, student_id: [t.fixture.students[2].id] }],
      ['admin', 'POST', '/classes/unassign-students', { id: cls.id, student_id: [t.fixture.students[1].id] }],
      ['admin', 'POST', '/classes/roster/unassign', { id: cls.id, student_id: [t.fixture.students[1].id] }],
      ['teacher', 'POST', '/materials', { title: 'Baru', description: 'd', content: '<p>x</p>', class_id: cls.id }],
      [
        'teacher',
        'PUT',
        `/materials?id=${material.id}`,
        { title: 'Ubah', description: 'd', content: '<p>x</p>', class_id: cls.id },
      ],
      ['admin', 'DELETE', `/materials?id=${material.id}`],
      [
        'teacher',
        'PUT',
        `/exercises?id=${exercise.id}`,
        { title: 'L2', total_marks: 100, material_id: material.id, content: CONTENT },
      ],
      ['teacher', 'DELETE', `/exams?id=${exam.id}`],
      ['student', 'PUT', `/exams-answers?id=${examSheet.id}`, { answers: { 1: 'a' } }],
      ['student', 'POST', '/exams/calculate-grade', { exam_id: exam.id }],
      ['teacher', 'DELETE', `/exercises-answers?id=${sheet.id}`],
      ['student', 'POST', '/discussions-material', { material_id: material.id, topic: 'Lagi', description: 'd' }],
    ];
    for (const [who, method, url, payload] of refusals) {
      const res = await as(who, method, url, payload);
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 409, 'class-archived']);
    }
    // nothing changed, and the class still reads as it was
    expect(await ok('admin', 'GET', `/classes/delete-impact?id=${cls.id}`)).toMatchObject({
      students: 2,
      materials: 2,
      exercises: 1,
      exams: 1,
      answer_sheets: 2,
      grades: 1,
    });
    expect((await ok('student', 'GET', `/materials/from-class?id=${cls.id}`)).materials).toHaveLength(2);
    expect(
      (
        await ok(
          'student',
          'GET',
          `/exercises/get-grade?exercise_id=${exercise.id}&student_id=${t.fixture.students[0].id}`,
        )
      )[0],
    ).toMatchObject({ score: 100 });
    // and it can still be deleted
    expect((await as('admin', 'DELETE', `/classes?id=${cls.id}`)).statusCode).toBe(200);
  });

  it('leave their teacher’s and students’ lists, stay in the admin’s archived list and reports, and free their name', async () => {
    const { cls } = await filledClass('XII Arsip Nama');
    const student = t.fixture.students[0];
    const teacherId = t.fixture.teachers[0].id;
    const ids = (list: { id: number }[]) => list.map((c) => c.id);
    expect(ids((await ok('teacher', 'GET', '/classes/mine')).classes)).toContain(cls.id);
    expect(ids((await ok('student', 'GET', `/classes/assigned?id=${student.id}`)).classes)).toContain(cls.id);
    expect((await ok('student', 'GET', '/students/todo')).exams.map((x: { class_id: number }) => x.class_id)).toContain(
      cls.id,
    );

    const archived = await ok('admin', 'POST', `/classes/archive?id=${cls.id}`);
    expect(archived).toMatchObject({
      id: cls.id,
      name: 'XII Arsip Nama',
      archived_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    expect(ids((await ok('teacher', 'GET', '/classes/mine')).classes)).not.toContain(cls.id);
    expect((await ok('teacher', 'GET', `/classes/class-id?grade=12&teacher_id=${teacherId}`)).class_id).not.toBe(
      cls.id,
    );
    const assigned = await ok('student', 'GET', `/classes/assigned?id=${student.id}`);
    expect(ids(assigned.classes)).not.toContain(cls.id);
    expect(assigned.meta.total).toBe(assigned.classes.length);
    expect(
      (await ok('student', 'GET', '/students/todo')).exams.map((x: { class_id: number }) => x.class_id),
    ).not.toContain(cls.id);
    // the student still finds it among their archived classes (their results), and no one else's
    expect(ids((await ok('student', 'GET', `/classes/assigned?id=${student.id}&archived=1`)).classes)).toEqual([
      cls.id,
    ]);
    expect((await as('student2', 'GET', `/classes/assigned?id=${student.id}&archived=1`)).statusCode).toBe(403);
    expect(
      ids((await ok('student2', 'GET', `/classes/assigned?id=${t.fixture.students[1].id}&archived=1`)).classes),
    ).toEqual([cls.id]);
    expect(
      ids((await ok('student3', 'GET', `/classes/assigned?id=${t.fixture.students[2].id}&archived=1`)).classes),
    ).toEqual([]);
    expect(ids((await ok('admin', 'GET', '/classes?grade=12')).classes)).not.toContain(cls.id);
    expect(ids((await ok('teacher', 'GET', '/classes?grade=12')).classes)).not.toContain(cls.id);
    expect(ids((await ok('admin', 'GET', '/classes?grade=12&archived=1')).classes)).toEqual([cls.id]);
    expect((await as('teacher', 'GET', '/classes?archived=1')).statusCode).toBe(403);
    expect((await as('student', 'GET', '/classes?archived=true')).statusCode).toBe(403);
    expect((await as('admin', 'GET', `/classes?archived=${'1'.repeat(6)}`)).statusCode).toBe(400);
    // the admin's reports keep it
    expect(JSON.stringify(await ok('admin', 'GET', '/stats/admin'))).toContain('XII Arsip Nama');

    // next year's class takes the name (any spelling of it); the archived one cannot come back while it is taken
    const next = await ok('admin', 'POST', '/classes', {
      name: ' xii  arsip NAMA ',
      description: '',
      teacher_id: teacherId,
      grade: 12,
      enrol_all: false,
    });
    const refused = await as('admin', 'POST', `/classes/restore?id=${cls.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'restore-name-taken',
      params: { name: 'xii  arsip NAMA', grade: 12 },
      message: 'Cannot restore: a class named "xii  arsip NAMA" already exists in grade 12. Rename that class first.',
    });
    expect(ids((await ok('admin', 'GET', '/classes?grade=12&archived=1')).classes)).toEqual([cls.id]);
    // renamed, the name is free again
    await ok('admin', 'PATCH', `/classes?id=${next.id}`, {
      name: 'XII Arsip Nama B',
      description: '',
      teacher_id: teacherId,
      grade: 12,
    });
    expect(await ok('admin', 'POST', `/classes/restore?id=${cls.id}`)).toMatchObject({ id: cls.id, archived_at: null });
    expect(ids((await ok('teacher', 'GET', '/classes/mine')).classes)).toContain(cls.id);
    expect(ids((await ok('student', 'GET', `/classes/assigned?id=${student.id}`)).classes)).toContain(cls.id);
    // restoring a class in use is a clear 409; unknown classes are 404
    expect((await as('admin', 'POST', `/classes/restore?id=${cls.id}`)).json()).toMatchObject({
      code: 'class-not-archived',
    });
    expect((await as('admin', 'POST', '/classes/restore?id=999999')).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/classes/archive?id=999999')).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/classes/archive?id=2147483648')).statusCode).toBe(400);
  });
});
