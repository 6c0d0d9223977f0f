/**
 * Bulk roster changes (POST /classes/roster/{assign,move,unassign}): one request each, all or nothing, every refused
 * id listed with a clear 4xx; only between classes of one grade; bounded in size.
 */
import { MAX_ROSTER_CHANGE } from '@kelasku/shared-rules/src/roster-changes';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
let a: number; // grade 10: X IPA 1 of the fixture (students[0] and [1])
let b: number; // grade 10, empty
let c: number; // grade 11 (students[2])
const students: number[] = [];

async function post(url: string, payload: unknown, who = 'admin') {
  return t.injectWithLogin(who, { method: 'POST', url: `/api/v1/classes/roster/${url}`, payload: payload as object });
}

async function members(classId: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('assigned_students_class')
    .select('student_id')
    .where('class_id', '=', classId)
    .orderBy('student_id')
    .execute();
  return rows.map((r) => r.student_id);
}

beforeAll(async () => {
  t = await buildTestApp();
  a = t.fixture.classes[0].id;
  c = t.fixture.classes[1].id;
  const created = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes',
    payload: { name: 'X IPA 2', description: '', teacher_id: t.fixture.teachers[0].id, grade: 10, enrol_all: false },
  });
  b = created.json().id;
  students.push(...t.fixture.students.map((s) => s.id));
});
afterAll(async () => {
  await t.close();
});

it('moves the selected students to another class of the grade in one request', async () => {
  const [s0, s1] = students;
  expect(await members(a)).toEqual([s0, s1]);
  const res = await post('move', { id: a, to: b, student_id: [s1, s0] });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'Students moved successfully', count: 2 });
  expect(await members(a)).toEqual([]);
  expect(await members(b)).toEqual([s0, s1]);
});

it('assigns them to another class as well (they stay), then unassigns them', async () => {
  const [s0, s1] = students;
  const res = await post('assign', { id: b, to: a, student_id: [s0] });
  expect(res.statusCode).toBe(200);
  expect(res.json().count).toBe(1);
  expect(await members(a)).toEqual([s0]);
  expect(await members(b)).toEqual([s0, s1]);
  const gone = await post('unassign', { id: b, student_id: [s0, s1] });
  expect(gone.statusCode).toBe(200);
  expect(gone.json()).toEqual({ message: 'Students unassigned successfully', count: 2 });
  expect(await members(b)).toEqual([]);
  // put the fixture back
  await post('assign', { id: a, to: b, student_id: [s0] });
  await post('unassign', { id: b, student_id: [s0] });
  await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes/assign-students',
    payload: { id: a, student_id: [s1] },
  });
  expect(await members(a)).toEqual([s0, s1]);
});

it('refuses the whole change, naming every bad id, and changes nothing', async () => {
  const [s0, s1, s2] = students;
  const before = [await members(a), await members(b), await members(c)];
  const cases: [string, object, number, string, number[] | undefined][] = [
    // an id that is no student
    ['move', { id: a, to: b, student_id: [s0, 999_999, 888_888] }, 400, 'unknown-students', [888_888, 999_999]],
    // a student of another class
    ['move', { id: a, to: b, student_id: [s0, s2] }, 409, 'students-not-in-class', [s2]],
    ['unassign', { id: a, student_id: [s2, s1] }, 409, 'students-not-in-class', [s2]],
    // already in the target
    ['assign', { id: a, to: b, student_id: [s0] }, 0, '', undefined],
    ['move', { id: a, to: b, student_id: [s0, s1] }, 409, 'students-already-in-target', [s0]],
  ];
  for (const [change, payload, status, code, ids] of cases) {
    const res = await post(change, payload);
    if (status === 0) {
      expect(res.statusCode).toBe(200);
      continue;
    }
    expect({ change, status: res.statusCode, code: res.json().code }).toEqual({ change, status, code });
    expect(res.json().student_id).toEqual(ids);
    expect(res.json().message).toContain(ids!.join(', '));
  }
  await post('unassign', { id: b, student_id: [s0] });
  expect([await members(a), await members(b), await members(c)]).toEqual(before);
});

it('moves only between two classes of one grade', async () => {
  const [s0] = students;
  const other = await post('move', { id: a, to: c, student_id: [s0] });
  expect(other.statusCode).toBe(400);
  expect(other.json()).toMatchObject({
    code: 'roster-other-grade',
    params: { name: 'XI IPA 1', grade: 11, classGrade: 10 },
  });
  const same = await post('assign', { id: a, to: a, student_id: [s0] });
  expect(same.statusCode).toBe(400);
  expect(same.json().code).toBe('roster-same-class');
  for (const [payload, status] of [
    [{ id: 999_999, to: b, student_id: [s0] }, 404],
    [{ id: a, to: 999_999, student_id: [s0] }, 404],
  ] as const) {
    const res = await post('move', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe('record-not-found');
  }
  expect(await members(a)).toEqual(students.slice(0, 2));
});

it('refuses bodies the schema does not allow with a 400 naming the field', async () => {
  const [s0] = students;
  const bad: object[] = [
    { id: a, to: b, student_id: [] },
    { id: a, to: b, student_id: [s0, s0] },
    { id: a, to: b, student_id: Array.from({ length: MAX_ROSTER_CHANGE + 1 }, (_, i) => i + 1) },
    { id: a, to: b, student_id: [2 ** 31] },
    { id: a, to: b, student_id: [1.5] },
    { id: a, to: b, student_id: ['x'] },
    { id: a, to: b, student_id: [null] },
    { id: a, to: b, student_id: [-1] },
    { id: a, student_id: [s0] }, // no target for a move
    { id: '𝟙', to: b, student_id: [s0] },
  ];
  for (const payload of bad) {
    const res = await post('move', payload);
    expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
    expect(typeof res.json().code).toBe('string');
    expect(typeof res.json().message).toBe('string');
  }
  expect(await members(a)).toEqual(students.slice(0, 2));
});

it('takes a whole roster at once, up to the bound', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/students',
      payload: {
        name: `Bulk ${i}`,
        nis: `20320000${String(i).padStart(2, '0')}`,
        grade: 10,
        status: 'Active',
        join_classes: false,
      },
    });
    ids.push(res.json().id);
  }
  await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes/assign-students',
    payload: { id: b, student_id: ids },
  });
  const res = await post('move', { id: b, to: a, student_id: ids });
  expect(res.json().count).toBe(30);
  expect(await members(b)).toEqual([]);
  expect((await members(a)).length).toBe(32);
});

it('is the admin’s alone: teachers and students get 403 and nothing changes', async () => {
  const [s0] = students;
  for (const who of ['teacher', 'student']) {
    const res = await post('unassign', { id: a, student_id: [s0] }, who);
    expect(res.statusCode).toBe(403);
  }
  expect(await members(a)).toContain(s0);
});
