import { buildTestApp, type TestApp } from '../../test/helpers';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed-demo';
import { SPECIALIZATIONS } from '../../../admin-app/src/features/accounts/specializations';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ empty: true });
  expect(await seedDemoIfEmpty(t.db)).toBe(true);
}, 60_000);
afterAll(async () => {
  await t.close();
});

it('the three demo accounts sign in with their documented passwords', async () => {
  for (const a of DEMO_ACCOUNTS) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { username: a.username, password: a.password },
    });
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims.role).toBe(a.role);
  }
});

it('other seeded accounts do not share a default password', async () => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { username: '2024100002', password: 'siswa123' },
  });
  expect(res.statusCode).toBe(401);
  const hashes = await t.db.selectFrom('users').select('password_hash').execute();
  expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(hashes.length);
});

it('has ≥ 6 teachers, 3 classes and ≥ 30 auto-assigned students per grade, and the demo teacher’s material, exercise and exam', async () => {
  t.passwords.admin = 'admin123';
  const teachers = (await t.injectWithLogin('admin', { method: 'GET', url: '/api/v1/teachers' })).json();
  expect(teachers.meta.total).toBeGreaterThanOrEqual(6);
  expect(
    new Set(teachers.teachers.map((x: { specialization: string }) => x.specialization)).size,
  ).toBeGreaterThanOrEqual(4);
  for (const grade of [10, 11, 12]) {
    const classes = (await t.injectWithLogin('admin', { method: 'GET', url: `/api/v1/classes?grade=${grade}` })).json()
      .classes;
    expect(classes).toHaveLength(3);
    for (const c of classes) expect(c.student_count).toBeGreaterThanOrEqual(30);
  }
  const exercise = await t.db.selectFrom('exercises').selectAll().executeTakeFirstOrThrow();
  const content = typeof exercise.content === 'string' ? JSON.parse(exercise.content) : exercise.content;
  expect(Object.keys(content)).toEqual(expect.arrayContaining(['1', '1_answer', '4_essay', '4_essay_answer']));
  const exam = await t.db.selectFrom('exams').selectAll().executeTakeFirstOrThrow();
  const start = new Date(exam.start_time).getTime();
  const end = new Date(exam.end_time).getTime();
  expect(start).toBeLessThanOrEqual(Date.now());
  expect(end).toBeGreaterThan(Date.now());
  expect(await t.db.selectFrom('discussion_replies').select('id').execute()).not.toHaveLength(0);
  expect(await seedDemoIfEmpty(t.db)).toBe(false);
});

describe('two nodes starting at once on one empty database', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await buildTestApp({ empty: true });
  });
  afterAll(async () => {
    await empty?.close();
  });

  it('seed it once: one seeds, the other starts without seeding, and nothing is doubled', async () => {
    const results = await Promise.all([seedDemoIfEmpty(empty.db), seedDemoIfEmpty(empty.db)]);
    expect(results.sort()).toEqual([false, true]);
    const admins = await empty.db.selectFrom('users').select('id').where('username', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    expect(await empty.db.selectFrom('classes').select('id').execute()).toHaveLength(9);
    expect(await empty.db.selectFrom('job_leases').select('name').where('name', '=', 'demo-seed').execute()).toEqual(
      [],
    );
  }, 60_000);
});

it('the demo school uses only the specializations the admin can pick, and digit-only NIS/NIP', async () => {
  const teachers = await t.db.selectFrom('teachers').select(['specialization', 'nip']).execute();
  for (const x of teachers) {
    expect(SPECIALIZATIONS).toContain(x.specialization);
    expect(x.nip).toMatch(/^[0-9]+$/);
  }
  const students = await t.db.selectFrom('students').select('nis').execute();
  for (const s of students) expect(s.nis).toMatch(/^[0-9]+$/);
});
