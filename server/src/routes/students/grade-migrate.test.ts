import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const grades = async () =>
  (await t.injectWithLogin('admin', { method: 'GET', url: '/api/v1/students?sortByNIS=true' }))
    .json()
    .students.map((s: { grade: number }) => s.grade);
const classesOf = async (studentId: number) =>
  (await t.injectWithLogin('admin', { method: 'GET', url: `/api/v1/classes/assigned?id=${studentId}` }))
    .json()
    .classes.map((c: { id: number }) => c.id);

it('moves grades up and down clamped to 10–12, and assignments follow', async () => {
  const twelve = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes',
    payload: { name: 'XII IPA 1', description: '', teacher_id: t.fixture.teachers[0].id, grade: 12 },
  });
  const c12 = twelve.json().id;
  expect(await grades()).toEqual([10, 10, 11]);
  const up = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/students/grade-migrate',
    payload: { migrate: 'up' },
  });
  expect(up.statusCode).toBe(200);
  expect(up.json().message).toBe('All student grades migrated successfully');
  expect(await grades()).toEqual([11, 11, 12]);
  expect(await classesOf(t.fixture.students[0].id)).toEqual([t.fixture.classes[1].id]);
  expect(await classesOf(t.fixture.students[2].id)).toEqual([c12]);
  await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/students/grade-migrate',
    payload: { migrate: 'up' },
  });
  expect(await grades()).toEqual([12, 12, 12]);
  for (let i = 0; i < 3; i++)
    await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/students/grade-migrate',
      payload: { migrate: 'down' },
    });
  expect(await grades()).toEqual([10, 10, 10]);
  expect(await classesOf(t.fixture.students[2].id)).toEqual([t.fixture.classes[0].id]);
});

it('400 for a missing or unknown direction; admin only', async () => {
  expect(
    (await t.injectWithLogin('admin', { method: 'POST', url: '/api/v1/students/grade-migrate', payload: {} }))
      .statusCode,
  ).toBe(400);
  const bad = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/students/grade-migrate',
    payload: { migrate: 'sideways' },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toMatch(/migrate/i);
  expect(
    (
      await t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/students/grade-migrate',
        payload: { migrate: 'up' },
      })
    ).statusCode,
  ).toBe(403);
});
