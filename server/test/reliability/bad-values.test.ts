/**
 * Values the databases disagree on are refused at the schema, on every API route and on both databases alike:
 * integer ids above 2³¹−1 (PostgreSQL's `int` overflows: 22003) and text that is not valid Unicode (an unpaired
 * surrogate such as "\ud800": PostgreSQL refuses it in JSON, 22P02). SQLite stores both, so before these checks the
 * same request was a 404 or a silent write on SQLite and a 500 on PostgreSQL, and one such answer save failed a whole
 * group-committed batch of classmates' saves. Also: huge page numbers are a 400, not a 500.
 *
 * Each route's valid request comes from ./rules.ts (sent by a caller allowed to use the route); one value at a time
 * is made hostile. A refused write must leave the database unchanged.
 */
import type { LightMyRequestResponse } from 'fastify';
import { MAX_ID } from '../../src/routes/helpers';
import { buildTestApp, type TestApp } from '../helpers';
import { fingerprint } from './fingerprint';
import { apiRoutes, routeKey } from './route-table';
import { type Caller, ruleFor, SIGNED } from './rules';
import { buildWorld, CONTENT, type World } from './world';

jest.setTimeout(180_000);

const TOO_BIG_ID = MAX_ID + 1; // 2147483648
const ID_KEY = /^(id|[a-z]+_id)$/;
const LONE_SURROGATES = ['\ud800', 'a\udc00b', '\ud83d'];

let t: TestApp;
let w: World;
const tokens = new Map<Caller, string>();

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  for (const c of SIGNED) tokens.set(c, await t.tokenFor(c));
});
afterAll(async () => {
  await t?.close();
});

interface Template {
  caller: Caller;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

async function templateOf(method: string, url: string): Promise<Template | undefined> {
  const rule = ruleFor(method, url);
  if (!rule) return undefined;
  const caller: Caller = rule.allow === 'public' ? 'admin' : rule.allow[0];
  const req = await rule.request(w, caller);
  const [path, search = ''] = req.url.split('?');
  const body =
    req.payload && typeof req.payload === 'object' && !Array.isArray(req.payload)
      ? (req.payload as Record<string, unknown>)
      : undefined;
  return { caller, path, query: Object.fromEntries(new URLSearchParams(search)), body };
}

function send(
  method: string,
  tpl: Template,
  query: Record<string, string>,
  body: unknown,
): Promise<LightMyRequestResponse> {
  const qs = new URLSearchParams(query).toString();
  return t.app.inject({
    method: method as 'POST',
    url: `${tpl.path}${qs ? `?${qs}` : ''}`,
    headers: { authorization: `Bearer ${tokens.get(tpl.caller)}`, 'content-type': 'application/json' },
    ...(method !== 'GET' ? { payload: JSON.stringify(body ?? {}) } : {}),
  });
}

/** The schema validator's own wording ("body/name must NOT have fewer than 1 characters"), never shown to people. */
const VALIDATOR_WORDING =
  /^(body|querystring|params|headers)\b|must NOT|must have required property|must be (integer|string|number|object|array|boolean|equal)|must match (pattern|format)/;

/** null when the response is a clean 400 `{error, message}` worded for people, else what is wrong with it. */
function not400(res: LightMyRequestResponse): string | null {
  if (res.statusCode !== 400) return `status ${res.statusCode} ${res.body.slice(0, 160)}`;
  const body = res.json<{ error?: unknown; message?: unknown }>();
  if (typeof body.error !== 'string' || body.message !== body.error)
    return `400 without {error, message}: ${res.body.slice(0, 160)}`;
  return VALIDATOR_WORDING.test(body.error) ? `400 in the validator's words: ${body.error}` : null;
}

/** Every string in a JSON value replaced by `text` (keys kept). */
function replaceStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((v) => replaceStrings(v, text));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceStrings(v, text)]));
  return value;
}

describe('integer ids above 2³¹−1', () => {
  it('are refused with 400 wherever a route declares an id (query, body, arrays), and change nothing', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(t.app)) {
      const tpl = await templateOf(route.method, route.url);
      if (!tpl) continue; // hostile-input.test.ts fails for routes without a rule
      const fields: Array<{ where: 'query' | 'body'; key: string; wrap: (n: unknown) => unknown }> = [];
      for (const key of Object.keys(tpl.query))
        if (ID_KEY.test(key)) fields.push({ where: 'query', key, wrap: (n) => String(n) });
      for (const [key, v] of Object.entries(tpl.body ?? {})) {
        if (ID_KEY.test(key) && typeof v === 'number') fields.push({ where: 'body', key, wrap: (n) => n });
        if (ID_KEY.test(key) && Array.isArray(v)) fields.push({ where: 'body', key, wrap: (n) => [n] });
      }
      for (const f of fields) {
        const request = (value: unknown) =>
          send(
            route.method,
            tpl,
            f.where === 'query' ? { ...tpl.query, [f.key]: String(f.wrap(value)) } : tpl.query,
            f.where === 'body' ? { ...tpl.body, [f.key]: f.wrap(value) } : tpl.body,
          );
        // Only ids the route reads: a declared integer refuses a word (extra fields such as a mass-assigned
        // teacher_id are ignored, whatever their value).
        if ((await request('abc')).statusCode !== 400) continue;
        checked++;
        const before = route.method !== 'GET' ? await fingerprint(t.db) : undefined;
        const problem = not400(await request(TOO_BIG_ID));
        if (problem) failures.push(`${routeKey(route)} ${f.where} ${f.key}=${TOO_BIG_ID}: ${problem}`);
        if (before && (await fingerprint(t.db)).hash !== before.hash)
          failures.push(`${routeKey(route)} ${f.where} ${f.key}: the database changed`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40); // the route table really was covered
  });

  it('the largest id (2³¹−1) is an ordinary id: not found, never a 5xx', async () => {
    const res = await t.injectWithLogin('admin', { method: 'GET', url: `/api/v1/classes/details?id=${MAX_ID}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Class not found');
  });
});

describe('text that is not valid Unicode', () => {
  it('is refused with 400 in any string or key of a body, on every write route, and changes nothing', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of apiRoutes(t.app).filter((r) => r.method !== 'GET')) {
      const tpl = await templateOf(route.method, route.url);
      if (!tpl?.body) continue;
      const [a, b, c] = LONE_SURROGATES;
      const bodies: Array<[string, unknown]> = [
        ['every string', replaceStrings(tpl.body, `ok ${a}`)],
        ['an extra key', { ...tpl.body, [`note${b}`]: 'x' }],
        ['an extra value', { ...tpl.body, note: c }],
      ];
      for (const [what, body] of bodies) {
        if (what === 'every string' && JSON.stringify(body) === JSON.stringify(tpl.body)) continue; // no strings to replace
        checked++;
        const before = await fingerprint(t.db);
        const problem = not400(await send(route.method, tpl, tpl.query, body));
        if (problem) failures.push(`${routeKey(route)} (${what}): ${problem}`);
        if ((await fingerprint(t.db)).hash !== before.hash)
          failures.push(`${routeKey(route)} (${what}): the database changed`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it('keeps valid text outside the Basic Multilingual Plane (paired surrogates)', async () => {
    const res = await t.injectWithLogin('student', {
      method: 'PATCH',
      url: `/api/v1/exams-answers?id=${w.examSheet0}`,
      payload: { answers: { '1': 'b', '2': 'fotosintesis 🌱' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().answers['2']).toBe('fotosintesis 🌱');
  });
});

describe('page numbers', () => {
  it('a page number too large for the database is a 400 on every listing, never a 5xx', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const route of apiRoutes(t.app).filter((r) => r.method === 'GET')) {
      const tpl = await templateOf(route.method, route.url);
      if (!tpl) continue;
      for (const page of ['1e20', '99999999999999999999', String(2 ** 53)]) {
        const res = await send('GET', tpl, { ...tpl.query, page }, undefined);
        if (res.statusCode >= 500) failures.push(`${routeKey(route)} page=${page}: status ${res.statusCode}`);
        if (res.statusCode === 400) refused++;
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    const res = await t.injectWithLogin('admin', { method: 'GET', url: '/api/v1/classes?page=1e20' });
    expect(not400(res)).toBeNull();
    expect(res.json().message).toMatch(/page/);
  });

  it('a large but sane page number is an empty page', async () => {
    const res = await t.injectWithLogin('admin', { method: 'GET', url: '/api/v1/classes?page=1000000' });
    expect(res.statusCode).toBe(200);
  });
});

describe('values only the database refuses', () => {
  it("an integer filter beyond PostgreSQL's int is a 400 there (error plugin), an empty answer on SQLite, never a 500", async () => {
    const res = await t.injectWithLogin('admin', {
      method: 'GET',
      url: `/api/v1/classes/class-id?grade=${TOO_BIG_ID}&teacher_id=${w.teacher0}`,
    });
    if (t.kind === 'postgres') expect(not400(res)).toBeNull();
    else expect(res.json()).toEqual({ class_id: null, total: 0 });
  });
});

describe('exam times', () => {
  it('an exam ending past year 9999 (an offset pushes 9999-12-31 into year 10000) is a 400 and creates nothing', async () => {
    const before = await fingerprint(t.db);
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exams',
      payload: {
        title: 'Ujian abadi',
        total_marks: 100,
        class_id: w.extraClass,
        content: CONTENT,
        start_time: '2025-06-29T08:00:00+07:00',
        end_time: '9999-12-31T23:59:59-23:59',
      },
    });
    expect(not400(res)).toBeNull();
    expect(res.json().message).toMatch(/end_time .*between the years 2000 and 2100/);
    expect((await fingerprint(t.db)).hash).toBe(before.hash);
  });
});
