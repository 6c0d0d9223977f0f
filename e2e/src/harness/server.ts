import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE_ENV } from './server-bundle';

/** Repository root (e2e/src/harness → ../../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** Ports reserved for e2e/CI runs (docs/contracts.md §5). */
const PORT_RANGE = { first: 3700, last: 3799 };

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment (e.g. REMOTES_JSON, STATIC_DIR). */
  env?: Record<string, string>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port of the e2e range, starting at a random offset so parallel runs rarely collide. */
export async function freePort(): Promise<number> {
  const size = PORT_RANGE.last - PORT_RANGE.first + 1;
  const offset = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i += 1) {
    const port = PORT_RANGE.first + ((offset + i) % size);
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

function assertBuilt(staticDir: string): void {
  const missing = ['shell', 'admin-app', 'teacher-app', 'student-app'].filter(
    (app) => !fs.existsSync(path.join(staticDir, app, 'dist')),
  );
  if (missing.length > 0) {
    throw new Error(`Missing build output for ${missing.join(', ')} in ${staticDir}: run \`npm run build\` first`);
  }
}

async function waitForPing(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = null as number | null; // set by the exit listener
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(`Server exited with code ${exited} before answering /api/v1/ping:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/ping`);
      if (res.ok && (await res.text()).includes('pong')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Server did not answer /api/v1/ping within ${timeoutMs} ms:\n${output()}`);
}

/**
 * The run's bundle of server/src/main.ts (global-setup.ts), else the sources through tsx (a file run without the
 * global setup). E2E_SERVER_ENTRY: another entry file (relative to the repo root, through tsx) for debugging.
 */
function serverCommand(): [string, string[]] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  if (bundle && !process.env.E2E_SERVER_ENTRY) return [process.execPath, ['--enable-source-maps', bundle]];
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  return [tsx, [process.env.E2E_SERVER_ENTRY || 'server/src/main.ts']];
}

/**
 * Starts the real server (server/src/main.ts, bundled once per run: server-bundle.ts) on a free port of 3700–3799 with a fresh DATA_DIR (SQLite,
 * demo seed on) serving the built shell and remotes, and waits until /api/v1/ping answers.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // STATIC_DIR from the caller's shell too (a private build, e.g. /tmp/<name>): the folder holding <app>/dist.
  const staticDir = options.env?.STATIC_DIR ?? process.env.STATIC_DIR ?? REPO_ROOT;
  assertBuilt(staticDir);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The embedded default: SQLite in DATA_DIR, generated JWT secret, demo school. Nothing from the caller's shell.
  for (const key of [
    'NODE_ENV',
    'DATABASE_URL',
    'REDIS_URL',
    'JWT_SECRET',
    'REMOTES_JSON',
    'STATIC_DIR',
    'ESSAY_SCORER',
  ]) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    STATIC_DIR: staticDir,
    ...options.env,
  });

  const child = spawn(...serverCommand(), { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => log;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      // Signal the whole group (through tsx, the server is a child of the tsx process).
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForPing(url, child, output, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, output, stop };
}
