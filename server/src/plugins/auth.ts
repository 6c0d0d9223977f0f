import crypto from 'node:crypto';
import { isLanguage, type Language, type Role } from '@kelasku/shared-rules';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors';
import fp from 'fastify-plugin';
import { preparedRead } from '../db/prepared';
import { type SessionColumns, USER_SESSION_SQL } from '../domain/repo/hot-reads';
import type { Caller } from '../domain/policy';

/** What handlers see on `request.user` (claims of docs/api.md §1.3). */
export type AuthUser = Caller & AccountClaims;

/** The claims beside who the caller is (Caller: role, user id and the role's own id). */
export interface AccountClaims {
  email: string;
  display_name: string;
  /** The UI language saved on the account at sign-in ('en' | 'id'); a claim only, never read by the server. */
  language?: Language;
  /** Present while the account still has the password an admin gave it: the screens offer a change. A claim only. */
  initial_password?: true;
}

/** The signed payload: AuthUser plus `exp` (unix seconds); fast-jwt adds `iat`. */
export type AuthClaims = AuthUser & {
  exp: number;
  iat?: number;
  /** users.session_version at sign-in (absent = 0): a password change or reset ends every older session. */
  sv?: number;
  /** When the session began (unix seconds): the sign-in, kept by every refresh, so a session has an absolute end. */
  auth_time?: number;
  /** This session's id, set at sign-in and kept by refresh: what per-session counters (change-password) count under. */
  sid?: string;
};

/** What one session keeps across refreshes. */
export interface SessionIdentity {
  sid: string;
  /** The sign-in time, unix seconds. */
  authTime: number;
}

/** A verified token, before the database has confirmed that its user and session still exist. */
export interface TokenSession extends SessionIdentity {
  user: AuthUser;
  sessionVersion: number;
}

/** A new session's identity: a random id, begun now. */
export function newSession(): SessionIdentity {
  return { sid: crypto.randomBytes(16).toString('base64url'), authTime: Math.floor(Date.now() / 1000) };
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AuthClaims;
    user: AuthUser;
  }
}

/**
 * The caller a token names, or undefined when it names none: a role this server does not know, or a teacher or
 * student without its teacher or student id (accounts of those roles always have their record: deleting the record
 * deletes the account). Sign-in builds its caller here too.
 */
export function callerOfClaims(claims: {
  user_id: number;
  role: unknown;
  teacher_id?: unknown;
  student_id?: unknown;
}): Caller | undefined {
  const { user_id, role, teacher_id, student_id } = claims;
  if (role === 'teacher') return typeof teacher_id === 'number' ? { user_id, role, teacher_id } : undefined;
  if (role === 'student') return typeof student_id === 'number' ? { user_id, role, student_id } : undefined;
  if (role === 'admin' || role === 'user') return { user_id, role };
  return undefined;
}

/** A token that no longer opens a session: expired, malformed, older than a password change, or its user gone. */
const SESSION_EXPIRED = { code: 'session-expired' } as const;

/** The JSON API's prefix: deny by default, every route under it needs a signed-in caller unless `config.public`. */
export const API_PREFIX = '/api/v1';

/** Whether a route needs a signed-in caller: the one rule the sign-in gate and the body limits both follow. */
export function needsSignIn(url: string, config: { public?: true } | undefined): boolean {
  return (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`)) && config?.public !== true;
}

/** Who may call a route: any signed-in user, or only these roles. */
export type Callers = 'signed-in' | readonly Role[];

/** A preHandler guard; `callers` says whom it lets through, so the body-limit check can refuse others before the body is read. */
export type RouteGuard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  readonly callers?: Callers;
};

/** The callers a route's guard lets through (undefined: no guard of ours among its preHandlers). */
export function guardCallers(preHandler: unknown): Callers | undefined {
  const hooks = Array.isArray(preHandler) ? preHandler : [preHandler];
  return hooks
    .map((h) => (typeof h === 'function' ? (h as RouteGuard).callers : undefined))
    .find((c) => c !== undefined);
}

/** The access options a route declares: config (public, session) and its preHandlers (a role guard among them). */
interface RouteAccess {
  method: string | string[];
  url: string;
  config?: { public?: true; session?: 'in-statement' };
  preHandler?: unknown;
}

/**
 * Why a route's access options contradict each other, or undefined when they do not. A public route is served to
 * strangers, so a role guard on it (requireRole, authenticate) or a session checked in its own statement would be a
 * promise nobody keeps: the route must say one or the other.
 */
function accessConflict({ config, preHandler }: RouteAccess): string | undefined {
  if (config?.public !== true) return undefined;
  if (guardCallers(preHandler) !== undefined)
    return 'declares config.public and a role guard (requireRole or authenticate)';
  if (config.session === 'in-statement') return "declares config.public and config.session 'in-statement'";
  return undefined;
}

/** Refuses, when the route is added (so `app.ready()` fails), a route whose access options contradict each other. */
function refuseAccessConflict(route: RouteAccess): void {
  const conflict = accessConflict(route);
  if (!conflict) return;
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  throw new Error(`Route ${methods} ${route.url} ${conflict}: declare it public, or say who may call it`);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token of this request (set by readToken; null until then). */
    tokenSession: TokenSession | null;
    /** True once authenticate has confirmed the session against the database for this request. */
    sessionConfirmed: boolean;
  }
  interface FastifyContextConfig {
    /** Anyone may call it, without a token: every other route under API_PREFIX needs a signed-in caller (the sign-in gate). */
    public?: true;
    /**
     * 'in-statement': the route's own SQL checks the user and session (readWithSession, the answer saves), so the
     * sign-in gate checks only the token's signature and claims, without the users lookup.
     */
    session?: 'in-statement';
  }
  interface FastifyInstance {
    /**
     * Verifies the token (raw or `Bearer x`), checks the user still exists with that role, sets request.user: the
     * sign-in gate of every API route not declared public (once per request; later calls do nothing).
     */
    authenticate: RouteGuard;
    /** preHandler: authenticate (if not done yet) and require one of the roles, else 403. */
    requireRole: (...roles: Role[]) => RouteGuard;
    /**
     * Signs a session token (HS256) for the user's current session_version: exp = now + TOKEN_TTL_SECONDS, never past
     * the session's absolute end (sign-in + SESSION_LIFETIME_DAYS). `session` defaults to a new one (a sign-in).
     */
    signToken: (user: AuthUser, sessionVersion: number, session?: SessionIdentity) => string;
    /**
     * Checks the token's signature and expiry only (401 otherwise), without the users lookup `authenticate` does.
     * Only for routes whose own SQL checks the user and session_version in the same statement (answer saves).
     */
    readToken: (request: FastifyRequest) => TokenSession;
    /**
     * Runs a read-only handler whose own statement does the session check (a hot read with withSessionColumns, its
     * row handed to confirmSession) instead of a separate lookup first: a round trip less on PostgreSQL. The handler
     * gets the token's user, not yet confirmed, and must not write. Nothing it returns or throws goes out before the
     * session is confirmed: if its read did not confirm it (no row, or it failed first), authenticate's lookup does,
     * so a stale session still answers 401 before any 403, 404 or data. `roles`: as requireRole (403 otherwise).
     */
    readWithSession: <T>(
      request: FastifyRequest,
      roles: readonly Role[] | undefined,
      handler: (user: AuthUser) => Promise<T>,
    ) => Promise<T>;
    /**
     * Confirms the request's session from the session columns of a hot read's row (401 when the user is gone, changed
     * role or has a newer session_version); undefined (the read found no row): by authenticate's own lookup.
     */
    confirmSession: (request: FastifyRequest, facts: SessionColumns | undefined) => Promise<void>;
    /**
     * Refuses, before the body is read, a caller the route does not serve, as its guard would: 401 without a valid
     * token or for an ended session, 403 for another role. Admitted callers' sessions are confirmed later, by the guard.
     */
    admitCaller: (request: FastifyRequest, callers: Callers) => Promise<void>;
    /**
     * A key of its own for one purpose (device cookies, shuffle seeds), derived from JWT_SECRET: the same on every node,
     * secret like it, and useless for signing tokens.
     */
    deriveSecret: (purpose: string) => Buffer;
  }
}

export interface AuthPluginOptions extends Record<string, unknown> {
  secret: string;
  tokenTtlSeconds: number;
  /** How long a session lasts from its sign-in, however often it is refreshed. */
  sessionLifetimeSeconds: number;
}

/** The role-guard texts of the original API (docs/api.md §1.2). */
export function forbiddenMessage(roles: readonly string[]): string {
  const set = [...roles].sort().join(',');
  if (set === 'admin') return 'Forbidden: Admins only';
  if (set === 'admin,teacher') return 'Forbidden: Teachers and Admins only';
  if (set === 'admin,student') return 'Forbidden: Students and Admins only';
  if (set === 'teacher') return 'Forbidden: Teachers only';
  if (set === 'student') return 'Forbidden: Students only';
  return `Forbidden: ${roles.join(' or ')} only`;
}

/** Authorization header → raw token: accepts `<token>` and `Bearer <token>` (scheme case-insensitive). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  const match = /^bearer\s+(.+)$/i.exec(trimmed);
  const token = (match ? match[1] : trimmed).trim();
  return token || undefined;
}

/** The session a request's token opens: its signature, expiry and claims checked (not the database), else 401. */
function verifyToken(app: FastifyInstance, request: FastifyRequest, sessionLifetimeSeconds: number): TokenSession {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) throw unauthorized('Missing token', { code: 'token-missing' });
  let claims: AuthClaims;
  try {
    claims = app.jwt.verify<AuthClaims>(token);
  } catch {
    throw unauthorized('Invalid token', SESSION_EXPIRED);
  }
  if (typeof claims.role !== 'string' || !claims.role) throw unauthorized('Role not found in token', SESSION_EXPIRED);
  if (typeof claims.user_id !== 'number') throw unauthorized('Invalid token', SESSION_EXPIRED);
  const caller = callerOfClaims(claims);
  if (!caller) throw unauthorized('Invalid token', SESSION_EXPIRED);
  const user: AuthUser = { ...caller, email: claims.email, display_name: claims.display_name };
  if (isLanguage(claims.language)) user.language = claims.language;
  // kept through a token renewal, so the offer to change it stays until the password is changed
  if (claims.initial_password === true) user.initial_password = true;
  // Tokens from before these claims: the session began at the token's issue, its id is the user's.
  const authTime =
    typeof claims.auth_time === 'number' ? claims.auth_time : typeof claims.iat === 'number' ? claims.iat : 0;
  if (authTime + sessionLifetimeSeconds <= Date.now() / 1000) throw unauthorized('Invalid token', SESSION_EXPIRED);
  const sid = typeof claims.sid === 'string' && claims.sid ? claims.sid : `user-${claims.user_id}`;
  return { user, sessionVersion: typeof claims.sv === 'number' ? claims.sv : 0, sid, authTime };
}

/**
 * Deny by default: every API route not declared public gets the sign-in gate as its first onRequest hook, so a route
 * added without any auth option answers 401 to a stranger. onRequest runs before the body is read and before
 * validation. A route's role guard (requireRole, a preHandler) then checks the role, and body-limits.ts refuses the
 * other roles before a body is read.
 */
function addSignInGate(
  app: FastifyInstance,
  readToken: (request: FastifyRequest) => TokenSession,
  lookUpSession: (request: FastifyRequest) => Promise<void>,
) {
  const tokenOnly = async (request: FastifyRequest) => {
    readToken(request);
  };
  const tokenAndSession = (request: FastifyRequest) => lookUpSession(request);
  app.addHook('onRoute', (route) => {
    refuseAccessConflict(route);
    if (!needsSignIn(route.url, route.config)) return;
    const gate = route.config?.session === 'in-statement' ? tokenOnly : tokenAndSession;
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [gate, ...own];
  });
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { algorithm: 'HS256' },
    // a token that never expires is no session token of ours, whoever signed it
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });

  app.decorate('signToken', (user: AuthUser, sessionVersion: number, session: SessionIdentity = newSession()) => {
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.min(now + options.tokenTtlSeconds, session.authTime + options.sessionLifetimeSeconds);
    const claims: AuthClaims = { ...user, exp, sv: sessionVersion, auth_time: session.authTime, sid: session.sid };
    return app.jwt.sign(claims);
  });

  // A request's token is verified once: the body-limit check (before parsing) and the route's guard both read it.
  // Kept on the request (declared fields, not a WeakMap: weak entries cost the garbage collector on every request).
  app.decorateRequest('tokenSession', null);
  app.decorateRequest('sessionConfirmed', false);
  const readToken = (request: FastifyRequest): TokenSession =>
    (request.tokenSession ??= verifyToken(app, request, options.sessionLifetimeSeconds));

  const userSession = (params: unknown[]) => preparedRead(app.db, USER_SESSION_SQL)(params);
  /** The user's row as the database has it now (undefined: gone) against the token: else 401. */
  const confirmFrom = (request: FastifyRequest, row: { role: unknown; session_version: unknown } | undefined) => {
    const { user, sessionVersion } = readToken(request);
    if (!row || row.role !== user.role || Number(row.session_version) !== sessionVersion)
      throw unauthorized('Invalid token', SESSION_EXPIRED);
    request.user = user;
    request.sessionConfirmed = true;
  };
  const lookUpSession = async (request: FastifyRequest) => {
    if (request.sessionConfirmed) return;
    // Deleted or re-roled users, and sessions older than a password change, lose access at once:
    // one primary-key lookup per request.
    // (a prepared statement: no query building per request)
    const [row] = await userSession([readToken(request).user.user_id]);
    confirmFrom(request, row);
  };
  const authenticate: RouteGuard = Object.assign((request: FastifyRequest) => lookUpSession(request), {
    callers: 'signed-in' as const,
  });

  const confirmSession = async (request: FastifyRequest, facts: SessionColumns | undefined) => {
    if (request.sessionConfirmed) return;
    if (!facts) return lookUpSession(request);
    // NULL role: the user is gone (the subqueries found no row)
    confirmFrom(
      request,
      facts.session_role == null ? undefined : { role: facts.session_role, session_version: facts.session_version },
    );
  };

  const readWithSession = async <T>(
    request: FastifyRequest,
    roles: readonly Role[] | undefined,
    handler: (user: AuthUser) => Promise<T>,
  ) => {
    const { user } = readToken(request);
    let result: T;
    try {
      if (roles && !roles.includes(user.role)) throw forbidden(forbiddenMessage(roles));
      result = await handler(user);
    } catch (e) {
      // whatever went wrong, a stale session is told so first (as when authenticate ran before the handler)
      await lookUpSession(request);
      throw e;
    }
    await lookUpSession(request); // nothing when the handler's read confirmed it
    return result;
  };

  const admitCaller = async (request: FastifyRequest, callers: Callers) => {
    const { user } = readToken(request);
    if (callers === 'signed-in' || callers.includes(user.role)) return;
    await lookUpSession(request); // an ended session hears 401 before any 403, as from the guard
    throw forbidden(forbiddenMessage(callers));
  };

  addSignInGate(app, readToken, lookUpSession);

  app.decorate('deriveSecret', (purpose: string) =>
    crypto.createHmac('sha256', options.secret).update(`kelasku:${purpose}`).digest(),
  );
  app.decorate('readToken', readToken);
  app.decorate('admitCaller', admitCaller);
  app.decorate('authenticate', authenticate);
  app.decorate('confirmSession', confirmSession);
  app.decorate('readWithSession', readWithSession);
  app.decorate('requireRole', (...roles: Role[]): RouteGuard => {
    const message = forbiddenMessage(roles);
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      await authenticate(request, reply);
      if (!roles.includes(request.user.role)) throw forbidden(message);
    };
    return Object.assign(guard, { callers: roles });
  });
}

export default fp(authPlugin, { name: 'kelasku-auth' });
