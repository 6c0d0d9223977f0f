import { buildTestApp, type TestApp } from '../../../test/helpers';

// A school must always keep one account that can manage accounts: the last admin cannot stop being one.
jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const update = (who: string, id: number, body: { username: string; email: string; password: string; role: string }) =>
  t.injectWithLogin(who, { method: 'PUT', url: `/api/v1/users?id=${id}`, payload: body });

async function adminCount(): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the last admin', () => {
  it('cannot demote itself: 409 with a plain message, and it stays admin', async () => {
    const res = await update('admin', t.fixture.admin.user_id, {
      username: 'admin',
      email: 'admin@kelasku.local',
      password: 'admin-pass-2',
      role: 'user',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This is the only admin account: make another account admin before changing its role.',
    );
    expect(await adminCount()).toBe(1);
    expect((await t.injectWithLogin('admin', { method: 'GET', url: '/api/v1/users' })).statusCode).toBe(200);
  });

  it('may be demoted once another admin exists, and the two cannot demote each other at the same time', async () => {
    const second = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/users',
      payload: { username: 'wakasek', email: 'wakasek@school.id', password: 'wakasek-pass', role: 'admin' },
    });
    expect(second.statusCode).toBe(200);
    t.passwords.wakasek = 'wakasek-pass';
    const secondId = second.json().id as number;
    const adminId = t.fixture.admin.user_id;
    // Sign both in first, so the race below is only the two updates.
    await t.tokenFor('wakasek');
    await t.tokenFor('admin');

    const [a, b] = await Promise.all([
      update('admin', secondId, {
        username: 'wakasek',
        email: 'wakasek@school.id',
        password: 'wakasek-pass',
        role: 'user',
      }),
      update('wakasek', adminId, {
        username: 'admin',
        email: 'admin@kelasku.local',
        password: 'admin-pass-2',
        role: 'user',
      }),
    ]);
    // One wins. The other is refused: 409 when both got past sign-in before either committed (the admin rows are
    // locked), or 401 when the winner's demotion had already ended the loser's session (a role change does).
    const [won, lost] = [a.statusCode, b.statusCode].sort();
    expect(won).toBe(200);
    expect([401, 409]).toContain(lost);
    expect(await adminCount()).toBe(1);
  });
});
