/**
 * The server process as a supervisor sees it, per way of launching it (SQLite, a fresh copy of one school each time):
 *
 *   tsx via npm   `npm run start -w server` as it was before the compiled server: npm → sh → tsx → node (+ esbuild)
 *   npm start     `npm run start -w server` now: npm → sh → node server/dist/main.js
 *   node          `node server/dist/main.js`, what the systemd unit runs (deploy/kelasku.service)
 *
 * For each: the processes of the tree (the launched one and its descendants), time from spawn to the first answered
 * request (GET /api/v1/ping; the mean of BENCH_STARTS starts, default 3), RSS of the tree and of the server process
 * idle (5 s after start) and its maximum during an answer-save burst (BENCH_STUDENTS students, default 200, each
 * saving one question's change after another over BENCH_CONNECTIONS connections, default 50, for BENCH_SECONDS,
 * default 20). Needs `npm run build -w server` first (npm run bench does not build).
 *
 *   cd bench && npx tsx production-process.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, makePool, ok } from './lib/http';
import { machine } from './lib/machine';
import { ProcSampler } from './lib/proc';
import { isMain, saveResult, table } from './lib/results';
import { buildSchool, openDb } from './lib/school';
import { REPO } from './lib/server';
import { BENCH_JWT_SECRET, studentToken } from './lib/tokens';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = 3870;

interface Launcher {
  name: string;
  command: string;
  args: string[];
  cwd: string;
}

const LAUNCHERS: Launcher[] = [
  { name: 'tsx via npm (before)', command: 'npm', args: ['exec', '-w', 'server', '-c', 'tsx src/main.ts'], cwd: REPO },
  { name: 'npm start -w server (now)', command: 'npm', args: ['run', 'start', '-w', 'server'], cwd: REPO },
  {
    name: 'node server/dist/main.js (systemd unit)',
    command: process.execPath,
    args: [path.join(REPO, 'server', 'dist', 'main.js')],
    cwd: REPO,
  },
];

/** pid and every descendant, from /proc (parent pid is field 4 of /proc/<pid>/stat). */
function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  return tree;
}

function rssMiB(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function commandOf(pid: number): string {
  try {
    return fs
      .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((a) => path.basename(a))
      .slice(0, 3)
      .join(' ');
  } catch {
    return '?';
  }
}

const round = (x: number) => Math.round(x * 10) / 10;

async function start(launcher: Launcher, dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: BENCH_JWT_SECRET,
    EXAM_AUTO_SUBMIT: '0',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const t0 = performance.now();
  const child = spawn(launcher.command, launcher.args, { cwd: launcher.cwd, env, stdio: 'ignore', detached: true });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${launcher.name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/v1/ping`)).ok) return { child, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Ends the whole tree (the group started detached), as a supervisor stopping the unit would. */
async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
  await new Promise((r) => setTimeout(r, 500));
}

interface Row {
  launcher: string;
  processes: string[];
  startMs: number[];
  idle: { treeMiB: number; serverMiB: number };
  burst: { treeMaxMiB: number; serverMaxMiB: number; saves: number; failed: number };
}

async function saveBurst(url: string, sheets: { token: string; id: number }[], pids: number[], server: number) {
  const pool = makePool(url, CONNECTIONS);
  const treeSampler = new ProcSampler(() => pids, 250).start();
  const serverSampler = new ProcSampler(() => [server], 250).start();
  const end = performance.now() + SECONDS * 1000;
  let saves = 0;
  let failed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const sheet = sheets[next++ % sheets.length];
        const question = String(1 + (next % 40));
        const r = await call(pool, 'PATCH', `/api/v1/exams-answers?id=${sheet.id}`, {
          token: sheet.token,
          body: { changes: { [question]: { answer: 'b', at: Date.now() } } },
        });
        if (ok(r)) saves++;
        else failed++;
      }
    }),
  );
  await pool.close();
  treeSampler.stop();
  serverSampler.stop();
  return {
    treeMaxMiB: treeSampler.summary().rssMaxMiB,
    serverMaxMiB: serverSampler.summary().rssMaxMiB,
    saves,
    failed,
  };
}

export async function runProductionProcess(): Promise<void> {
  if (!fs.existsSync(path.join(REPO, 'server', 'dist', 'main.js')))
    throw new Error('build the server first: npm run build -w server');
  const school = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-footprint-'));
  const handle = openDb(undefined, path.join(school, 'kelasku.sqlite'));
  const built = await buildSchool(handle, { prefix: 'P', students: STUDENTS, questions: 40 });
  await handle.close();
  const students = built.students.filter((s) => s.examId !== null);

  const rows: Row[] = [];
  for (const launcher of LAUNCHERS) {
    const row: Row = {
      launcher: launcher.name,
      processes: [],
      startMs: [],
      idle: { treeMiB: 0, serverMiB: 0 },
      burst: { treeMaxMiB: 0, serverMaxMiB: 0, saves: 0, failed: 0 },
    };
    for (let i = 0; i < STARTS; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-footprint-run-'));
      fs.copyFileSync(path.join(school, 'kelasku.sqlite'), path.join(dataDir, 'kelasku.sqlite'));
      const { child, ms } = await start(launcher, dataDir);
      row.startMs.push(Math.round(ms));
      if (i === STARTS - 1) {
        await new Promise((r) => setTimeout(r, 5000));
        const pids = processTree(child.pid!);
        // the server is the tree's largest process (the node that listens)
        const server = pids.reduce((a, b) => (rssMiB(b) > rssMiB(a) ? b : a));
        row.processes = pids.map(commandOf);
        row.idle = {
          treeMiB: round(pids.reduce((sum, pid) => sum + rssMiB(pid), 0)),
          serverMiB: round(rssMiB(server)),
        };
        const url = `http://127.0.0.1:${PORT}`;
        const opener = makePool(url, 8);
        const sheets: { token: string; id: number }[] = [];
        for (const s of students) {
          const token = studentToken(s);
          const r = await call<{ id: number }>(opener, 'POST', '/api/v1/exams-answers', {
            token,
            body: { exam_id: s.examId, student_id: s.id, answers: {} },
          });
          if (ok(r)) sheets.push({ token, id: r.body.id });
        }
        await opener.close();
        row.burst = await saveBurst(url, sheets, pids, server);
      }
      await stop(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(`[production-process] ${launcher.name}: ${JSON.stringify(row)}`);
    rows.push(row);
  }
  fs.rmSync(school, { recursive: true, force: true });

  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const markdown = [
    '## Production process — `production-process.ts`: processes, memory and start time per way of launching the server',
    '',
    `SQLite, NODE_ENV=production, one school of ${STUDENTS} students (exams of 40 questions). Start: spawn → first answered GET /api/v1/ping, mean of ${STARTS} starts. Idle: 5 s after the last start. Burst: ${SECONDS} s of answer saves (one question's change each) over ${CONNECTIONS} connections.`,
    '',
    table(
      [
        'launch',
        'processes',
        'start → first answer',
        'RSS idle: tree / server',
        'RSS max in the burst: tree / server',
        'saves (failed)',
      ],
      rows.map((r) => [
        r.launcher,
        `${r.processes.length}: ${r.processes.join(' → ')}`,
        `${mean(r.startMs)} ms (${r.startMs.join(', ')})`,
        `${r.idle.treeMiB} / ${r.idle.serverMiB} MiB`,
        `${r.burst.treeMaxMiB} / ${r.burst.serverMaxMiB} MiB`,
        `${r.burst.saves} (${r.burst.failed})`,
      ]),
    ),
    '',
    'Before the compiled server, the root `npm start` added its own npm → sh → tsx (build check) → npm → sh in front of the tsx chain above: seven processes, 213 MiB RSS for the server and about 105 MiB of launchers (issue report, same machine). A supervisor should run the last row: one process, signals reach the server. Start times and the saves column depend on what else shares the 2 cores (the load average at start is in the table at the top); the processes and the RSS are what compares.',
  ].join('\n');
  saveResult({
    name: 'production-process',
    title: 'Production process: processes, memory and start time per launch',
    startedAt: new Date().toISOString(),
    markdown,
    data: { rows, machine: machine() },
  });
  console.log(markdown);
}

if (isMain(module)) {
  runProductionProcess().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
