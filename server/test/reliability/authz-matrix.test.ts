/**
 * Authorization proof: every route of the real route table × every kind of caller, against "own" objects
 * (teachers[0]'s class/material/exercise/exam, students[0]'s sheets/grades/discussions) so that teacher2, student2
 * (same class) and student3 (other class) are the "other user" cases.
 *
 * - A route without an entry in RULES fails the test (and a rule for a route that does not exist fails too).
 * - Allowed caller: the status must be one of the rule's `ok` statuses (default 200), plus the rule's extra checks.
 * - Denied signed-in caller: 403 with `{error, message}`; no token / forged / tampered / expired / alg=none: 401.
 * - A denied write changes nothing: the whole-database fingerprint is equal before and after.
 * Destructive cells (DELETE, creates with a one-per-parent rule, grading) get a fresh object per caller.
 *
 * It runs in three worlds (world.ts), each on a fresh database: the base one; "class reassigned" (the own objects'
 * classes given to teacher2: teacher is denied everywhere in them, teacher2 allowed — rights follow the class, not
 * the author); "student unassigned" (student removed from class0: denied its materials, exercises, exams,
 * discussions, and saving answers to an open sheet there).
 */
import { buildTestApp, type TestApp } from '../helpers';
import { fingerprint } from './fingerprint';
import { routeKey, routeTable } from './route-table';
import { CALLERS, type Caller, type Req, RULES, ruleFor, ruleIn, SIGNED } from './rules';
import { buildWorld, handMadeToken, type World, WORLDS } from './world';

jest.setTimeout(120_000);

// ---------------------------------------------------------------- the run

describe.each(WORLDS)('authorization matrix in the %s world (route table × caller × own/other object)', (worldName) => {
  let t: TestApp;
  let w: World;
  const headersFor = new Map<Caller, Record<string, string>>();

  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t, worldName);
    const adminClaims = {
      user_id: t.fixture.admin.user_id,
      role: 'admin',
      email: 'admin@kelasku.local',
      display_name: 'Admin',
    };
    for (const c of SIGNED) headersFor.set(c, { authorization: `Bearer ${await t.tokenFor(c)}` });
    headersFor.set('none', {});
    headersFor.set('forged', {
      authorization: `Bearer ${handMadeToken(adminClaims, { secret: 'another-secret-0123456789-abcdefghijklmnop' })}`,
    });
    const [h, body, sig] = (await t.tokenFor('student')).split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    headersFor.set('tampered', { authorization: `Bearer ${h}.${tampered}.${sig}` });
    headersFor.set('expired', { authorization: handMadeToken(adminClaims, { expOffsetSeconds: -60 }) });
    headersFor.set('algnone', { authorization: handMadeToken(adminClaims, { alg: 'none' }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a rule for every route of the route table, and no rule for a route that does not exist', () => {
    const routes = routeTable(t.app);
    const missing = routes.filter((r) => !ruleFor(r.method, r.url)).map(routeKey);
    expect(missing).toEqual([]);
    const served = new Set(routes.map(routeKey));
    expect(Object.keys(RULES).filter((k) => !served.has(k))).toEqual([]);
  });

  it('allows exactly the callers of each rule, denies the rest with 401/403, and denied writes change nothing', async () => {
    const routes = routeTable(t.app);
    const failures: string[] = [];
    let cases = 0;
    let denied = 0;
    for (const route of routes) {
      const baseRule = ruleFor(route.method, route.url);
      if (!baseRule) continue;
      const r = ruleIn(baseRule, w.name);
      // The part a caller plays in this world's rules (reassigned: teacher and teacher2 swap).
      const part = (c: Caller): Caller => (w.plays[c] as Caller | undefined) ?? c;
      const isAllowed = (c: Caller) => r.allow === 'public' || (r.allow as Caller[]).includes(part(c));
      const write = route.method !== 'GET' && route.method !== 'HEAD';
      const send = async (caller: Caller, req: Req) => {
        cases++;
        return t.app.inject({
          method: route.method as 'GET',
          url: req.url,
          headers: { ...(route.method === 'OPTIONS' ? {} : headersFor.get(caller)), ...req.headers },
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
        });
      };
      // Denied callers first, all against one object; a denied write must leave the whole database as it was.
      const deniedCallers = CALLERS.filter((c) => !isAllowed(c));
      if (deniedCallers.length > 0) {
        const req = await r.request(w, deniedCallers[0]);
        const before = write ? await fingerprint(t.db) : undefined;
        for (const caller of deniedCallers) {
          const res = await send(caller, req);
          denied++;
          const where = `${route.method} ${req.url} as ${caller}`;
          try {
            const expected = (SIGNED as Caller[]).includes(caller) ? 403 : 401;
            if (res.statusCode !== expected) throw new Error(`expected ${expected} (denied)`);
            if (route.method !== 'HEAD') {
              const body = res.json();
              expect(typeof body.error).toBe('string');
              expect(body.message).toBe(body.error);
            }
          } catch (e) {
            failures.push(
              `${where}: ${res.statusCode} ${res.body.slice(0, 160)} — ${(e as Error).message.split('\n').slice(0, 6).join(' ')}`,
            );
          }
        }
        if (before && (await fingerprint(t.db)).hash !== before.hash) {
          failures.push(`${route.method} ${req.url}: a denied call (${deniedCallers.join(', ')}) changed the database`);
        }
      }
      // Allowed callers, each with its own request (fresh objects for destructive routes).
      for (const caller of CALLERS.filter(isAllowed)) {
        const req = await r.request(w, caller);
        const res = await send(caller, req);
        const where = `${route.method} ${req.url} as ${caller}`;
        try {
          const okStatuses = r.ok ?? [200];
          if (!okStatuses.includes(res.statusCode)) throw new Error(`expected one of ${okStatuses.join('/')}`);
          if (r.check && route.method !== 'HEAD') r.check(part(caller), res, w);
          if (r.after && res.statusCode === 200) await r.after(w);
        } catch (e) {
          failures.push(
            `${where}: ${res.statusCode} ${res.body.slice(0, 160)} — ${(e as Error).message.split('\n').slice(0, 6).join(' ')}`,
          );
        }
      }
    }
    console.log(
      `authorization matrix (${w.name}): ${routes.length} routes × ${CALLERS.length} callers = ${cases} cases (${denied} denied, ${cases - denied} allowed), ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });
});
