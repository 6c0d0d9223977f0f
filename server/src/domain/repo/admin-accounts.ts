/** Admin logins, as the `admin` command creates and resets them (server/src/cli/admin.ts). */
import { passwordChange } from './accounts';
import type { Db } from '../../db/connect';

/** The e-mail an admin made by the command gets (the schema requires one, unique); like the profiles' made-up ones. */
export function adminEmail(username: string): string {
  return `${username.toLowerCase()}@admin.kelasku.local`;
}

export class AdminAccountError extends Error {}

/** Whether any admin account exists (a production server without one says how to make it). */
export async function hasAdmin(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst()) !== undefined;
}

/** Inserts an admin under an already checked, normalized name; refuses a name or e-mail that another login uses. */
export async function createAdmin(
  db: Db,
  input: { username: string; email: string; passwordHash: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select(['username', 'role'])
      .where((eb) => eb.or([eb('username', '=', input.username), eb('email', '=', input.email)]))
      .executeTakeFirst();
    if (taken) {
      throw new AdminAccountError(
        taken.username === input.username
          ? `the name "${input.username}" is already used by a${taken.role === 'admin' ? 'n admin' : ` ${taken.role}`} account (to give it a new password: reset ${input.username})`
          : `the e-mail ${input.email} is already used by the account "${taken.username}"`,
      );
    }
    const row = await trx
      .insertInto('users')
      .values({
        username: input.username,
        email: input.email,
        password_hash: input.passwordHash,
        role: 'admin',
        display_name: input.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * A new password for the admin `username`: every session of the account ends (session_version is raised), and with
 * it the account's sign-in attempt counters, which are keyed by that version (routes/auth/login-limits.ts).
 */
export async function resetAdminPassword(db: Db, username: string, passwordHash: string): Promise<void> {
  const account = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!account) throw new AdminAccountError(`there is no account named "${username}"`);
  if (account.role !== 'admin') {
    throw new AdminAccountError(
      `"${username}" is a ${account.role} account, not an admin: an admin gives it a new password in the app`,
    );
  }
  await db.updateTable('users').set(passwordChange(passwordHash)).where('id', '=', account.id).execute();
}
