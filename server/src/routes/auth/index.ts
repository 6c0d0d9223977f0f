import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type AuthUser, callerOfClaims } from '../../plugins/auth';
import { badRequest, errorBody, forbidden, HttpError, unauthorized } from '../../plugins/errors';
import {
  BUSY_RETRY_AFTER_SECONDS,
  checkSignInPassword,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  signInBusy,
} from '../../lib/passwords';
import { DEACTIVATED_MESSAGE } from '../../domain/repo/accounts';
import { changePassword, endSessions, loginOf, signInAccount } from '../../domain/repo/sign-in';
import { normalizeLoginName } from '../../domain/login-names';
import { isLanguage, passwordProblems } from '@kelasku/shared-rules';
import fastifyCookie from '@fastify/cookie';
import {
  AttemptLimiter,
  AttemptsExceeded,
  DEFAULT_LOGIN_LIMITS,
  limitAddress,
  SignInsInProgress,
  USERNAME_MAX_LENGTH,
  type Attempt,
  type LoginLimits,
} from './login-limits';
import { DeviceCookies } from './device-cookies';

/** One text for unknown user and wrong password, so the answer does not reveal which accounts exist. */
export const LOGIN_FAILED = 'Invalid username or password';
const LOGIN_FAILED_CODE = { code: 'login-failed' } as const;

export interface AuthRoutesOptions extends Record<string, unknown> {
  loginRateLimit?: LoginLimits;
}

/** Both optional here: a missing or empty one gets the route's own message (not the validator's). */
const loginBodySchema = Type.Object({ username: Type.Optional(Type.String()), password: Type.Optional(Type.String()) });

const changePasswordBodySchema = Type.Object({
  old_password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  // the other rules (shared-rules passwordProblems) are checked by the route, with their own codes
  new_password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});

const tokenFields = { token: Type.String({ description: 'the bearer token (JWT)' }) };

function sendBusy(reply: FastifyReply) {
  const busy = signInBusy();
  return reply
    .code(busy.statusCode)
    .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
    .send(errorBody(busy.statusCode, busy.message, busy.extra));
}

/** A full sign-in hash queue (HttpError 503) is answered with Retry-After, so clients know when to come back. */
async function withBusyRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 503)
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
    throw error;
  }
}

/** What the sign-in and the password change share: the device cookies and the attempt counters. */
interface SignInGuards {
  devices: DeviceCookies;
  limiter: AttemptLimiter;
  /** One address holds at most its share of the sign-in hash queue: a flood leaves room for everybody else. */
  inProgress: SignInsInProgress;
}

export default async function authRoutes(fastify: FastifyInstance, options: AuthRoutesOptions) {
  // cookies are read by these routes only (the device cookies are sent nowhere else)
  const cookieKey = fastify.deriveSecret('device-cookie');
  await fastify.register(fastifyCookie, { secret: cookieKey, hook: 'preHandler' });
  const guards: SignInGuards = {
    devices: new DeviceCookies(cookieKey, `${fastify.prefix}/auth`),
    limiter: new AttemptLimiter(fastify.attemptCounters, options.loginRateLimit ?? DEFAULT_LOGIN_LIMITS),
    inProgress: new SignInsInProgress(),
  };
  registerSignIn(fastify, guards);
  registerRefresh(fastify);
  registerPasswordChange(fastify, guards);
}

/** The sign-in: the attempt limits (a known device's own), the one hash, and the token. */
function registerSignIn(fastify: FastifyInstance, { devices, limiter, inProgress }: SignInGuards) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/auth',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with NIS/NIP (or admin username) and password; returns {token}',
        security: [],
        body: loginBodySchema,
        response: { 200: Type.Object(tokenFields) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!body.username || !body.password) {
        throw badRequest('Invalid input: username and password are required', { code: 'login-fields-required' });
      }
      // Values longer than any account can have are refused before any counting or hashing (same answer as a wrong password).
      if (body.username.length > USERNAME_MAX_LENGTH || body.password.length > PASSWORD_MAX_LENGTH)
        throw unauthorized(LOGIN_FAILED, LOGIN_FAILED_CODE);
      // Accounts are stored under their NFKC form, so ａｄｍｉｎ signs in (and is counted) as admin.
      const username = normalizeLoginName(body.username);
      const password = body.password;
      const address = limitAddress(request.ip);
      // A device cookie for this account is trusted only once the account's row confirms it (same password).
      let device = devices.read(request, username);
      if (!inProgress.tryEnter(address, device !== undefined)) return sendBusy(reply);
      try {
        let attempt: Attempt | AttemptsExceeded | undefined;
        let row: Awaited<ReturnType<typeof signInAccount>> | undefined;
        if (device) {
          row = await signInAccount(app.db, username);
          if (devices.holds(device, row)) attempt = await limiter.signInFromKnownDevice(device.deviceId);
          else device = undefined; // revoked (password changed or reset) or another account's: throttled as any device
        }
        if (!device) {
          const admitted = await limiter.signIn(address, username, () => signInAccount(app.db, username));
          if (admitted instanceof AttemptsExceeded) return admitted.send(reply);
          ({ attempt, account: row } = admitted);
        }
        if (attempt instanceof AttemptsExceeded) return attempt.send(reply);
        // an unknown username costs the same one hash as a wrong password
        const priority = device ? 'trusted' : 'signin';
        if (
          !(await withBusyRetryAfter(reply, () => checkSignInPassword(password, row?.password_hash, priority))) ||
          !row
        ) {
          throw unauthorized(LOGIN_FAILED, LOGIN_FAILED_CODE);
        }
        await attempt!.succeeded();
        // Only after the right password: a deactivated account is told why, others learn nothing new.
        if (row.deactivated_at != null) throw forbidden(DEACTIVATED_MESSAGE, { code: 'account-deactivated' });
        const caller = callerOfClaims({
          user_id: row.id,
          role: row.role,
          teacher_id: row.teacher_id ?? undefined,
          student_id: row.student_id ?? undefined,
        });
        // an account of no known role, or a teacher or student without their record, could not use its token
        if (!caller) throw unauthorized(LOGIN_FAILED, LOGIN_FAILED_CODE);
        const user: AuthUser = { ...caller, email: row.email, display_name: row.display_name };
        // The UI language saved on the account comes back in the token, so it follows the user to any device.
        if (isLanguage(row.language)) user.language = row.language;
        if (Number(row.initial_password) === 1) user.initial_password = true;
        devices.issue(request, reply, username, row, device?.deviceId);
        return { token: app.signToken(user, row.session_version) };
      } finally {
        inProgress.leave(address);
      }
    },
  );
}

function registerRefresh(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // Renews the token of a signed-in user (the shell calls it while the user is active), so a session does not end in
  // the middle of work — up to its absolute end, SESSION_LIFETIME_DAYS after the sign-in (auth_time is kept, as are
  // the session id and the language). Same session_version: a password change or reset still ends this session.
  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renew the signed-in user’s token; returns {token}',
        response: { 200: Type.Object(tokenFields) },
      },
    },
    async (request) => {
      const { sessionVersion, sid, authTime } = app.readToken(request);
      return { token: app.signToken(request.user, sessionVersion, { sid, authTime }) };
    },
  );
}

/** The password change: ends every other session, and this one when it keeps guessing the old password. */
function registerPasswordChange(fastify: FastifyInstance, { devices, limiter }: SignInGuards) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user’s password',
        body: changePasswordBodySchema,
        response: { 200: Type.Object({ message: Type.String(), ...tokenFields }) },
      },
    },
    async (request, reply) => {
      const { old_password, new_password } = request.body;
      // Checked before the old password: a rule breach costs no hashing and no attempt.
      const [broken] = passwordProblems(new_password, old_password);
      if (broken)
        throw badRequest(`The new password must be ${broken.text}`, {
          code: broken.code,
          ...(broken.limit ? { params: { limit: broken.limit } } : {}),
        });
      const { user_id: userId } = request.user;
      const { sid, authTime } = app.readToken(request);
      const attempt = await limiter.changePassword(sid);
      const login = attempt === 'session-over' ? undefined : await loginOf(app.db, userId);
      if (attempt === 'session-over' || login === undefined) return endSession(userId);
      if (!(await withBusyRetryAfter(reply, () => checkSignInPassword(old_password, login.password_hash)))) {
        // a session that keeps guessing is ended: a stolen token cannot find the password, nor keep the owner from changing it
        if (attempt.last) return endSession(userId);
        throw badRequest('Old password is incorrect', { code: 'wrong-current-password' });
      }
      await attempt.succeeded();
      const newHash = await hashPassword(new_password);
      const sessionVersion = await changePassword(app.db, userId, newHash);
      // Older sessions (other devices) and device cookies end with the old password; this session continues with a
      // fresh token, and this device stays known.
      devices.issue(
        request,
        reply,
        login.username,
        { id: userId, password_hash: newHash },
        devices.read(request, login.username)?.deviceId,
      );
      const { initial_password: _given, ...ownPassword } = request.user;
      return {
        message: 'Password changed successfully',
        token: app.signToken(ownPassword, sessionVersion, { sid, authTime }),
      };
    },
  );

  /** Ends the user's sessions, this one with them, and says so as any ended session does. */
  async function endSession(userId: number): Promise<never> {
    await endSessions(app.db, userId);
    throw unauthorized('Invalid token', { code: 'session-expired' });
  }
}
