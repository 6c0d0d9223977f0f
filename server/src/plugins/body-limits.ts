/**
 * Request body limits, per route, from one table (sizes in domain/limits.ts), so route files state none. Every limit
 * is Fastify's own route `bodyLimit` (a declared Content-Length over it is refused at once, a chunked body as it
 * streams in), set when the route is registered (onRoute):
 *
 * - routes anyone may call (`config.public`, routes outside the API, unknown URLs) get BODY_LIMITS.unauthenticated,
 *   except the public delivery of sealed answers (rate-limited per address instead);
 * - the routes that carry pictures a large one, answer saves and the student import a medium one, every other route
 *   BODY_LIMITS.standard;
 * - before a byte of a body is read, a stranger is turned away by the sign-in gate (onRequest, plugins/auth.ts) and,
 *   on a route with a role guard, a caller of another role here (preParsing), with the guard's own 401/403: a
 *   stranger or a student cannot make us read, parse and walk a teacher's 10 MB (body validation runs before the
 *   route's guard).
 * Over the limit: 413 `{code, error, message}` naming the limit (plugins/errors.ts).
 *
 * Within its limit, a JSON body is parsed only when it holds at most MAX_BODY_VALUES values (counted from its bytes,
 * lib/json-values.ts): parsing costs by values, so a teacher's 10 MB of pictures parses in milliseconds, and 10 MB of
 * `[{},…]`, which would block every other request for most of a second, is refused unparsed.
 */
import type { FastifyInstance, FastifyRequest, HTTPMethods, preParsingAsyncHookHandler } from 'fastify';
import { BODY_LIMITS, MAX_BODY_VALUES } from '../domain/limits';
import { countJsonValues } from '../lib/json-values';
import { JsonWorkers } from '../lib/json-workers';
import { API_PREFIX, type Callers, guardCallers, needsSignIn } from './auth';
import { HttpError, INVALID_TEXT, payloadTooLarge, textCheckedBodies } from './errors';
import fp from 'fastify-plugin';

/** From this size on, a JSON body is parsed on a worker thread (below it, handing it over costs more than parsing). */
export const OFF_THREAD_JSON_BYTES = 256 * 1024;

const API = API_PREFIX;
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

/**
 * The body limit of a route, by its path and methods (exact paths: /exercises-answers is not /exercises) and whether
 * only signed-in callers may use it.
 */
export function routeBodyLimit(url: string, methods: readonly string[], signedInOnly: boolean): number {
  if (isAuthPath(url) || (!signedInOnly && !PUBLIC_BODIES.has(url))) return BODY_LIMITS.unauthenticated;
  const larger = LARGER_LIMITS.find((r) => r.path === url);
  return larger && methods.some((m) => WRITES.includes(m)) ? larger.limit : BODY_LIMITS.standard;
}

/** A body is coming: a declared length, or a chunked one. */
const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length']) > 0 || request.headers['transfer-encoding'] !== undefined;

/** Declared bodies up to this size that go over their route's limit are read to their end to be refused politely. */
const READ_TO_REFUSE_BYTES = 4 * BODY_LIMITS.withImages;

/**
 * A declared Content-Length over the route's limit is refused before a byte is read, on a connection kept open: Node
 * then reads the rest of the body and drops it, so a sender that writes its whole body before reading (fetch, Node's
 * http) gets the 413. Fastify's own check (still in force behind this one, and alone for chunked bodies) answers with
 * `Connection: close`, and a sender still writing then often meets a reset (EPIPE) instead of the answer. Past
 * READ_TO_REFUSE_BYTES a body is not worth reading: Fastify's check answers those.
 */
const refuseDeclaredOverLimit =
  (limit: number): preParsingAsyncHookHandler =>
  async (request, _reply, payload) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit && declared <= READ_TO_REFUSE_BYTES) throw payloadTooLarge(limit);
    return payload;
  };

const tooManyValues = () =>
  new HttpError(413, `Request body holds too many values (max ${MAX_BODY_VALUES})`, {
    code: 'body-too-many-values',
    params: { limit: MAX_BODY_VALUES },
  });

async function bodyLimitsPlugin(app: FastifyInstance) {
  // Fastify's own JSON parsing (prototype-poisoning checks included), after the count; the route's bodyLimit still
  // applies to the bytes read.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Large bodies (a teacher's material or exam) are parsed on worker threads, so the event loop keeps serving the
  // others (lib/json-workers.ts); the threads start with the first such body.
  let workers: JsonWorkers | undefined;
  app.addHook('onClose', async () => {
    await workers?.close();
  });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = body as Buffer;
    if (text.length >= OFF_THREAD_JSON_BYTES) {
      workers ??= new JsonWorkers(INVALID_TEXT);
      workers.parse(text, MAX_BODY_VALUES).then(
        (outcome) => {
          if (outcome.kind === 'too-many-values') return done(tooManyValues(), undefined);
          if (outcome.kind === 'reparse') return parseJson(request, text.toString('utf8'), done);
          const { value } = outcome;
          if (outcome.validText && value !== null && typeof value === 'object') textCheckedBodies.add(value);
          done(null, value);
        },
        (err: Error) => done(err, undefined),
      );
      return;
    }
    if (countJsonValues(text, MAX_BODY_VALUES) > MAX_BODY_VALUES) return done(tooManyValues(), undefined);
    void parseJson(request, text.toString('utf8'), done); // it answers through done
  });

  const admitBefore =
    (callers: Callers): preParsingAsyncHookHandler =>
    async (request, _reply, payload) => {
      if (hasBody(request)) await app.admitCaller(request, callers);
      return payload;
    };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.bodyLimit ??= routeBodyLimit(route.url, methods, needsSignIn(route.url, route.config));
    // A stranger is refused by the sign-in gate (plugins/auth.ts, onRequest) before any body; the roles a route's
    // guard turns away are refused here, then a declared body over the limit.
    const callers = guardCallers(route.preHandler);
    const own =
      route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    const admit = Array.isArray(callers) ? [admitBefore(callers)] : [];
    const refuse = methods.every((m) => m === 'GET' || m === 'HEAD') ? [] : [refuseDeclaredOverLimit(route.bodyLimit)];
    route.preParsing = [...admit, ...refuse, ...own];
  });
}

export default fp(bodyLimitsPlugin, { name: 'kelasku-body-limits' });
