import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { userSchema } from '@kelasku/shared-rules/src/wire/people';
import { Type, type Static } from 'typebox';
import type { UserRow } from '../../db/schema';
import { requireLoginName } from '../../domain/login-names';
import { createUser, listUsers, replaceUser, type UserInput } from '../../domain/repo/users';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../lib/passwords';
import {
  idQuerySchema,
  pageMeta,
  pageMetaSchema,
  pagingProperties,
  parsePaging,
  queryFlag,
  UPDATE_METHODS,
} from '../helpers';

/** Roles the admin's "add account" form may create (student/teacher accounts come with their profiles). */
export const USER_FORM_ROLES = ['admin', 'user'] as const;

const userBodySchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100, pattern: '^\\S+$' }),
  email: Type.String({ format: 'email', maxLength: 255 }),
  password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  role: Type.Enum([...USER_FORM_ROLES], { type: 'string' }),
});

const listQuerySchema = Type.Object({
  ...pagingProperties,
  role: Type.Optional(Type.String()),
  sortByUsername: Type.Optional(Type.String()),
});

/** A user as the API shows it: never the hash. */
export function toUserDto(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'display_name'>,
): Static<typeof userSchema> {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    password: '',
    role: row.role,
    display_name: row.display_name,
  };
}

/** What the stored account gets from a create or replace body: a normalized login name and email, the hashed password. */
async function userInput(body: Static<typeof userBodySchema>): Promise<UserInput> {
  const username = requireLoginName(body.username, 'username');
  return {
    username,
    email: body.email.trim().toLowerCase(),
    role: body.role,
    passwordHash: await hashPassword(body.password),
  };
}

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const admin = app.requireRole('admin');
  const tags = ['users'];

  app.get(
    '/users',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'List login accounts (admin)',
        querystring: listQuerySchema,
        response: { 200: Type.Object({ users: Type.Array(userSchema), meta: pageMetaSchema }) },
      },
    },
    async (request) => {
      const paging = parsePaging(request.query);
      const filter = { role: request.query.role, ascending: queryFlag(request.query.sortByUsername) };
      const { rows, total } = await listUsers(app.db, filter, { limit: paging.pageSize, offset: paging.offset });
      return { users: rows.map(toUserDto), meta: pageMeta(paging, total) };
    },
  );

  app.post(
    '/users',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Create an admin or user account (admin)',
        body: userBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => toUserDto(await createUser(app.db, await userInput(request.body))),
  );

  app.route({
    method: UPDATE_METHODS,
    url: '/users',
    preHandler: admin,
    schema: {
      tags,
      summary: 'Replace an account (admin); the password is re-hashed',
      querystring: idQuerySchema,
      body: userBodySchema,
      response: { 200: userSchema },
    },
    handler: async (request) => toUserDto(await replaceUser(app.db, request.query.id, await userInput(request.body))),
  });
}
