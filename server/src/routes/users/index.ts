import type { FastifyInstance } from 'fastify';
import { assertUsernameFree, passwordChange } from '../../db/accounts';
import { dbKindOf, type Db } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { toCount } from '../../db/sql-helpers';
import { requireLoginName } from '../../domain/login-names';
import { conflict, notFound } from '../../plugins/errors';
import { hashPassword } from '../../lib/passwords';
import { idQuerySchema, pageMeta, pagingProperties, parsePaging, queryFlag, registerUpdate, type IdQuery } from '../helpers';

/** Roles the admin's "add account" form may create (student/teacher accounts come with their profiles). */
export const USER_FORM_ROLES = ['admin', 'user'] as const;

type UserBody = { username: string; email: string; password: string; role: string };

const userBodySchema = {
  type: 'object',
  required: ['username', 'email', 'password', 'role'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\S+$' },
    email: { type: 'string', format: 'email', maxLength: 255 },
    password: { type: 'string', minLength: 8, maxLength: 200 },
    role: { type: 'string', enum: [...USER_FORM_ROLES] },
  },
} as const;

/** A user as the API shows it: never the hash (`password` is always ""). */
export function toUserDto(row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'display_name'>) {
  return { id: row.id, username: row.username, email: row.email, password: '', role: row.role, display_name: row.display_name };
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
    throw conflict('This is the only admin account: make another account admin before changing its role.');
  }
}

async function assertEmailFree(trx: Db, email: string, exceptId?: number) {
  let q = trx.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`Email ${email} is already used by another account`);
}

export default async function usersRoutes(app: FastifyInstance) {
  const admin = app.requireRole('admin');

  app.get(
    '/users',
    {
      preHandler: admin,
      schema: {
        tags: ['users'],
        summary: 'List login accounts (admin)',
        querystring: { type: 'object', properties: { ...pagingProperties, role: { type: 'string' }, sortByUsername: { type: 'string' } } },
      },
    },
    async (request) => {
      const query = request.query as { role?: string; sortByUsername?: string };
      const paging = parsePaging(request.query);
      const direction = queryFlag(query.sortByUsername) ? 'asc' : 'desc';
      return app.db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('users');
        if (query.role) q = q.where('role', '=', query.role);
        const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
        const rows = await q
          .select(['id', 'username', 'email', 'role', 'display_name'])
          .orderBy('username', direction)
          .orderBy('id', direction)
          .limit(paging.pageSize)
          .offset(paging.offset)
          .execute();
        return { users: rows.map(toUserDto), meta: pageMeta(paging, toCount(total)) };
      });
    },
  );

  app.post(
    '/users',
    { preHandler: admin, schema: { tags: ['users'], summary: 'Create an admin or user account (admin)', body: userBodySchema } },
    async (request) => {
      const body = request.body as UserBody;
      const username = requireLoginName(body.username, 'username');
      const password_hash = await hashPassword(body.password);
      return app.db.transaction().execute(async (trx) => {
        await assertUsernameFree(trx, username);
        const email = body.email.trim().toLowerCase();
        await assertEmailFree(trx, email);
        const row = await trx
          .insertInto('users')
          .values({ username, email, password_hash, role: body.role, display_name: username })
          .returning(['id', 'username', 'email', 'role', 'display_name'])
          .executeTakeFirstOrThrow();
        return toUserDto(row);
      });
    },
  );

  registerUpdate(
    app,
    '/users',
    { preHandler: admin, schema: { tags: ['users'], summary: 'Replace an account (admin); the password is re-hashed', querystring: idQuerySchema, body: userBodySchema } },
    async (request) => {
      const { id } = request.query as IdQuery;
      const body = request.body as UserBody;
      const username = requireLoginName(body.username, 'username');
      const password_hash = await hashPassword(body.password);
      return app.db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('users').select(['id', 'role', 'username']).where('id', '=', id).executeTakeFirst();
        if (!current) throw notFound('User not found');
        if (current.role === 'student' || current.role === 'teacher') {
          // Their username follows NIS/NIP and their role their profile: edit them through /students or /teachers.
          throw conflict(`This is a ${current.role} account: change it through /${current.role}s`);
        }
        if (current.role === 'admin' && body.role !== 'admin') await assertAnotherAdminRemains(trx, id);
        await assertUsernameFree(trx, username, id);
        const email = body.email.trim().toLowerCase();
        await assertEmailFree(trx, email, id);
        const row = await trx
          .updateTable('users')
          .set({ username, email, role: body.role, display_name: username, ...passwordChange(password_hash) })
          .where('id', '=', id)
          .returning(['id', 'username', 'email', 'role', 'display_name'])
          .executeTakeFirstOrThrow();
        return toUserDto(row);
      });
    },
  );
}
