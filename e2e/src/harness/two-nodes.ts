import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { startNginx, type LoggedRequest, type RunningNginx } from './nginx';
import { REPO_ROOT, startServer, type RunningServer, type StartOptions } from './server';

/**
 * Two real API nodes (server/src/main.ts, as startServer runs it) on one fresh PostgreSQL database, sharing JWT_SECRET and REDIS_URL,
 * with TRUST_PROXY=1, behind Debian's nginx running the shipped deploy/nginx/kelasku.conf (harness/nginx.ts): the nodes
 * answer the HTML, manifests, remote entries, the service worker and /api in turn; nginx sends the hashed files itself.
 *
 *   const pgCheck = servicesReachable();            // at load time: skip the file when PostgreSQL is missing
 *   const two = await startTwoNodes();              // two.url is nginx; two.requests() who served what
 *
 * PostgreSQL: E2E_PG_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (a database is created
 * per run and dropped by stop()). Redis: REDIS_URL, else redis://127.0.0.1:6379, when reachable.
 */
const PG_URL = process.env.E2E_PG_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export interface TwoNodes extends RunningServer {
  nodes: RunningServer[];
  /** Every request nginx answered so far, with the node (0 = A, 1 = B) that answered it or none (nginx itself). */
  requests(): LoggedRequest[];
  /** REDIS_URL given to both nodes, or undefined when Redis was not reachable. */
  redisUrl?: string;
}

export interface Reachability {
  postgres: boolean;
  redis: boolean;
  reason: string;
}

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
  const run = spawnSync(process.execPath, ['-e', script, PG_URL, REDIS_URL], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 15_000,
  });
  try {
    return JSON.parse(run.stdout) as Reachability;
  } catch {
    return {
      postgres: false,
      redis: false,
      reason: `check failed: ${(run.stderr || String(run.error ?? '')).slice(0, 200)}`,
    };
  }
}

/** The PostgreSQL URL without its password, for messages. */
export function shownPgUrl(): string {
  const u = new URL(PG_URL);
  if (u.password) u.password = '***';
  return u.toString();
}

/** A Redis address whose client (ioredis) puts `prefix` before every key. */
function withKeyPrefix(redisUrl: string, prefix: string): string {
  const url = new URL(redisUrl);
  url.searchParams.set('keyPrefix', prefix);
  return url.toString();
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
    // nginx appends the client's address to X-Forwarded-For: the one entry the nodes may believe
    TRUST_PROXY: '1',
    // Keys of this run only: every run's fresh database numbers its sheets from 1 again, and a sheet's presence (who
    // holds it) lives in Redis for hours.
    ...(reach.redis ? { REDIS_URL: withKeyPrefix(REDIS_URL, `${dbName}:`) } : {}),
  };
  const nodes: RunningServer[] = [];
  let proxy: RunningNginx | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  try {
    nodes.push(await startServer({ env }));
    nodes.push(await startServer({ env }));
    proxy = await startNginx({
      nodes: [nodes[0].port, nodes[1].port],
      staticDir: options.env?.STATIC_DIR ?? process.env.STATIC_DIR ?? REPO_ROOT,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const nginx = proxy;
  return {
    url: nginx.url,
    port: nginx.port,
    dataDir: nodes[0].dataDir,
    nodes,
    requests: () => nginx.requests(),
    redisUrl: reach.redis ? env.REDIS_URL : undefined,
    output: () =>
      [...nodes.map((n, i) => `--- node ${'AB'[i]} ---\n${n.output()}`), `--- nginx ---\n${nginx.errorLog()}`].join(
        '\n',
      ),
    stop,
  };
}
