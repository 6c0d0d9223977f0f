import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { freePort, REPO_ROOT, startServer, type RunningServer, type StartOptions } from './server';

/**
 * Two real API nodes (server/src/main.ts, as startServer runs it) on one fresh PostgreSQL database, sharing JWT_SECRET and REDIS_URL,
 * behind a round-robin HTTP proxy that forwards everything — API and the static build — to A, B, A, B…
 *
 *   const pgCheck = postgresReachable();            // at load time: skip the file when PostgreSQL is missing
 *   const two = await startTwoNodes();              // two.url is the proxy; two.served counts requests per node
 *
 * PostgreSQL: E2E_PG_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (a database is created
 * per run and dropped by stop()). Redis: REDIS_URL, else redis://127.0.0.1:6379, when reachable.
 */
const PG_URL = process.env.E2E_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface TwoNodes extends RunningServer {
  nodes: RunningServer[];
  /** Requests the proxy sent to node A and node B. */
  served: number[];
  /** Of those, API requests (/api/…). */
  servedApi: number[];
  /** REDIS_URL given to both nodes, or undefined when Redis was not reachable. */
  redisUrl?: string;
}

export interface Reachability { postgres: boolean; redis: boolean; reason: string }

/**
 * Whether PostgreSQL (one real connection) and Redis (a PING) answer, checked synchronously so that a test file can
 * decide at load time between `describe` and `describe.skip`.
 */
export function servicesReachable(): Reachability {
  const script = `
    const net = require('node:net');
    const { Client } = require('pg');
    const redis = new URL(process.argv[2]);
    const ping = () => new Promise((resolve) => {
      const s = net.connect(Number(redis.port || 6379), redis.hostname);
      s.setTimeout(3000);
      s.on('connect', () => s.write('PING\\r\\n'));
      s.on('data', (d) => { s.destroy(); resolve(String(d).startsWith('+PONG')); });
      s.on('error', () => resolve(false));
      s.on('timeout', () => { s.destroy(); resolve(false); });
    });
    const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 5000 });
    c.connect().then(() => c.query('select 1')).then(() => c.end()).then(
      async () => console.log(JSON.stringify({ postgres: true, redis: await ping(), reason: '' })),
      async (e) => console.log(JSON.stringify({ postgres: false, redis: await ping(), reason: e.message })),
    );`;
  const run = spawnSync(process.execPath, ['-e', script, PG_URL, REDIS_URL], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 15_000 });
  try {
    return JSON.parse(run.stdout) as Reachability;
  } catch {
    return { postgres: false, redis: false, reason: `check failed: ${(run.stderr || String(run.error ?? '')).slice(0, 200)}` };
  }
}

/** The PostgreSQL URL without its password, for messages. */
export function shownPgUrl(): string {
  const u = new URL(PG_URL);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Round-robin proxy on a free e2e port; answers carry `x-kelasku-node: A|B`. */
async function startProxy(targets: number[]): Promise<{ port: number; served: number[]; servedApi: number[]; close: () => Promise<void> }> {
  const port = await freePort();
  const served = targets.map(() => 0);
  const servedApi = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    served[i]++;
    if (req.url?.startsWith('/api/')) servedApi[i]++;
    const upstream = http.request(
      { host: '127.0.0.1', port: targets[i], method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-kelasku-node': 'AB'[i] });
        up.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (res.headersSent) return void res.destroy(err);
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Bad gateway', message: `node ${'AB'[i]}: ${err.message}` }));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    served,
    servedApi,
    close: () => new Promise<void>((resolve) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * Creates a fresh database, starts node A and waits for its ping (it migrates and seeds the demo school), then node
 * B (which finds the schema and data in place), then the proxy. stop() stops all three and drops the database.
 */
export async function startTwoNodes(options: StartOptions = {}): Promise<TwoNodes> {
  const reach = servicesReachable();
  if (!reach.postgres) throw new Error(`PostgreSQL not reachable at ${shownPgUrl()}: ${reach.reason}`);
  const dbName = `kelasku_e2e_two_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const env: Record<string, string> = {
    ...options.env,
    DATABASE_URL: url.toString(),
    JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
    ...(reach.redis ? { REDIS_URL } : {}),
  };
  const nodes: RunningServer[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const stop = async () => {
    await proxy?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  try {
    nodes.push(await startServer({ env }));
    nodes.push(await startServer({ env }));
    proxy = await startProxy(nodes.map((n) => n.port));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${proxy.port}`,
    port: proxy.port,
    dataDir: nodes[0].dataDir,
    nodes,
    served: proxy.served,
    servedApi: proxy.servedApi,
    redisUrl: reach.redis ? REDIS_URL : undefined,
    output: () => nodes.map((n, i) => `--- node ${'AB'[i]} ---\n${n.output()}`).join('\n'),
    stop,
  };
}
