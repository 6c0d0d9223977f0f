/**
 * Saturation (autocannon): the highest answer-save rate with p99 < 50 ms, stepping the connection count, and in the
 * same run the ceilings of a bare Fastify route returning a constant and a bare Fastify route doing the same
 * single-row UPDATE through the same driver/pool (bench/bare-server.ts). Each connection is one student saving the
 * whole 40-answer map of their own sheet (PATCH /api/v1/exams-answers?id=…), like the exam screen does.
 *
 * Env: BENCH_DBS=sqlite,postgres, BENCH_FULL=1 (more steps, 10 s each), BENCH_SAT_SECONDS, BENCH_PROFILE=0 (skip the
 * CPU profile of the server at its best step, which otherwise lists where its time goes), BENCH_SAT_ONLY=writes|reads
 * (the read section, first-load GETs against their bare twins, is bench/saturation-reads.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { postgresPids, ProcSampler } from './lib/proc';
import { FULL, isMain, RESULTS_DIR, saveResult, table } from './lib/results';
import { buildSchool, openDb } from './lib/school';
import {
  createPgDatabase,
  dropPgDatabase,
  runPerDatabase,
  startServer,
  type DbChoice,
  type RunningServer,
} from './lib/server';
import { BENCH_JWT_SECRET, studentToken } from './lib/tokens';
import { summarizeProfile, type ProfileLine } from './lib/cpuprofile';
import { runSaturationReads } from './saturation-reads';

const P99_LIMIT_MS = 50;
const STEPS = FULL ? [1, 2, 4, 8, 16, 32, 64, 128, 256] : [1, 4, 16, 64];
const CONST_STEPS = FULL ? [16, 64, 128] : [16, 64];
const SECONDS = Number(process.env.BENCH_SAT_SECONDS ?? (FULL ? 10 : 3));

export interface StepResult {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  serverCpu: number;
  dbCpu?: number;
}

interface Target {
  label: string;
  steps: StepResult[];
  best?: StepResult;
  ceiling?: StepResult;
}

interface DbRun {
  db: DbChoice;
  ours: Target;
  bareUpdate: Target;
  bareConst: Target;
  bareBatched: Target;
  profile?: ProfileLine[];
  error?: string;
}

function answersMap(seed: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let n = 1; n <= 40; n++) out[String(n)] = 'ABCD'[(n * 7 + seed) % 4];
  return out;
}

async function step(
  url: string,
  connections: number,
  paths: (i: number) => { path: string; headers: Record<string, string>; body?: string; method: 'GET' | 'PATCH' },
  pids: () => number[],
  dbPids?: () => number[],
): Promise<StepResult> {
  let next = 0;
  const sampler = new ProcSampler(pids, 250).start();
  const dbSampler = dbPids ? new ProcSampler(dbPids, 250).start() : undefined;
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          if (context.i === undefined) context.i = next++;
          return { ...req, ...paths(context.i as number) };
        },
      },
    ],
  });
  sampler.stop();
  dbSampler?.stop();
  return {
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpu: sampler.summary().cpuMean,
    ...(dbSampler ? { dbCpu: dbSampler.summary().cpuMean } : {}),
  };
}

function pick(t: Target): Target {
  const clean = t.steps.filter((s) => s.errors === 0 && s.non2xx === 0);
  t.best = clean.filter((s) => s.p99 < P99_LIMIT_MS).sort((a, b) => b.rps - a.rps)[0];
  t.ceiling = clean.sort((a, b) => b.rps - a.rps)[0];
  return t;
}

async function runDb(db: DbChoice, basePort: number): Promise<DbRun> {
  const pgName = `bench_sat_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-sat-'));
  const run: DbRun = {
    db,
    ours: { label: 'Kelasku PATCH /exams-answers', steps: [] },
    bareUpdate: { label: 'bare UPDATE', steps: [] },
    bareConst: { label: 'bare constant', steps: [] },
    bareBatched: { label: 'bare UPDATE + group commit (proof of concept)', steps: [] },
  };
  let server: RunningServer | undefined;
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-prof-'));
  try {
    server = await startServer({
      port: basePort,
      kind: db,
      databaseUrl,
      dataDir,
      env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0' },
    });
    const handle = openDb(databaseUrl, path.join(dataDir, 'kelasku.sqlite'));
    const maxConn = Math.max(...STEPS);
    const school = await buildSchool(handle, { prefix: 'S', students: maxConn, questions: 40 });
    // one open sheet per student (what POST /exams-answers creates)
    const sheets = await handle.db
      .insertInto('exam_answers')
      .values(
        school.students.map((s) => ({
          exam_id: s.examId!,
          student_id: s.id,
          answers: '{}',
          status: 'Active' as const,
        })),
      )
      .returning(['id', 'student_id'])
      .execute();
    await handle.close();
    const sheetOf = new Map(sheets.map((r) => [r.student_id, r.id]));
    const users = school.students.map((s, i) => ({
      token: studentToken(s),
      sheet: sheetOf.get(s.id)!,
      body: JSON.stringify({ exam_id: s.examId, student_id: s.id, answers: answersMap(i) }),
    }));
    const pgPids = db === 'postgres' ? postgresPids : undefined;

    const ours = (i: number) => {
      const u = users[i % users.length];
      return {
        method: 'PATCH' as const,
        path: `/api/v1/exams-answers?id=${u.sheet}`,
        headers: { authorization: u.token, 'content-type': 'application/json' },
        body: u.body,
      };
    };
    // sanity: one request must succeed before measuring
    const probe = await fetch(`${server.url}${ours(0).path}`, {
      method: 'PATCH',
      headers: ours(0).headers,
      body: ours(0).body,
    });
    if (!probe.ok) throw new Error(`answer save probe failed: ${probe.status} ${await probe.text()}`);
    for (const c of STEPS) {
      const srv = server;
      const r = await step(server.url, c, ours, () => [srv.pid], pgPids);
      run.ours.steps.push(r);
      console.log(`[saturation ${db}] ours   c=${c}: ${r.rps}/s p99 ${r.p99} ms (server CPU ${r.serverCpu}%)`);
    }
    pick(run.ours);

    if (process.env.BENCH_PROFILE !== '0' && run.ours.ceiling) {
      await server.stop();
      server = await startServer({
        port: basePort,
        kind: db,
        databaseUrl,
        dataDir,
        env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0' },
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      });
      const srv = server;
      await step(server.url, run.ours.ceiling.connections, ours, () => [srv.pid]);
      await server.stop();
      server = undefined;
      const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        run.profile = summarizeProfile(path.join(profileDir, file), 14, SECONDS - 0.5);
        fs.copyFileSync(path.join(profileDir, file), path.join(RESULTS_DIR, `saturation-${db}.cpuprofile`));
      }
    }
    if (server) await server.stop();
    server = undefined;

    const bare = await startServer({
      port: basePort + 1,
      kind: db,
      databaseUrl,
      dataDir,
      script: path.join(__dirname, 'bare-server.ts'),
    });
    server = bare;
    const bareUpdate = (i: number) => {
      const u = users[i % users.length];
      return {
        method: 'PATCH' as const,
        path: `/update?id=${u.sheet}`,
        headers: { 'content-type': 'application/json' },
        body: u.body,
      };
    };
    for (const c of STEPS) {
      const r = await step(bare.url, c, bareUpdate, () => [bare.pid], pgPids);
      run.bareUpdate.steps.push(r);
      console.log(`[saturation ${db}] bare UPDATE c=${c}: ${r.rps}/s p99 ${r.p99} ms`);
    }
    const batched = (i: number) => ({
      ...bareUpdate(i),
      path: bareUpdate(i).path.replace('/update?', '/update-batched?'),
    });
    for (const c of STEPS) {
      const r = await step(bare.url, c, batched, () => [bare.pid], pgPids);
      run.bareBatched.steps.push(r);
      console.log(`[saturation ${db}] bare UPDATE group commit c=${c}: ${r.rps}/s p99 ${r.p99} ms`);
    }
    for (const c of CONST_STEPS) {
      const r = await step(
        bare.url,
        c,
        () => ({ method: 'GET', path: '/const', headers: {} }),
        () => [bare.pid],
      );
      run.bareConst.steps.push(r);
      console.log(`[saturation ${db}] bare const c=${c}: ${r.rps}/s p99 ${r.p99} ms`);
    }
    pick(run.bareUpdate);
    pick(run.bareConst);
    pick(run.bareBatched);
  } catch (e) {
    run.error = (e as Error).stack ?? String(e);
    console.error(`[saturation ${db}] ${run.error}\n${server?.logTail() ?? ''}`);
  } finally {
    if (server) await server.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  return run;
}

const ratio = (a?: StepResult, b?: StepResult) => (a && b && b.rps > 0 ? (a.rps / b.rps).toFixed(2) : '–');
const fmt = (s?: StepResult) =>
  s ? `${s.rps.toLocaleString('en')}/s (c=${s.connections}, p99 ${s.p99} ms)` : 'none under the limit';

function markdown(runs: DbRun[]): string {
  const lines = [
    `## Saturation — answer save vs bare Fastify (${SECONDS} s per step, steps ${STEPS.join(', ')} connections)`,
    '',
  ];
  lines.push(
    table(
      [
        'database',
        'ours: best with p99 < 50 ms',
        'bare UPDATE: best with p99 < 50 ms',
        'bare constant',
        'ours ÷ bare UPDATE',
        'ours ÷ constant',
        'target',
        'bare UPDATE with group commit (what batching could reach)',
      ],
      runs.map((r) => [
        r.db,
        r.error ? `failed: ${r.error.split('\n')[0]}` : fmt(r.ours.best),
        fmt(r.bareUpdate.best),
        fmt(r.bareConst.best ?? r.bareConst.ceiling),
        ratio(r.ours.best, r.bareUpdate.best),
        ratio(r.ours.best, r.bareConst.best ?? r.bareConst.ceiling),
        r.db === 'postgres' ? '≥ 1.2× bare UPDATE' : '≥ 2× bare UPDATE',
        `${fmt(r.bareBatched.best)} = ${ratio(r.bareBatched.best, r.bareUpdate.best)}× bare UPDATE`,
      ]),
    ),
    '',
  );
  for (const r of runs) {
    if (r.error) continue;
    lines.push(`### ${r.db}: every step`, '');
    const rows: (string | number)[][] = [];
    for (const t of [r.ours, r.bareUpdate, r.bareBatched, r.bareConst]) {
      for (const s of t.steps)
        rows.push([t.label, s.connections, s.rps, s.p50, s.p99, s.errors + s.non2xx, s.serverCpu, s.dbCpu ?? '–']);
    }
    lines.push(
      table(
        ['target', 'connections', 'req/s', 'p50 ms', 'p99 ms', 'errors + non-2xx', 'server CPU %', 'PostgreSQL CPU %'],
        rows,
      ),
      '',
    );
    if (r.profile) {
      lines.push(`CPU profile of the server at c=${r.ours.ceiling?.connections} (self time, top entries):`, '');
      lines.push(
        table(
          ['share', 'where'],
          r.profile.map((p) => [`${p.percent.toFixed(1)}%`, p.where]),
        ),
        '',
      );
    }
  }
  return lines.join('\n');
}

export async function runSaturation(): Promise<void> {
  const only = process.env.BENCH_SAT_ONLY;
  if (only !== 'reads') await runSaturationWrites();
  if (only !== 'writes') await runSaturationReads();
}

async function runSaturationWrites(): Promise<void> {
  const runs = await runPerDatabase('saturation', 3820, runDb);
  saveResult({
    name: 'saturation',
    title: 'Saturation',
    startedAt: new Date().toISOString(),
    markdown: markdown(runs),
    data: { seconds: SECONDS, steps: STEPS, p99LimitMs: P99_LIMIT_MS, runs },
  });
}

if (isMain(module)) {
  runSaturation().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
