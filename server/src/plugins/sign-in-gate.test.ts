/**
 * Deny by default (plugins/auth.ts, the sign-in gate): a route added under /api/v1 with no auth option at all needs a
 * signed-in caller with a live session; only a route that says `config: { public: true }` answers strangers, and one
 * that says `config: { session: 'in-statement' }` gets the token checked without the users lookup (its own statement
 * does it). A route that declares public together with a role guard or a session check of its own stops the start.
 * The real routes are proved caller by caller in test/reliability/authz-matrix.test.ts.
 */
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteShorthandOptions } from 'fastify';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/helpers';
import authPlugin from './auth';
import { BODY_LIMITS } from '../domain/limits';

/** What the handler saw: who, and whether the session was confirmed against the database before it ran. */
const seen = (request: { user?: { user_id: number }; sessionConfirmed: boolean }) => ({
  user_id: request.user?.user_id ?? null,
  confirmed: request.sessionConfirmed,
});

function testRoutes(app: FastifyInstance) {
  // a route as someone might add it tomorrow, without a word about who may call it
  app.register(
    async (scope) => {
      scope.get('/forgotten', async (request) => seen(request));
      scope.post('/forgotten', async (request) => seen(request));
      scope.get('/declared-public', { config: { public: true } }, async () => ({ open: true }));
      scope.get('/own-statement', { config: { session: 'in-statement' } }, async (request) => ({
        ...seen(request),
        token_user: request.tokenSession?.user.user_id,
      }));
    },
    { prefix: '/api/v1/gate-test' },
  );
  // the prefix itself is the API's too
  app.register(
    async (scope) => {
      scope.get('/', async () => ({ open: true }));
    },
    { prefix: '/api/v1' },
  );
  // outside the API (static files, /remotes.json): not the gate's
  app.get('/gate-test-outside', async () => ({ open: true }));
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ routes: testRoutes });
});
afterAll(async () => {
  await t?.close();
});

describe('a route under /api/v1 without any auth option', () => {
  it('answers 401 without a token, with a forged one, or for an ended session', async () => {
    const missing = await t.inject({ method: 'GET', url: '/api/v1/gate-test/forgotten' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'token-missing', error: 'Missing token' });
    expect((await t.inject({ method: 'GET', url: '/api/v1' })).statusCode).toBe(401);

    const forged = await t.inject({
      method: 'GET',
      url: '/api/v1/gate-test/forgotten',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.statusCode).toBe(401);

    const token = await t.tokenFor('student2');
    await t.db
      .updateTable('users')
      .set({ session_version: 7 })
      .where('id', '=', t.fixture.students[1].user_id)
      .execute();
    const ended = await t.inject({
      method: 'GET',
      url: '/api/v1/gate-test/forgotten',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'session-expired' });
  });

  it('serves a signed-in caller, whose session the gate confirmed before the handler ran', async () => {
    const res = await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/gate-test/forgotten' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: t.fixture.teachers[0].user_id, confirmed: true });
  });

  it("refuses a stranger's body before reading it, and gives signed-in callers the signed-in body limit", async () => {
    let pushed = 0;
    const endless = new Readable({
      read() {
        if (pushed++ === 0) this.push('{"a":[');
      },
    });
    const res = await Promise.race([
      t.inject({
        method: 'POST',
        url: '/api/v1/gate-test/forgotten',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        payload: endless,
      }),
      new Promise<'no reply'>((resolve) => setTimeout(() => resolve('no reply'), 5_000).unref()),
    ]);
    expect(res === 'no reply' ? res : res.statusCode).toBe(401);

    const justOverStrangers = JSON.stringify({ text: 'x'.repeat(BODY_LIMITS.unauthenticated) });
    const signedIn = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/gate-test/forgotten',
      payload: justOverStrangers,
      headers: { 'content-type': 'application/json' },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('declared exceptions', () => {
  it('a route declared public answers without a token', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/gate-test/declared-public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ open: true });
  });

  it('a route that checks the session in its own statement gets the token checked, and no users lookup first', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v1/gate-test/own-statement' })).statusCode).toBe(401);
    const res = await t.injectWithLogin('student', { method: 'GET', url: '/api/v1/gate-test/own-statement' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user_id: null, confirmed: false, token_user: t.fixture.students[0].user_id });
  });

  it("routes outside the API are not the gate's, and unknown API URLs stay 404", async () => {
    expect((await t.inject({ method: 'GET', url: '/gate-test-outside' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/v1/gate-test/nothing-here' })).statusCode).toBe(404);
  });
});

describe('a route whose access options contradict each other', () => {
  /** An app with only the gate, and one route declared with `options`: ready() starts it. */
  async function startWith(options: (app: FastifyInstance) => RouteShorthandOptions) {
    const app = Fastify();
    await app.register(authPlugin, { secret: TEST_JWT_SECRET, tokenTtlSeconds: 60, sessionLifetimeSeconds: 3600 });
    app.register(
      async (scope) => {
        scope.post('/contradiction', options(scope), async () => ({ ok: true }));
      },
      { prefix: '/api/v1/gate-test' },
    );
    await app.ready(); // nothing is opened (no database, no port): an app that failed to start is left as it is
    await app.close();
  }

  it('public with a role guard, or with its session checked in its own statement, stops the start naming the route', async () => {
    await expect(
      startWith((app) => ({ config: { public: true }, preHandler: app.requireRole('admin') })),
    ).rejects.toThrow('Route POST /api/v1/gate-test/contradiction declares config.public and a role guard');
    await expect(startWith((app) => ({ config: { public: true }, preHandler: [app.authenticate] }))).rejects.toThrow(
      'Route POST /api/v1/gate-test/contradiction declares config.public and a role guard',
    );
    await expect(startWith(() => ({ config: { public: true, session: 'in-statement' } }))).rejects.toThrow(
      "Route POST /api/v1/gate-test/contradiction declares config.public and config.session 'in-statement'",
    );
  });

  it('either option alone starts', async () => {
    await expect(startWith(() => ({ config: { public: true } }))).resolves.toBeUndefined();
    await expect(startWith((app) => ({ preHandler: app.requireRole('admin') }))).resolves.toBeUndefined();
    await expect(startWith(() => ({ config: { session: 'in-statement' } }))).resolves.toBeUndefined();
  });
});
