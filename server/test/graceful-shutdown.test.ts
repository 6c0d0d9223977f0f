/**
 * SIGTERM in the middle of an exam's burst of answer saves, against the production build (`node server/dist/main.js`,
 * built here by scripts/build-server.ts) as a real child process on SQLite: every save the server acknowledged is in
 * the database afterwards, no request gets a 5xx (a save either gets its answer or never reached the server: refused
 * connection, which the client retries), and the process exits 0 well within SHUTDOWN_TIMEOUT_MS; a client stalled in
 * the middle of its request cannot hold the process past that bound. It also says in its log which command creates
 * the first admin when there is none.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server';
import { REPO_ROOT } from '../src/config';
import { connectDatabase, sqliteOf } from '../src/db/connect';
import { createOpenExam, openExamSheets, TWO_MC } from './answer-items';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './helpers';

jest.setTimeout(120_000);

const STUDENTS = ['student', 'student2'] as const;

let bundle: string;
let dataDir: string;

beforeAll(async () => {
  bundle = await buildServer(
    REPO_ROOT,
    path.join(REPO_ROOT, 'server', 'dist', `.test-shutdown-${crypto.randomBytes(4).toString('hex')}`),
  );
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-shutdown-'));
});
afterAll(() => {
  fs.rmSync(bundle, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** A client that sent its headers and the start of its body, then went quiet (a phone that lost its network). */
function stalledClient(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/v1/auth HTTP/1.1\r\nHost: kelasku\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":',
      );
      resolve(socket);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(dir: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SHUTDOWN_TIMEOUT_MS: '20000',
    EXAM_AUTO_SUBMIT: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(bundle, 'main.js')], { cwd: REPO_ROOT, env });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('Kelasku is running')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, output: () => output, exited };
}

it('logs the command that creates the first admin when there is none, and stops at once on SIGTERM when idle', async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-no-admin-'));
  try {
    const server = await startServer(empty);
    const live = await fetch(`http://127.0.0.1:${server.port}/api/v1/health/live`);
    expect(live.status).toBe(200);
    while (!server.output().includes('No admin account yet')) await new Promise((r) => setTimeout(r, 50));
    expect(server.output()).toContain('node server/dist/admin.js create <name>');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

it('stops within SHUTDOWN_TIMEOUT_MS even when a client stalls in the middle of its request', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-stalled-'));
  try {
    const server = await startServer(dir, { SHUTDOWN_TIMEOUT_MS: '1500' });
    const socket = await stalledClient(server.port);
    await new Promise((r) => setTimeout(r, 300));
    const sent = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([
      server.exited,
      new Promise<string>((r) => setTimeout(() => r('still running after 15 s'), 15_000)),
    ]);
    if (code === 'still running after 15 s') server.child.kill('SIGKILL');
    socket.destroy();
    expect(code).toBe(1);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(1500);
    expect(server.output()).toContain('still closing after 1500 ms');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// The school is written into the SQLite file the child serves: on the suite's PostgreSQL pass there is no such file.
const onSqlite = process.env.DATABASE_URL ? it.skip : it;

onSqlite(
  'finishes the answer saves it accepted when SIGTERM arrives in a burst: all acknowledged saves stored, no 5xx',
  async () => {
    // An open exam with two students' sheets, made through the API of an in-process app, then copied into DATA_DIR.
    const t: TestApp = await buildTestApp();
    let sheetOf: Record<string, number>;
    const tokenOf: Record<string, string> = {};
    try {
      sheetOf = await openExamSheets(t, await createOpenExam(t, TWO_MC), STUDENTS);
      for (const who of STUDENTS) tokenOf[who] = await t.tokenFor(who);
      await sqliteOf(t.db)!.backup(path.join(dataDir, 'kelasku.sqlite'));
    } finally {
      await t.close();
    }

    const server = await startServer(dataDir);
    const url = (who: string) => `http://127.0.0.1:${server.port}/api/v1/exams-answers?id=${sheetOf[who]}`;
    // Each worker saves its student's sheet again and again on one kept-alive connection (fetch's pool), every save a
    // newer numbered map: the stored map must end at least as new as the newest one acknowledged.
    const nextSeq: Record<string, number> = { student: 0, student2: 0 };
    const acknowledged: Record<string, number> = { student: 0, student2: 0 };
    const statuses: number[] = [];
    let refused = 0;
    let sigtermSent = false;
    let savesAfterSigterm = 0;
    let running = true;
    const worker = async (who: string) => {
      while (running) {
        const seq = ++nextSeq[who];
        try {
          const res = await fetch(url(who), {
            method: 'PATCH',
            headers: { authorization: tokenOf[who], 'content-type': 'application/json' },
            body: JSON.stringify({ answers: { '1': 'c', '2': `seq-${seq}` }, seq }),
          });
          statuses.push(res.status);
          await res.text();
          if (res.status === 200) {
            acknowledged[who] = Math.max(acknowledged[who], seq);
            if (sigtermSent) savesAfterSigterm++;
          }
        } catch {
          refused++; // the listener is closed: this save never reached the server
          if (sigtermSent) return;
        }
      }
    };
    const workers = STUDENTS.flatMap((who) => Array.from({ length: 8 }, () => worker(who)));
    while (statuses.length < 200) await new Promise((r) => setTimeout(r, 5));
    const acknowledgedBefore = statuses.filter((s) => s === 200).length;
    server.child.kill('SIGTERM');
    sigtermSent = true;
    const code = await server.exited;
    running = false;
    await Promise.all(workers);

    expect(code).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(acknowledgedBefore).toBeGreaterThanOrEqual(150);

    const handle = connectDatabase({ sqliteFile: path.join(dataDir, 'kelasku.sqlite') });
    try {
      for (const who of STUDENTS) {
        const row = await handle.db
          .selectFrom('exam_answers')
          .select(['answers', 'answers_seq'])
          .where('id', '=', sheetOf[who])
          .executeTakeFirstOrThrow();
        const answers = typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
        expect(Number(row.answers_seq)).toBeGreaterThanOrEqual(acknowledged[who]);
        expect(answers).toEqual({ '1': 'c', '2': `seq-${row.answers_seq}` });
      }
    } finally {
      await handle.close();
    }
    console.log(
      `saves acknowledged: ${statuses.length} (${savesAfterSigterm} after SIGTERM), refused connections after SIGTERM: ${refused}`,
    );
  },
);
