import net from 'node:net';
import os from 'node:os';
import { hashPassword, setPasswordHashCost } from '../lib/passwords';
import { createOpenExam, openExamSheets } from '../../test/answer-items';
import { buildTestApp, TWO_NODES, type TestApp } from '../../test/helpers';

/** Each node counts its own requests: with TWO_NODES=1 half of them land on the other node's registry. */
const inOneProcess = TWO_NODES ? describe.skip : describe;

// Prometheus metrics (plugins/metrics.ts): the figures move when requests are made, and nobody without the token (or
// on the API port, when the metrics have a port of their own) reads them.
jest.setTimeout(60_000);

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';

/** The value of one sample line `name{labels} value` of a Prometheus text page (labels in any order), or undefined. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (
      Object.entries(labels).every(([k, v]) => found[k] === v) &&
      Object.keys(found).length === Object.keys(labels).length
    ) {
      return Number(match[3]);
    }
  }
  return undefined;
}

inOneProcess('metrics behind a token on the API port', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    t = await buildTestApp({ app: { metrics: { token: TOKEN } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 {code, error, message} without the token, with a wrong one or another scheme', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
      `Bearer ${TOKEN} ${TOKEN}`,
      `Bearer ${'é'.repeat(10_000)}`,
    ]) {
      const res = await t.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'unauthorized',
        error: expect.stringMatching(/METRICS_TOKEN/),
        message: expect.any(String),
      });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('kelasku_');
    }
  });

  it('counts requests per route pattern and status code, never per raw URL', async () => {
    const before = await scrape();
    const pings = (page: string) =>
      sample(page, 'kelasku_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/ping',
        status_code: '200',
      }) ?? 0;
    const images = (page: string) =>
      sample(page, 'kelasku_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/images/:name',
        status_code: '404',
      }) ?? 0;
    for (let i = 0; i < 3; i += 1)
      expect((await t.inject({ method: 'GET', url: `/api/v1/ping?n=${i}` })).statusCode).toBe(200);
    const missing = `${'0'.repeat(64)}.png`;
    expect((await t.inject({ method: 'GET', url: `/api/v1/images/${missing}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/no-such-route-xyz' })).statusCode).toBe(404);
    const after = await scrape();
    expect(pings(after) - pings(before)).toBe(3);
    expect(images(after) - images(before)).toBe(1);
    expect(
      sample(after, 'kelasku_http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(missing);
    expect(after).not.toContain('no-such-route-xyz');
    expect(after).not.toContain('n=1');
    expect(
      sample(after, 'kelasku_http_request_duration_seconds_sum', {
        method: 'GET',
        route: '/api/v1/ping',
        status_code: '200',
      }),
    ).toBeGreaterThan(0);
  });

  it('records the size of each group-committed batch of answer saves', async () => {
    const examId = await createOpenExam(t, {
      '1': 'Q1',
      '1_a': 'a',
      '1_b': 'b',
      '1_c': 'c',
      '1_d': 'd',
      '1_answer': 'c',
    });
    const sheets = await openExamSheets(t, examId, ['student', 'student2']);
    const before = await scrape();
    const saves = [];
    for (let seq = 1; seq <= 10; seq += 1) {
      for (const who of ['student', 'student2']) {
        saves.push(
          t.injectWithLogin(who, {
            method: 'PATCH',
            url: `/api/v1/exams-answers?id=${sheets[who]}`,
            payload: { answers: { '1': 'c' }, seq },
          }),
        );
      }
    }
    expect((await Promise.all(saves)).map((r) => r.statusCode)).toEqual(saves.map(() => 200));
    const after = await scrape();
    const batches = (page: string) => sample(page, 'kelasku_answer_save_batch_size_count', { kind: 'exam' }) ?? 0;
    const saved = (page: string) => sample(page, 'kelasku_answer_save_batch_size_sum', { kind: 'exam' }) ?? 0;
    // every save was written in exactly one batch; two saves of one sheet never share one, so ≥ 10 batches
    expect(saved(after) - saved(before)).toBe(20);
    expect(batches(after) - batches(before)).toBeGreaterThanOrEqual(10);
    expect(batches(after) - batches(before)).toBeLessThanOrEqual(20);
  });

  it('shows the sign-in queue while password checks wait for a hashing thread, and 0 once they are done', async () => {
    // Real-cost hashes, so the queue outlives the scrape; then back to the helpers' cheap cost.
    setPasswordHashCost(1 << 14);
    try {
      const depth = (page: string) => sample(page, 'kelasku_password_hash_queue_depth', { priority: 'background' });
      expect(depth(await scrape())).toBe(0);
      // queued synchronously: one job per thread runs, the rest wait
      const hashing = Promise.all(
        Array.from({ length: os.availableParallelism() + 2 }, (_, i) => hashPassword(`pw-${i}`)),
      );
      const during = await scrape();
      expect(depth(during)).toBeGreaterThan(0);
      expect(sample(during, 'kelasku_password_hash_threads_busy')).toBeGreaterThan(0);
      await hashing;
      const after = await scrape();
      expect(depth(after)).toBe(0);
      expect(sample(after, 'kelasku_password_hash_queue_depth', { priority: 'signin' })).toBe(0);
    } finally {
      setPasswordHashCost(1024);
    }
  });

  it('shows the sign-in priority queue filling under a burst of sign-ins', async () => {
    setPasswordHashCost(1 << 14);
    try {
      // the fixture's hashes are cheap: a hash of today's cost makes each check slow enough to queue
      const slowHash = await hashPassword('slow-pass-1');
      await t.db
        .updateTable('users')
        .set({ password_hash: slowHash })
        .where('username', '=', t.fixture.students[2].nis)
        .execute();
      const logins = Array.from({ length: os.availableParallelism() + 8 }, () =>
        t.inject({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { username: t.fixture.students[2].nis, password: 'slow-pass-1' },
        }),
      );
      let done = false;
      const all = Promise.all(logins).finally(() => {
        done = true;
      });
      // the sign-ins reach the queue after their database look-up: scrape until one sees them waiting, pausing
      // between scrapes (the hashing threads run at the lowest priority: a scrape loop must not starve them)
      let deepest = 0;
      while (!done && deepest === 0) {
        deepest = sample(await scrape(), 'kelasku_password_hash_queue_depth', { priority: 'signin' }) ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(deepest).toBeGreaterThan(0);
      expect((await all).map((r) => r.statusCode)).toEqual(logins.map(() => 200));
      expect(sample(await scrape(), 'kelasku_password_hash_queue_depth', { priority: 'signin' })).toBe(0);
    } finally {
      setPasswordHashCost(1024);
    }
  });

  it('reports the event-loop delay: a 300 ms block shows as the maximum of the next scrape', async () => {
    await scrape(); // the delay histogram restarts at each scrape...
    await new Promise((resolve) => setTimeout(resolve, 50)); // ...and counts a delay from its second tick on
    const until = Date.now() + 300;
    while (Date.now() < until) {
      /* block the event loop */
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const page = await scrape();
    expect(sample(page, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.25);
  });

  it('reports the PostgreSQL pool: queries waiting for a connection (SQLite: no pool, no such metric)', async () => {
    if (t.kind === 'sqlite') {
      expect(await scrape()).not.toContain('kelasku_db_pool');
      return;
    }
    // buildTestApp's pool has 4 connections: 8 slow queries at once leave 4 waiting
    const { sql } = await import('kysely');
    const slow = Array.from({ length: 8 }, () => sql`select pg_sleep(0.5)`.execute(t.db));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = await scrape();
    expect(sample(during, 'kelasku_db_pool_waiting')).toBeGreaterThanOrEqual(3);
    expect(sample(during, 'kelasku_db_pool_connections', { state: 'busy' })).toBe(4);
    await Promise.all(slow);
    expect(sample(await scrape(), 'kelasku_db_pool_waiting')).toBe(0);
  });
});

/** A port the system has just handed out and taken back: free unless someone grabs it in between. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

inOneProcess('metrics on a port of their own', () => {
  let t: TestApp;
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp({ app: { metrics: { port, host: '127.0.0.1', token: TOKEN } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves them there (token required) and not on the API port', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v1/ping' })).statusCode).toBe(200);
    const url = `http://127.0.0.1:${port}/metrics`;
    const refused = await fetch(url);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'unauthorized' });
    const page = await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(
      sample(page, 'kelasku_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/ping',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    const onApiPort = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(onApiPort.statusCode).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });

  it('closes the port with the app', async () => {
    const otherPort = await freePort();
    const other = await buildTestApp({ empty: true, app: { metrics: { port: otherPort, host: '127.0.0.1' } } });
    expect((await fetch(`http://127.0.0.1:${otherPort}/metrics`)).status).toBe(200);
    await other.close();
    await expect(fetch(`http://127.0.0.1:${otherPort}/metrics`)).rejects.toThrow();
  });
});

it('has no metrics anywhere when neither a port nor a token is configured', async () => {
  const t = await buildTestApp({ empty: true });
  try {
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('kelasku_');
  } finally {
    await t.close();
  }
});
