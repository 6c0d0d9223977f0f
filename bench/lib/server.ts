/**
 * Start/stop a Kelasku server process for a benchmark, plus PostgreSQL scratch databases (`bench_*`).
 * The server runs as `node --import tsx server/src/main.ts` so that its pid is the process doing the work
 * (CPU/RSS are sampled from /proc/<pid>).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const REPO = path.resolve(__dirname, '..', '..');
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type DbChoice = 'sqlite' | 'postgres';

export interface RunningServer {
  pid: number;
  url: string;
  port: number;
  kind: DbChoice;
  dataDir: string;
  /** PostgreSQL URL when kind = postgres */
  databaseUrl?: string;
  /** Which entry point ran: server/src/main.ts or the bench fallback. */
  entry: string;
  stop(): Promise<void>;
  /** Last lines the server printed (for error reports). */
  logTail(): string;
}

export function pgUrlFor(db: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

export async function createPgDatabase(name: string): Promise<string> {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  return pgUrlFor(name);
}

export async function dropPgDatabase(name: string): Promise<void> {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

export async function pgAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * `run` once per database of BENCH_DBS (default sqlite,postgres), each on its own ports from `firstPort` (2 apart: a
 * benchmark may start a bare twin beside the server); PostgreSQL is skipped with a message when it is not reachable.
 */
export async function runPerDatabase<T>(
  label: string,
  firstPort: number,
  run: (db: DbChoice, port: number) => Promise<T>,
): Promise<T[]> {
  const dbs = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as DbChoice[];
  const runs: T[] = [];
  let port = firstPort;
  for (const db of dbs) {
    if (db === 'postgres' && !(await pgAvailable())) {
      console.log(`[${label}] PostgreSQL not reachable: skipped`);
      continue;
    }
    runs.push(await run(db, port));
    port += 2;
  }
  return runs;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number, tail: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${tail()}`);
    try {
      const res = await fetch(`${url}/api/v1/ping`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer /api/v1/ping within ${timeoutMs} ms:\n${tail()}`);
}

export interface StartOptions {
  port: number;
  kind: DbChoice;
  /** required for postgres */
  databaseUrl?: string;
  /** extra environment */
  env?: Record<string, string>;
  /** Reuse a data dir (default: fresh temp dir) */
  dataDir?: string;
  /** Run this script instead of the server (e.g. the bare comparison server) */
  script?: string;
  /** extra node flags (e.g. --cpu-prof) */
  nodeArgs?: string[];
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-bench-'));
  const main = path.join(REPO, 'server', 'src', 'main.ts');
  const entry = opts.script ?? (fs.existsSync(main) ? main : path.join(__dirname, 'launch-server.ts'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // the demo seed is not needed by the benchmarks and costs a few password hashes
    SEED_DEMO: process.env.BENCH_SEED_DEMO ?? '0',
    NODE_ENV: 'development',
    ...(opts.kind === 'postgres' ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  if (opts.kind === 'sqlite') delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', entry], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (b: Buffer) => {
    for (const l of b.toString().split('\n')) if (l.trim()) lines.push(l);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const tail = () => lines.slice(-30).join('\n');
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await waitReady(url, child, 60_000, tail);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    pid: child.pid!,
    url,
    port: opts.port,
    kind: opts.kind,
    dataDir,
    databaseUrl: opts.databaseUrl,
    entry: path.relative(REPO, entry),
    logTail: tail,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
