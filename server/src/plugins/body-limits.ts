/**
 * Request body limits, per route, from one table (sizes in domain/limits.ts), so route files state none:
 *
 * - each route gets its limit when it is registered (onRoute): the routes that carry pictures a large one, answer
 *   saves and the student import a medium one, every other route BODY_LIMITS.standard;
 * - a request without a valid token, or to /auth, may send only BODY_LIMITS.unauthenticated (the public delivery of
 *   sealed answers excepted, rate-limited per address instead): checked in preParsing,
 *   before a byte is parsed (Content-Length at once, a chunked body as it streams in). Body validation runs before the
 *   route's auth guard, so without this a stranger could make us parse the route's full limit.
 * Over the limit: 413 `{error, message}` naming the limit.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { BODY_LIMITS, formatBytes } from '../domain/limits';
import { HttpError } from './errors';
import fp from 'fastify-plugin';

const API = '/api/v1';
const WRITES: readonly HTTPMethods[] = ['POST', 'PUT', 'PATCH'];

/** The routes whose body may be larger than BODY_LIMITS.standard, and why (see BODY_LIMITS). */
const LARGER_LIMITS: ReadonlyArray<{ path: string; limit: number }> = [
  { path: `${API}/materials`, limit: BODY_LIMITS.withImages },
  { path: `${API}/exercises`, limit: BODY_LIMITS.withImages },
  { path: `${API}/exams`, limit: BODY_LIMITS.withImages },
  { path: `${API}/students`, limit: BODY_LIMITS.withProfilePicture },
  { path: `${API}/teachers`, limit: BODY_LIMITS.withProfilePicture },
  { path: `${API}/exercises-answers`, limit: BODY_LIMITS.answers },
  { path: `${API}/exams-answers`, limit: BODY_LIMITS.answers },
  { path: `${API}/students/import`, limit: BODY_LIMITS.import },
  { path: `${API}/sealed-answers`, limit: BODY_LIMITS.sealedAnswers },
];

/** Public routes whose whole limit holds without a token: sealed answers come from whoever's page is open. */
const PUBLIC_BODIES = new Set([`${API}/sealed-answers`]);

/** Routes that never need a token's larger limit: sign-in and change-password bodies are tiny. */
const isAuthPath = (url: string) => url === `${API}/auth` || url.startsWith(`${API}/auth/`);

/** The body limit of a route, by its path and methods (exact paths: /exercises-answers is not /exercises). */
export function routeBodyLimit(url: string, methods: readonly string[]): number {
  if (isAuthPath(url)) return BODY_LIMITS.unauthenticated;
  const larger = LARGER_LIMITS.find((r) => r.path === url);
  return larger && methods.some((m) => WRITES.includes(m as HTTPMethods)) ? larger.limit : BODY_LIMITS.standard;
}

export const tooLarge = (limit: number) =>
  new HttpError(413, `Request body is too large (max ${formatBytes(limit)} here)`, { code: 'payload-too-large', params: { limit: formatBytes(limit) } });

/** Passes a body through, failing with a 413 as soon as more than `limit` bytes have come in. */
class BodyCap extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) return done(tooLarge(this.limit));
    done(null, chunk);
  }
}

async function bodyLimitsPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.bodyLimit = routeBodyLimit(route.url, methods);
  });

  /** Signed in = a token whose signature and expiry hold (no database lookup here: the route's guard does that). */
  const signedIn = (request: FastifyRequest) => {
    if (!request.headers.authorization) return false;
    try {
      app.readToken(request);
      return true;
    } catch {
      return false;
    }
  };

  app.addHook('preParsing', async (request, _reply, payload) => {
    const declared = Number(request.headers['content-length']);
    if (!(declared > 0) && request.headers['transfer-encoding'] === undefined) return payload; // no body
    const routeLimit = request.routeOptions.bodyLimit ?? BODY_LIMITS.standard;
    const whole = routeLimit <= BODY_LIMITS.unauthenticated || PUBLIC_BODIES.has(request.routeOptions.url ?? '') || signedIn(request);
    const limit = whole ? routeLimit : BODY_LIMITS.unauthenticated;
    if (declared > limit) throw tooLarge(limit);
    // A declared length within the limit is enforced by Fastify (it refuses a body longer than declared).
    return declared > 0 ? payload : payload.pipe(new BodyCap(limit));
  });
}

export default fp(bodyLimitsPlugin, { name: 'kelasku-body-limits' });
