/**
 * Restart of a built checkout: the time from `npm start` until GET /api/v1/ping answers, as an operator restarting a
 * crashed server sees it. `npm start` first runs scripts/build-if-changed.ts (which must find every app up to date),
 * then the server. Target: ≤ 5 s.
 *
 * The checkout is brought up to date first (untimed; builds only the apps whose sources changed). Then the first
 * start on a fresh data directory (creates and seeds the SQLite database) and BENCH_RESTARTS restarts on it (default
 * 3 quick, 10 full). Also times the up-to-date check alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FULL, isMain, saveResult, table } from './lib/results';
import { REPO } from './lib/server';
import { percentile } from './lib/stats';

const TARGET_MS = 5000;
const TIMEOUT_MS = 120_000;
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? (FULL ? 10 : 3));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** `npm start` in its own process group; resolves with ms until /api/v1/ping answered, after stopping it again. */
async function timedStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const ping = `http://127.0.0.1:${port}/api/v1/ping`;
  const output: string[] = [];
  const t0 = performance.now();
  const child = spawn(npm, ['start'], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      DATABASE_URL: '',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`npm start exited with ${child.exitCode}:\n${output.join('').slice(-2000)}`);
      if (performance.now() - t0 > TIMEOUT_MS)
        throw new Error(`no answer from ${ping} within ${TIMEOUT_MS} ms:\n${output.join('').slice(-2000)}`);
      if (await answers(ping)) return Math.round(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    // npm → sh → tsx → node: stop the whole group.
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
    if (output.join('').includes(': building ('))
      console.warn('[restart] npm start rebuilt an app: the restart figures include a build');
  }
}

function timedCheck(): number {
  const t0 = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts', 'build-if-changed.ts')], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (result.status !== 0 || result.stdout.includes(': building ('))
    throw new Error(`build-if-changed did not find the checkout up to date:\n${result.stdout}${result.stderr}`);
  return Math.round(performance.now() - t0);
}

export async function runRestart(): Promise<void> {
  const startedAt = new Date().toISOString();
  console.log('[restart] bringing the build up to date (untimed)');
  const prepare = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts', 'build-if-changed.ts')], {
    cwd: REPO,
    stdio: 'inherit',
  });
  if (prepare.status !== 0) throw new Error('build-if-changed failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-restart-'));
  try {
    const checkMs = [timedCheck(), timedCheck(), timedCheck()].sort((a, b) => a - b);
    const firstStartMs = await timedStart(dataDir);
    console.log(`[restart] first start (new database, demo seed): ${firstStartMs} ms`);
    const restartMs: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      restartMs.push(await timedStart(dataDir));
      console.log(`[restart] restart ${i + 1}/${RESTARTS}: ${restartMs[i]} ms`);
    }
    const sorted = [...restartMs].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const worst = sorted[sorted.length - 1];
    const md = [
      `## Restart of a built checkout — \`npm start\` until \`/api/v1/ping\` answers (target ≤ ${TARGET_MS / 1000} s)`,
      '',
      table(
        ['what', 'runs', 'median ms', 'max ms'],
        [
          ['restart (existing SQLite database)', RESTARTS, Math.round(median), worst],
          ['first start (creates and seeds the database)', 1, firstStartMs, firstStartMs],
          [
            'of which: the up-to-date check alone (build-if-changed.ts, 4 apps hashed)',
            checkMs.length,
            checkMs[1],
            checkMs[2],
          ],
        ],
      ),
      '',
      `Worst restart ${worst} ms: ${worst <= TARGET_MS ? 'within' : '**over**'} the ${TARGET_MS / 1000} s target. Before`,
      '`scripts/build-if-changed.ts`, every `npm start` rebuilt all four web apps first (over a minute on 2 cores).',
    ].join('\n');
    saveResult({
      name: 'restart',
      title: 'Restart of a built checkout',
      startedAt,
      markdown: md,
      data: { targetMs: TARGET_MS, restartMs, firstStartMs, checkMs },
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(module)) {
  runRestart().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
