import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../plugins/auth';
import { badRequest, errorBody, unauthorized } from '../../plugins/errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../plugins/passwords';
import { passwordChange } from '../../db/accounts';

/** One text for unknown user and wrong password, so the answer does not reveal which accounts exist. */
export const LOGIN_FAILED = 'Invalid username or password';

export interface AuthRoutesOptions extends Record<string, unknown> {
  loginRateLimit: { max: number; timeWindowMs: number };
}

type LoginBody = { username?: unknown; password?: unknown };

/** Rate-limit key: client IP plus the attempted username (a whole school may share one NAT address). */
function loginKey(request: FastifyRequest): string {
  const body = (request.body ?? {}) as LoginBody;
  const username = typeof body.username === 'string' ? body.username.slice(0, 100) : '';
  return `${request.ip}|${username}`;
}

export default async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  app.post(
    '/auth',
    {
      config: {
        rateLimit: {
          max: options.loginRateLimit.max,
          timeWindow: options.loginRateLimit.timeWindowMs,
          hook: 'preHandler',
          keyGenerator: loginKey,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with NIS/NIP (or admin username) and password; returns {token}',
        security: [],
        body: {
          type: 'object',
          properties: { username: { type: 'string' }, password: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as LoginBody;
      if (typeof body.username !== 'string' || body.username === '' || typeof body.password !== 'string' || body.password === '') {
        throw badRequest('Invalid input: username and password are required');
      }
      // Absurdly long inputs are refused before any hashing work (same answer as a wrong password).
      if (body.username.length > 200 || body.password.length > 1024) throw unauthorized(LOGIN_FAILED);
      const row = await app.db
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
          'teachers.id as teacher_id',
          'students.id as student_id',
        ])
        .where('users.username', '=', body.username)
        .executeTakeFirst();
      if (!row) {
        await burnPasswordCheck(body.password);
        throw unauthorized(LOGIN_FAILED);
      }
      if (!(await verifyPassword(body.password, row.password_hash))) throw unauthorized(LOGIN_FAILED);
      const user: AuthUser = { user_id: row.id, email: row.email, role: row.role, display_name: row.display_name };
      if (row.role === 'teacher' && row.teacher_id != null) user.teacher_id = row.teacher_id;
      if (row.role === 'student' && row.student_id != null) user.student_id = row.student_id;
      return { token: app.signToken(user, row.session_version) };
    },
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s password',
        body: {
          type: 'object',
          required: ['old_password', 'new_password'],
          properties: {
            old_password: { type: 'string', minLength: 1 },
            new_password: { type: 'string', minLength: 8, maxLength: 200 },
          },
        },
      },
    },
    async (request, reply) => {
      const { old_password, new_password } = request.body as { old_password: string; new_password: string };
      const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', request.user.user_id).executeTakeFirst();
      if (!row || !(await verifyPassword(old_password, row.password_hash))) {
        return reply.code(400).send(errorBody('Old password is incorrect'));
      }
      const password_hash = await hashPassword(new_password);
      const changed = await app.db
        .updateTable('users')
        .set(passwordChange(password_hash))
        .where('id', '=', request.user.user_id)
        .returning('session_version')
        .executeTakeFirstOrThrow();
      // Older sessions (other devices) end with the old password; this one continues with a fresh token.
      return { message: 'Password changed successfully', token: app.signToken(request.user, changed.session_version) };
    },
  );
}
