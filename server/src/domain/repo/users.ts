/** Login accounts (table users) as the admin manages them (routes/users); throws domain errors. */
import { assertUsernameFree, passwordChange } from './accounts';
import { dbKindOf, type Db } from '../../db/connect';
import { toCount } from '../../db/sql-helpers';
import { clash, missingRecord } from '../errors';

/** The columns an account is shown with (never the hash). */
const USER_COLUMNS = ['id', 'username', 'email', 'role', 'display_name'] as const;

export interface UserInput {
  username: string;
  /** trimmed and lower-cased by the caller */
  email: string;
  role: string;
  passwordHash: string;
}

/** One page of accounts (optionally of one role) by username, and how many there are in all. */
export async function listUsers(
  db: Db,
  filter: { role?: string; ascending: boolean },
  page: { limit: number; offset: number },
) {
  const direction = filter.ascending ? 'asc' : 'desc';
  return db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('users');
    if (filter.role) q = q.where('role', '=', filter.role);
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .select(USER_COLUMNS)
      .orderBy('username', direction)
      .orderBy('id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: toCount(total) };
  });
}

/**
 * Refuses to take the admin role from the last admin (nobody could manage accounts any more). On PostgreSQL the admin
 * rows are locked first, so two admins demoting each other at once cannot both succeed; SQLite runs one write
 * transaction at a time.
 */
async function assertAnotherAdminRemains(trx: Db, userId: number) {
  let q = trx.selectFrom('users').select('id').where('role', '=', 'admin');
  if (dbKindOf(trx) === 'postgres') q = q.forUpdate();
  const admins = await q.execute();
  if (admins.every((a) => a.id === userId)) {
    throw clash('This is the only admin account: make another account admin before changing its role.', {
      code: 'last-admin',
    });
  }
}

async function assertEmailFree(trx: Db, email: string, exceptId?: number) {
  let q = trx.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst())
    throw clash(`Email ${email} is already used by another account`, { code: 'duplicate-email', params: { email } });
}

/** A new account; username and email must be free. */
export async function createUser(db: Db, input: UserInput) {
  return db.transaction().execute(async (trx) => {
    await assertUsernameFree(trx, input.username);
    await assertEmailFree(trx, input.email);
    return trx
      .insertInto('users')
      .values({
        username: input.username,
        email: input.email,
        password_hash: input.passwordHash,
        role: input.role,
        display_name: input.username,
      })
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Replaces an admin or user account; student and teacher logins follow their profiles and are refused here. */
export async function replaceUser(db: Db, id: number, input: UserInput) {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select(['id', 'role', 'username'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw missingRecord('user', 'User not found');
    if (current.role === 'student' || current.role === 'teacher') {
      // Their username follows NIS/NIP and their role their profile: edit them through /students or /teachers.
      throw clash(`This is a ${current.role} account: change it through /${current.role}s`, {
        code: 'account-of-role',
        params: { role: current.role },
      });
    }
    if (current.role === 'admin' && input.role !== 'admin') await assertAnotherAdminRemains(trx, id);
    await assertUsernameFree(trx, input.username, id);
    await assertEmailFree(trx, input.email, id);
    return trx
      .updateTable('users')
      .set({
        username: input.username,
        email: input.email,
        role: input.role,
        display_name: input.username,
        ...passwordChange(input.passwordHash),
      })
      .where('id', '=', id)
      .returning(USER_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}
