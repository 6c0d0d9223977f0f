/**
 * Hostile input: a fast-check property over every API route of the real route table. Each route's valid request
 * (from ./rules.ts, sent by a caller who may use the route, so that requests reach validation and handlers) is
 * mutated: fields dropped, replaced by wrong types, huge strings and arrays, deep JSON, unicode, SQL and HTML
 * injection strings; extra fields; malformed or odd raw bodies and content types; query and path tricks.
 *
 * Every answer must be 2xx or 4xx — never 5xx — and every 4xx must be `{error, message}` without internals (stack
 * frames, file paths, SQL). After a 4xx to a write route the whole database must be unchanged (fingerprint).
 * Runs per route: FUZZ_RUNS (default 10); seed: FUZZ_SEED (default fixed, so a run can be replayed).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers';
import { fingerprint } from './fingerprint';
import { apiRoutes, routeKey, routeTable } from './route-table';
import { type Caller, ruleFor, SIGNED } from './rules';
import { api, buildWorld, CONTENT, ok, type World } from './world';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
jest.setTimeout(Math.max(180_000, RUNS * 8_000));
const SEED = Number(process.env.FUZZ_SEED ?? 20250629);

const SQLI = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '1 UNION SELECT password_hash FROM users',
  "admin'--",
  "%' OR 1=1 --",
  "'; SELECT pg_sleep(3); --",
  '1)) OR ((1=1',
  '"; DELETE FROM students; --',
  '%_%',
  '\\',
];
const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '<iframe src="javascript:alert(1)"></iframe>',
  '{{constructor.constructor("alert(1)")()}}',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
];
const ODD = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  'true',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF',
  '😀',
  'ض',
  '\u202Eevil',
];

const deep = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const HUGE_STRING = 'x'.repeat(300_000);
const HUGE_ARRAY = Array.from({ length: 20_000 }, (_, i) => i);
const DEEP = deep(2_000);

const hostileString = fc.oneof(
  fc.constantFrom(...SQLI, ...HTML, ...ODD),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom<unknown>(HUGE_STRING, HUGE_ARRAY, DEEP, [], {}, { 1: 'a' }, ['1', '2'], { $gt: '' }),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }),
);

const RAW_BODIES = [
  '{',
  '{"a":',
  'nul',
  '[]',
  '""',
  '123',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(20_000) + ']'.repeat(20_000),
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"title":"\\ud800"}',
  '<xml/>',
  'a=1&b=2',
];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  undefined,
];

type PathTrick = (p: string) => string;
const PATH_TRICKS: PathTrick[] = [
  (p) => p,
  (p) => `${p}/`,
  (p) => p.replace('/api/v1/', '/api/v1//'),
  (p) => p.toUpperCase(),
  (p) => `${p}/..`,
  (p) => `${p}%00`,
  (p) => `/api/v1/../api/v1${p.slice('/api/v1'.length)}`,
  (p) => p.replace('/api/v1/', '/api/v1/%2e%2e/'),
  (p) => `${p};x=1`,
  (p) => `${p}%2F`,
];

interface Mutation {
  path: number;
  dropQuery: string[];
  replaceQuery: Record<string, unknown>;
  rawQuery: string | null;
  duplicateQuery: boolean;
  body:
    | {
        kind: 'object';
        drop: string[];
        replace: Record<string, unknown>;
        extra: Record<string, unknown>;
        contentType: string | undefined;
      }
    | { kind: 'raw'; raw: string; contentType: string | undefined }
    | { kind: 'value'; value: unknown };
  authHeader: string | null;
}

function mutationArb(queryKeys: string[], bodyKeys: string[]): fc.Arbitrary<Mutation> {
  const keyOrExtra = (keys: string[]) =>
    keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  return fc.record({
    path: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: PATH_TRICKS.length - 1 })),
    dropQuery: fc.subarray(queryKeys),
    replaceQuery: fc.dictionary(keyOrExtra(queryKeys), hostileValue, { maxKeys: 3 }),
    rawQuery: fc.option(
      fc.constantFrom('%', '%zz', 'id=%', 'id[]=1', 'id[$gt]=0', 'id=1&id=2', '&&&', '=', 'a'.repeat(5000) + '=1'),
      { freq: 4 },
    ),
    duplicateQuery: fc.boolean(),
    body: fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('object' as const),
          drop: fc.subarray(bodyKeys),
          replace: fc.dictionary(keyOrExtra(bodyKeys), hostileValue, { maxKeys: 3 }),
          extra: fc.dictionary(
            fc.oneof(
              fc.string({ maxLength: 10 }),
              fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'student_id', 'teacher_id'),
            ),
            hostileValue,
            { maxKeys: 2 },
          ),
          contentType: fc.oneof(
            { weight: 5, arbitrary: fc.constant<string | undefined>('application/json') },
            fc.constantFrom(...CONTENT_TYPES),
          ),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('raw' as const),
          raw: fc.constantFrom(...RAW_BODIES),
          contentType: fc.constantFrom(...CONTENT_TYPES),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('value' as const), value: hostileValue }) },
    ),
    authHeader: fc.option(
      fc.constantFrom(
        'Bearer',
        'Bearer  ',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${'a'.repeat(10_000)}`,
        'Bearer a.b.c',
        'bearer null',
      ),
      { freq: 10 },
    ),
  });
}

/** Cases every route gets besides the random ones: NUL characters and other values PostgreSQL refuses, and deep arrays. */
function fixedExamples(queryKeys: string[], bodyKeys: string[]): Array<[Mutation]> {
  const base: Mutation = {
    path: 0,
    dropQuery: [],
    replaceQuery: {},
    rawQuery: null,
    duplicateQuery: false,
    authHeader: null,
    body: { kind: 'object', drop: [], replace: {}, extra: {}, contentType: 'application/json' },
  };
  const nul = 'a\u0000b';
  return [
    [
      {
        ...base,
        body: {
          kind: 'object',
          drop: [],
          replace: Object.fromEntries(bodyKeys.map((k) => [k, nul])),
          extra: { note: nul },
          contentType: 'application/json',
        },
      },
    ],
    [{ ...base, replaceQuery: Object.fromEntries(queryKeys.map((k) => [k, nul])) }],
    [{ ...base, replaceQuery: { search: nul, page: nul } }],
    // values PostgreSQL refuses and SQLite stores: ids above 2³¹−1, unpaired surrogates, pages beyond any offset
    [
      {
        ...base,
        replaceQuery: Object.fromEntries(queryKeys.map((k) => [k, String(2 ** 31)])),
        body: {
          kind: 'object',
          drop: [],
          replace: Object.fromEntries(bodyKeys.map((k) => [k, 2 ** 31])),
          extra: {},
          contentType: 'application/json',
        },
      },
    ],
    [
      {
        ...base,
        body: {
          kind: 'object',
          drop: [],
          replace: Object.fromEntries(bodyKeys.map((k) => [k, 'x\ud800'])),
          extra: { '\udc00': 'y' },
          contentType: 'application/json',
        },
      },
    ],
    [{ ...base, replaceQuery: { page: '1e20', pageSize: '1e20' } }],
    [{ ...base, body: { kind: 'raw', raw: '['.repeat(20_000) + ']'.repeat(20_000), contentType: 'application/json' } }],
  ];
}

const LEAK =
  /\n\s+at |node_modules|\.ts:\d+|\.js:\d+|SQLITE_|sqlite3?|syntax error|violates|relation "|duplicate key|pg_|Kysely/i;

function problemsOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode < 200 || (res.statusCode >= 300 && res.statusCode < 400))
    return `unexpected status ${res.statusCode}`;
  if (res.statusCode >= 400) {
    let body: { error?: unknown; message?: unknown };
    try {
      body = res.json();
    } catch {
      return 'error body is not JSON';
    }
    if (typeof body.error !== 'string' || body.message !== body.error) return 'error body is not {error, message}';
    if (LEAK.test(body.message)) return `error message leaks internals: ${String(body.message).slice(0, 200)}`;
  }
  return null;
}

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

describe('hostile input on every API route', () => {
  it('never answers 5xx or leaks internals, and a rejected write changes nothing', async () => {
    const routes = apiRoutes(t.app)
      // destructive routes last, so earlier routes still find the world's objects
      .sort(
        (a, b) =>
          Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || routeKey(a).localeCompare(routeKey(b)),
      );
    let cases = 0;
    let rejected = 0;
    const failures: string[] = [];
    for (const route of routes) {
      const rule = ruleFor(route.method, route.url);
      if (!rule) {
        failures.push(`${routeKey(route)}: no rule (add it to rules.ts)`);
        continue;
      }
      const caller: Caller = rule.allow === 'public' ? 'admin' : rule.allow[0];
      const template = await rule.request(w, caller);
      const [path, search = ''] = template.url.split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      const body =
        template.payload && typeof template.payload === 'object' && !Array.isArray(template.payload)
          ? (template.payload as Record<string, unknown>)
          : {};
      const write = route.method !== 'GET';
      try {
        await fc.assert(
          fc.asyncProperty(mutationArb(Object.keys(query), Object.keys(body)), async (m) => {
            const q: Array<[string, string]> = [];
            for (const [k, v] of Object.entries(query)) if (!m.dropQuery.includes(k)) q.push([k, v]);
            for (const [k, v] of Object.entries(m.replaceQuery))
              q.push([k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]);
            if (m.duplicateQuery && q.length) q.push(q[0]);
            let qs = q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.slice(0, 20_000))}`).join('&');
            if (m.rawQuery) qs = qs ? `${qs}&${m.rawQuery}` : m.rawQuery;
            const url = `${PATH_TRICKS[m.path](path)}${qs ? `?${qs}` : ''}`;
            const headers: Record<string, string> = { authorization: m.authHeader ?? `Bearer ${tokens.get(caller)}` };
            let payload: string | undefined;
            if (m.body.kind === 'object') {
              const b: Record<string, unknown> = {};
              for (const [k, v] of Object.entries(body)) if (!m.body.drop.includes(k)) b[k] = v;
              Object.assign(b, m.body.replace);
              for (const [k, v] of Object.entries(m.body.extra))
                Object.defineProperty(b, k, { value: v, enumerable: true, writable: true, configurable: true });
              payload = JSON.stringify(b);
              if (m.body.contentType) headers['content-type'] = m.body.contentType;
            } else if (m.body.kind === 'raw') {
              payload = m.body.raw;
              if (m.body.contentType) headers['content-type'] = m.body.contentType;
            } else {
              payload = JSON.stringify(m.body.value) ?? 'null';
              headers['content-type'] = 'application/json';
            }
            const sendBody = route.method !== 'GET' || m.body.kind === 'raw';
            const before = write ? await fingerprint(t.db) : undefined;
            const res = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers,
              ...(sendBody ? { payload } : {}),
            });
            cases++;
            const problem = problemsOf(res);
            if (problem)
              throw new Error(
                `${route.method} ${url.slice(0, 200)} → ${problem}; body ${res.body.slice(0, 200)}; sent ${String(payload).slice(0, 200)}`,
              );
            // undo global effects of an accepted request (grade-migrate) so later routes still find the world as built
            if (res.statusCode < 300 && rule.after && m.path === 0) await rule.after(w);
            if (res.statusCode >= 400) {
              rejected++;
              if (before && (await fingerprint(t.db)).hash !== before.hash) {
                throw new Error(
                  `${route.method} ${url.slice(0, 200)} → ${res.statusCode} but the database changed; sent ${String(payload).slice(0, 200)}`,
                );
              }
            }
          }),
          {
            numRuns: RUNS,
            seed: SEED,
            endOnFailure: true,
            examples: fixedExamples(Object.keys(query), Object.keys(body)),
          },
        );
      } catch (e) {
        failures.push(`${routeKey(route)}: ${(e as Error).message.split('\n').slice(0, 4).join(' | ')}`);
      }
    }
    console.log(
      `hostile input: ${routes.length} routes × ${RUNS} runs = ${cases} requests (${rejected} rejected with 4xx), seed ${SEED}, ${failures.length} failing routes`,
    );
    expect(failures).toEqual([]);
  });

  it('covers the whole API route table', () => {
    const all = routeTable(t.app).filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(apiRoutes(t.app).map(routeKey)).toEqual(all.map(routeKey));
  });
});

describe('stored XSS payloads come back sanitized', () => {
  // its own app and world: the fuzz above may have deleted or moved the first world's objects
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const PAYLOADS = [
    '<p>ok</p><script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">klik</a>',
    '<svg onload=alert(1)><circle/></svg>',
    '<iframe src="https://evil.example/x"></iframe>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<a href="  JaVaScRiPt:alert(1)">x</a>',
    '<form action="https://evil.example"><input name=a></form>',
  ];
  const DANGEROUS = /<script|<svg|<math|<style|<form|<input|\son\w+\s*=|javascript:|data:image\/svg|evil\.example/i;

  it('materials are sanitized on write; discussions, material discussions and replies are kept as typed (plain text)', async () => {
    const seen: string[] = [];
    const asTyped: Array<[string, string]> = [];
    for (const p of PAYLOADS) {
      const m = await ok<{ id: number; content: string; title: string }>(t, 'teacher', 'POST', '/materials', {
        title: 'XSS',
        description: 'd',
        content: p,
        class_id: w.class0,
      });
      const detail = await ok<{ content: string }>(t, 'student', 'GET', `/materials/detail?id=${m.id}`);
      const g = await ok<{ id: number; topic: string; description: string }>(t, 'student', 'POST', '/discussions', {
        topic: `Judul ${p}`,
        description: p,
      });
      const replied = await ok<{ replies: Array<{ reply: string }> }>(
        t,
        'student2',
        'PUT',
        `/discussions/reply?id=${g.id}`,
        { replies: `balas ${p}` },
      );
      const md = await ok<{ id: number; topic: string; description: string }>(
        t,
        'student',
        'POST',
        '/discussions-material',
        { topic: `Judul ${p}`, description: p, material_id: w.material0 },
      );
      const mdReply = await ok<{ replies: Array<{ reply: string }> }>(
        t,
        'student2',
        'PATCH',
        `/materials/reply?id=${md.id}`,
        { replies: `balas ${p}` },
      );
      const list = await ok<{
        discussions: Array<{ id: number; topic: string; description: string; replies: Array<{ reply: string }> }>;
      }>(t, 'admin', 'GET', '/discussions?pageSize=100');
      const stored = list.discussions.find((d) => d.id === g.id)!;
      seen.push(m.content, detail.content);
      asTyped.push(
        [g.topic, `Judul ${p}`],
        [g.description, p],
        [md.topic, `Judul ${p}`],
        [md.description, p],
        [stored.topic, `Judul ${p}`],
        [stored.description, p],
        ...[...replied.replies, ...mdReply.replies, ...stored.replies].map((r): [string, string] => [
          r.reply,
          `balas ${p}`,
        ]),
      );
    }
    const bad = seen.filter((s) => DANGEROUS.test(s));
    expect(bad).toEqual([]);
    // discussion texts are served as JSON and rendered as text by the apps, so the payload is harmless as typed
    expect(asTyped.filter(([got, sent]) => got !== sent)).toEqual([]);
    // and harmless Quill HTML survives
    const kept = await ok<{ content: string }>(t, 'teacher', 'POST', '/materials', {
      title: 'ok',
      description: 'd',
      class_id: w.class0,
      content: '<h2>Judul</h2><p><strong>tebal</strong> <a href="https://id.wikipedia.org">wiki</a></p>',
    });
    expect(kept.content).toContain('<strong>tebal</strong>');
    expect(kept.content).toContain('href="https://id.wikipedia.org"');
  });

  it('question texts are plain text: stored as sent and only ever served as JSON with nosniff (the apps render them as text)', async () => {
    const material_id = (
      await ok<{ id: number }>(t, 'teacher', 'POST', '/materials', {
        title: 'Q',
        description: 'd',
        content: '<p>q</p>',
        class_id: w.class0,
      })
    ).id;
    const content = { ...CONTENT, '1': `Apakah 2 < 3? ${PAYLOADS[0]}`, '1_a': PAYLOADS[1] };
    const created = await ok<{ id: number }>(t, 'teacher', 'POST', '/exercises', {
      title: 'XSS',
      total_marks: 100,
      material_id,
      content,
    });
    const res = await api(t, 'student', 'GET', `/exercises?material_id=${material_id}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()[0]).toMatchObject({ id: created.id, content: { '1': content['1'], '1_a': content['1_a'] } });
  });
});
