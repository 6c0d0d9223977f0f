/** The account reads and writes behind signing in and changing one's own password (routes/auth). */
import { sql } from 'kysely';
import { ownPasswordSet } from './accounts';
import type { Db } from '../../db/connect';

/** The login under this (normalized) username with what a token carries, its hash and whether it is deactivated. */
export async function signInAccount(db: Db, username: string) {
  return db
    .selectFrom('users')
    .leftJoin('teachers', 'teachers.user_id', 'users.id')
    .leftJoin('students', 'students.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.role',
      'users.display_name',
      'users.password_hash',
      'users.session_version',
      'users.deactivated_at',
      'users.language',
      'users.initial_password',
      'teachers.id as teacher_id',
      'students.id as student_id',
    ])
    .where('users.username', '=', username)
    .executeTakeFirst();
}

/** Remembers the user's UI language on the account. */
export async function saveLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** The login of a signed-in user: its username and password hash (undefined: gone). */
export async function loginOf(
  db: Db,
  userId: number,
): Promise<{ username: string; password_hash: string } | undefined> {
  return db.selectFrom('users').select(['username', 'password_hash']).where('id', '=', userId).executeTakeFirst();
}

/** Ends every session of the user (raises session_version); the password stays. */
export async function endSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ session_version: sql<number>`session_version + 1` })
    .where('id', '=', userId)
    .execute();
}

/** Stores the password the user chose (no longer the initial one); every older session ends. Returns the new session version (for a fresh token). */
export async function changePassword(db: Db, userId: number, passwordHash: string): Promise<number> {
  const changed = await db
    .updateTable('users')
    .set(ownPasswordSet(passwordHash))
    .where('id', '=', userId)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return changed.session_version;
}
