/**
 * A deactivated student leaves class rosters and submission counts (repo/members.ts, one rule): class student counts,
 * the teacher's roster, the grades list of an item (kept there, marked inactive, only with a sheet or grade of it),
 * the admin dashboard's per-class numbers, the review list and item analysis. The admin's roster still lists them,
 * marked, so they can be unassigned or moved. Reactivating brings everything back.
 */
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(60_000);

let t: TestApp;
let classId: number;
let exerciseId: number;
let s0: number; // submits the exercise, then is deactivated: history
let s1: number; // never starts it, then is deactivated: gone from the grades list
let s2: number; // a third grade-10 student who stays

const api = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

const CONTENT = { '1': 'Q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'a' };

beforeAll(async () => {
  t = await buildTestApp();
  classId = t.fixture.classes[0].id;
  [s0, s1] = [t.fixture.students[0].id, t.fixture.students[1].id];
  const third = await api('admin', 'POST', '/students', {
    name: 'Citra Dewi',
    nis: '2024000009',
    grade: 10,
    status: 'Active',
  });
  s2 = third.json().id;
  t.passwords['2024000009'] = third.json().initial_password;
  const material = await api('teacher', 'POST', '/materials', {
    title: 'Bab 1',
    description: 'd',
    content: '<p>x</p>',
    class_id: classId,
  });
  const exercise = await api('teacher', 'POST', '/exercises', {
    title: 'L1',
    total_marks: 100,
    material_id: material.json().id,
    content: CONTENT,
  });
  exerciseId = exercise.json().id;
  const sheet = await api('student', 'POST', '/exercises-answers', {
    exercise_id: exerciseId,
    student_id: s0,
    answers: { '1': 'a' },
  });
  expect(sheet.statusCode).toBe(200);
  const graded = await api('student', 'POST', '/exercises/calculate-grade', {
    exercise_id: exerciseId,
    student_id: s0,
  });
  expect(graded.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function views() {
  const card = (await api('admin', 'GET', '/classes?grade=10'))
    .json()
    .classes.find((c: { id: number }) => c.id === classId);
  const teacherRoster = (await api('teacher', 'GET', `/classes/students?id=${classId}`)).json();
  const adminRoster = (await api('admin', 'GET', `/classes/details?id=${classId}`)).json().classes.students;
  const grades = (await api('teacher', 'GET', `/exercises/submissions?exercise_id=${exerciseId}`)).json();
  const stats = (await api('admin', 'GET', '/stats/admin'))
    .json()
    .classes.find((c: { class_id: number }) => c.class_id === classId);
  const analysis = (await api('teacher', 'GET', `/exercises/analysis?exercise_id=${exerciseId}`)).json();
  return {
    count: card.student_count,
    teacherRoster: teacherRoster.students.map((s: { id: number }) => s.id).sort(),
    teacherTotal: teacherRoster.meta.total,
    adminRoster: adminRoster.map((s: { id: number; active: boolean }) => [s.id, s.active]).sort(),
    grades: grades
      .map((g: { student_id: number; status: string; active: boolean }) => [g.student_id, g.status, g.active])
      .sort(),
    stats: { students: stats.students, done: stats.tasks_completed, notDone: stats.tasks_uncompleted },
    analysis: { students: analysis.students, submitted: analysis.submitted },
  };
}

it('counts and lists only the active members; the deactivated keep their grade, marked, and come back when reactivated', async () => {
  const before = await views();
  expect(before).toEqual({
    count: 3,
    teacherRoster: [s0, s1, s2].sort(),
    teacherTotal: 3,
    adminRoster: [
      [s0, true],
      [s1, true],
      [s2, true],
    ].sort(),
    grades: [
      [s0, 'Submitted', true],
      [s1, 'Not started', true],
      [s2, 'Not started', true],
    ].sort(),
    stats: { students: 3, done: 1, notDone: 2 },
    analysis: { students: 3, submitted: 1 },
  });

  for (const id of [s0, s1]) expect((await api('admin', 'POST', `/students/deactivate?id=${id}`)).statusCode).toBe(200);
  expect(await views()).toEqual({
    count: 1,
    teacherRoster: [s2],
    teacherTotal: 1,
    // the admin, who changes rosters, still sees them, marked
    adminRoster: [
      [s0, false],
      [s1, false],
      [s2, true],
    ].sort(),
    // s0's grade stays as history, marked and not counted; s1 left nothing here and is gone
    grades: [
      [s0, 'Submitted', false],
      [s2, 'Not started', true],
    ].sort(),
    stats: { students: 1, done: 0, notDone: 1 },
    analysis: { students: 1, submitted: 0 },
  });
  // still assigned: nothing was unassigned
  const assigned = await t.db
    .selectFrom('assigned_students_class')
    .select('student_id')
    .where('class_id', '=', classId)
    .execute();
  expect(assigned.map((a) => a.student_id).sort()).toEqual([s0, s1, s2].sort());

  for (const id of [s0, s1]) expect((await api('admin', 'POST', `/students/reactivate?id=${id}`)).statusCode).toBe(200);
  expect(await views()).toEqual(before);
});

it('a student of the class sees the same count on their class list', async () => {
  const mine = async () =>
    (await api('2024000009', 'GET', `/classes/assigned?id=${s2}`)).json().classes[0].student_count;
  expect(await mine()).toBe(3);
  await api('admin', 'POST', `/students/deactivate?id=${s1}`);
  expect(await mine()).toBe(2);
  await api('admin', 'POST', `/students/reactivate?id=${s1}`);
});
