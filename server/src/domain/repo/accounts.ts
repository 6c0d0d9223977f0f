/** Login identities (users rows) behind student and teacher profiles, kept in sync in the caller's transaction. */
import { sql } from 'kysely';
import { requireLoginName } from '../login-names';
import { clash, invalid } from '../errors';
import type { Db } from '../../db/connect';

/**
 * The users columns to set when a password changes or is reset: the new hash, and a raised session_version so
 * that every token signed before (other devices, a stolen session) stops working.
 */
export function passwordChange(passwordHash: string) {
  return {
    password_hash: passwordHash,
    session_version: sql<number>`session_version + 1`,
    updated_at: new Date().toISOString(),
  };
}

/** The same for a password an admin created or reset: the user has not chosen it, so their next sign-in offers a change. */
export function initialPasswordSet(passwordHash: string) {
  return { ...passwordChange(passwordHash), initial_password: 1 };
}

/** The same for a password the user chose themselves. */
export function ownPasswordSet(passwordHash: string) {
  return { ...passwordChange(passwordHash), initial_password: 0 };
}

export type ProfileRole = 'student' | 'teacher';

/** Made-up unique e-mail for profile accounts (the schema requires one; schools rarely have them). */
export function profileEmail(username: string, role: ProfileRole): string {
  return `${username.toLowerCase()}@${role}.kelasku.local`;
}

/** 409 when `username` belongs to another login (students and teachers share one username space). */
export async function assertUsernameFree(trx: Db, username: string, exceptUserId?: number | null): Promise<void> {
  let q = trx.selectFrom('users').select('id').where('username', '=', username);
  if (exceptUserId != null) q = q.where('id', '<>', exceptUserId);
  if (await q.executeTakeFirst())
    throw clash(`Username ${username} is already used by another account`, {
      code: 'duplicate-username',
      params: { username },
    });
}

/** Behind the routes' own checks: a profile's login is stored only under a valid name in its normalized form. */
function assertStorableLoginName(username: string): void {
  if (requireLoginName(username, 'username') !== username)
    throw invalid('username must be given in its normalized (NFKC, trimmed) form', {
      code: 'login-name-not-normalized',
    });
}

export async function createProfileUser(
  trx: Db,
  input: { username: string; role: ProfileRole; displayName: string; passwordHash: string },
): Promise<number> {
  assertStorableLoginName(input.username);
  const row = await trx
    .insertInto('users')
    .values({
      username: input.username,
      email: profileEmail(input.username, input.role),
      password_hash: input.passwordHash,
      role: input.role,
      display_name: input.displayName,
      initial_password: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Username follows NIS/NIP, display_name follows the profile name. */
export async function syncProfileUser(
  trx: Db,
  userId: number,
  input: { username: string; role: ProfileRole; displayName: string },
) {
  assertStorableLoginName(input.username);
  await trx
    .updateTable('users')
    .set({
      username: input.username,
      email: profileEmail(input.username, input.role),
      display_name: input.displayName,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Remove forum replies and reports whose discussion no longer exists. Replies/reports point at two tables, so no FK
 * can cascade: call this in the same transaction after deleting students, teachers, classes, materials or discussions.
 */
export async function deleteOrphanForumRows(trx: Db): Promise<void> {
  for (const [kind, table] of [
    ['general', 'general_forum'],
    ['material', 'material_forum'],
  ] as const) {
    await trx
      .deleteFrom('discussion_replies')
      .where('kind', '=', kind)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom(table).select('id').whereRef(`${table}.id`, '=', 'discussion_replies.discussion_id')),
        ),
      )
      .execute();
    await trx
      .deleteFrom('reports')
      .where('kind', '=', kind)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom(table).select('id').whereRef(`${table}.id`, '=', 'reports.discussion_id'))),
      )
      .execute();
  }
  // Reports of replies that are gone.
  await trx
    .deleteFrom('reports')
    .where('reply_id', '<>', '')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('discussion_replies').select('id').whereRef('discussion_replies.id', '=', 'reports.reply_id'),
        ),
      ),
    )
    .execute();
}

/**
 * Deactivate (or reactivate) a login. A deactivated login cannot sign in and its sessions end at once (the raised
 * session_version); the profile, its history and names stay, so reactivating gives the same account back.
 */
export async function setLoginActive(trx: Db, userId: number, active: boolean): Promise<void> {
  const now = new Date().toISOString();
  await trx
    .updateTable('users')
    .set(
      active
        ? { deactivated_at: null, updated_at: now }
        : { deactivated_at: now, session_version: sql<number>`session_version + 1`, updated_at: now },
    )
    .where('id', '=', userId)
    .execute();
}

/** The message of a refused sign-in to a deactivated login. */
export const DEACTIVATED_MESSAGE = 'This account is deactivated. Ask the school admin to reactivate it.';
