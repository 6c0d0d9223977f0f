/**
 * Memory soak: does the server keep memory per request? Drives the GETs of a student's first load (the class list, the
 * materials of a class, an exam question, the discussions of a material) in turn, each request from the next of 200
 * students, for many requests in a row, and after every slice of requests reads the server's memory AFTER a full garbage
 * collection (bench/lib/memory-probe.mjs, preloaded with `node --expose-gc --import`: no production code knows about
 * it). Garbage is what a collection frees; what stays is retained. A warm-up (JIT code, statement caches, bounded
 * caches filling) levels off; a leak keeps growing with the number of requests.
 * Verdict: the highest retained heap of the second half of the run exceeds that of the first half by less than
 * LEAK_LIMIT_MIB per 100,000 requests, or by less than NOISE_FLOOR_MIB (a short run sees only the rising edge of a bounded
 * cache: formatWib's 20,000 texts, filled by each exam read's server_time, take ≈ 80,000 requests of this mix to fill
 * and add ≈ 1.7 MiB before they are emptied).
 *
 * Env: BENCH_DBS=sqlite,postgres; BENCH_SOAK_REQUESTS (total per database; default 48,000, ≈ 1 min per database on 2
 * cores; BENCH_FULL=1: 300,000; a school day's soak: e.g. 1000000); BENCH_SOAK_SLICES (samples after the warm-up, 8);
 * BENCH_SOAK_CONNECTIONS (10); BENCH_SOAK_ROUTES=assigned,discussions (only the routes whose label contains one of the
 * words); BENCH_SOAK_SNAPSHOTS=1 (heap snapshots after the warm-up and at the end, kept in a temp folder, for
 * Chrome DevTools' comparison view); BENCH_SOAK_RESULT=<name> and BENCH_SOAK_TITLE=<text> (save as
 * results/<name>.json, e.g. a dated run `memory-soak-2026-11-27`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { FULL, isMain, LOAD_AT_START, saveResult, table } from './lib/results';
import { openDb } from './lib/school';
import {
  createPgDatabase,
  dropPgDatabase,
  runPerDatabase,
  startServer,
  type DbChoice,
  type RunningServer,
} from './lib/server';
import { BENCH_JWT_SECRET } from './lib/tokens';
import { READ_SCHOOL_TEXT, readSchool, type User } from './saturation-reads';

const PROBE = path.join(__dirname, 'lib', 'memory-probe.mjs');
const REQUESTS = Number(process.env.BENCH_SOAK_REQUESTS ?? (FULL ? 300_000 : 48_000));
const SLICES = Math.max(2, Number(process.env.BENCH_SOAK_SLICES ?? 8));
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 10);
const WARM_UP = 4_000;
/** retained heap growth over the second half of the run that counts as a leak */
const LEAK_LIMIT_MIB = 1;
/** growth below this is a bounded cache filling or JIT code, whatever the run's length */
const NOISE_FLOOR_MIB = 2;
const RESULT_NAME = process.env.BENCH_SOAK_RESULT ?? 'memory-soak';
const RESULT_TITLE = process.env.BENCH_SOAK_TITLE ?? 'Memory soak';
const MiB = 1024 * 1024;

/** route label → path for one student */
export const SOAK_ROUTES: [string, (u: User) => string][] = [
  ['GET /classes/assigned', (u) => `/api/v1/classes/assigned?id=${u.studentId}`],
  ['GET /materials/from-class', (u) => `/api/v1/materials/from-class?id=${u.classId}`],
  ['GET /exams/student (question 1)', (u) => `/api/v1/exams/student?class_id=${u.classId}&number=1`],
  ['GET /discussions-material', (u) => `/api/v1/discussions-material?id=${u.materialId}`],
];

interface Sample {
  /** requests sent before this sample */
  requests: number;
  /** seconds since the load started */
  seconds: number;
  /** after a full collection, MiB */
  heapUsed: number;
  heapTotal: number;
  oldSpace: number;
  external: number;
  arrayBuffers: number;
  rss: number;
  /** 1-minute load average of the machine */
  load1: number;
}

interface DbRun {
  db: DbChoice;
  routes: string[];
  samples: Sample[];
  rps: number;
  non2xx: number;
  errors: number;
  /** highest retained heap (after GC) in the first and in the second half of the run after the warm-up, MiB */
  peakFirstHalf?: number;
  peakSecondHalf?: number;
  /** growth of that peak from the first half to the second, per 100,000 requests, MiB */
  growthPer100k?: number;
  /** the growth the verdict tolerates over half the run: LEAK_LIMIT_MIB per 100,000 requests, at least NOISE_FLOOR_MIB */
  toleranceMiB?: number;
  snapshots?: string[];
  error?: string;
}

const mib = (bytes: number) => Math.round((bytes / MiB) * 100) / 100;

async function sample(probeUrl: string, requests: number, t0: number): Promise<Sample> {
  const m = (await (await fetch(`${probeUrl}/sample`)).json()) as Record<string, number> & {
    gc: boolean;
    spaces: Record<string, number>;
  };
  if (!m.gc) throw new Error('the server was not started with --expose-gc');
  return {
    requests,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    heapUsed: mib(m.heapUsed),
    heapTotal: mib(m.heapTotal),
    oldSpace: mib(m.spaces.old_space ?? 0),
    external: mib(m.external),
    arrayBuffers: mib(m.arrayBuffers),
    rss: mib(m.rss),
    load1: Math.round(os.loadavg()[0] * 10) / 10,
  };
}

/**
 * Peaks of the retained heap in each half of the run after the warm-up, and how much the peak grew per 100,000 requests.
 * Peaks, not the last sample: a bounded cache that is emptied when full (e.g. formatWib's) saws up and down, and the
 * last sample may fall anywhere on a tooth; a leak raises every peak.
 */
function peaks(afterWarmUp: Sample[]): { first: number; second: number; growthPer100k: number; tolerance: number } {
  const from = afterWarmUp[0].requests;
  const to = afterWarmUp[afterWarmUp.length - 1].requests;
  const middle = (from + to) / 2;
  const max = (xs: Sample[]) => Math.max(...xs.map((s) => s.heapUsed));
  const first = max(afterWarmUp.filter((s) => s.requests <= middle));
  const second = max(afterWarmUp.filter((s) => s.requests > middle));
  const half = Math.max(1, (to - from) / 2);
  return {
    first,
    second,
    growthPer100k: Math.round(((second - first) / half) * 100_000 * 100) / 100,
    tolerance: Math.round(Math.max(NOISE_FLOOR_MIB, (LEAK_LIMIT_MIB * half) / 100_000) * 100) / 100,
  };
}

async function runDb(db: DbChoice, port: number): Promise<DbRun> {
  const pgName = `bench_soak_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-soak-'));
  const only = process.env.BENCH_SOAK_ROUTES?.split(',');
  const routes = SOAK_ROUTES.filter(([label]) => !only || only.some((o) => label.includes(o)));
  const run: DbRun = { db, routes: routes.map(([label]) => label), samples: [], rps: 0, non2xx: 0, errors: 0 };
  let server: RunningServer | undefined;
  try {
    const probePort = port + 1;
    server = await startServer({
      port,
      kind: db,
      databaseUrl,
      dataDir,
      env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0', MEMORY_PROBE_PORT: String(probePort) },
      nodeArgs: ['--expose-gc', '--import', pathToFileURL(PROBE).href],
    });
    const probeUrl = `http://127.0.0.1:${probePort}`;
    const users = await readSchool(openDb(databaseUrl, path.join(dataDir, 'kelasku.sqlite')), 'M');
    for (const [label, pathOf] of routes) {
      const res = await fetch(`${server.url}${pathOf(users[0])}`, { headers: { authorization: users[0].token } });
      if (!res.ok) throw new Error(`${label} probe failed: ${res.status} ${await res.text()}`);
    }
    // every request: the next route, the next student (37 is prime to 200: all students, in a scattered order)
    let next = 0;
    const drive = async (amount: number) => {
      const result = await autocannon({
        url: server!.url,
        connections: CONNECTIONS,
        amount,
        pipelining: 1,
        requests: [
          {
            setupRequest: (r: Record<string, unknown>) => {
              const i = next++;
              const [, pathOf] = routes[i % routes.length];
              const u = users[(Math.floor(i / routes.length) * 37) % users.length];
              return { ...r, method: 'GET', path: pathOf(u), headers: { authorization: u.token } };
            },
          },
        ],
      });
      run.non2xx += result.non2xx;
      run.errors += result.errors + result.timeouts;
      return result.requests.total;
    };
    const snapshotDir =
      process.env.BENCH_SOAK_SNAPSHOTS === '1'
        ? fs.mkdtempSync(path.join(os.tmpdir(), `kelasku-soak-${db}-heap-`))
        : undefined;
    const snapshot = async (tag: string) => {
      if (!snapshotDir) return;
      const file = path.join(snapshotDir, `${tag}.heapsnapshot`);
      await fetch(`${probeUrl}/snapshot?file=${encodeURIComponent(file)}`);
      (run.snapshots ??= []).push(file);
    };

    const t0 = performance.now();
    run.samples.push(await sample(probeUrl, 0, t0));
    let sent = await drive(WARM_UP);
    run.samples.push(await sample(probeUrl, sent, t0));
    await snapshot('after-warm-up');
    const loadStart = performance.now();
    const perSlice = Math.ceil(REQUESTS / SLICES);
    for (let k = 0; k < SLICES; k++) {
      sent += await drive(perSlice);
      const s = await sample(probeUrl, sent, t0);
      run.samples.push(s);
      console.log(
        `[soak ${db}] ${s.requests} requests: heap after GC ${s.heapUsed} MiB, RSS ${s.rss} MiB, load ${s.load1}`,
      );
    }
    await snapshot('end');
    run.rps = Math.round((sent - WARM_UP) / ((performance.now() - loadStart) / 1000));
    const p = peaks(run.samples.slice(1));
    run.peakFirstHalf = p.first;
    run.peakSecondHalf = p.second;
    run.growthPer100k = p.growthPer100k;
    run.toleranceMiB = p.tolerance;
  } catch (e) {
    run.error = (e as Error).stack ?? String(e);
    console.error(`[soak ${db}] ${run.error}\n${server?.logTail() ?? ''}`);
  } finally {
    if (server) await server.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return run;
}

const verdict = (r: DbRun) =>
  r.peakFirstHalf !== undefined && r.peakSecondHalf! - r.peakFirstHalf < r.toleranceMiB! && r.non2xx + r.errors === 0
    ? 'levels off'
    : 'grows';

function markdown(runs: DbRun[]): string {
  const lines = [
    `## ${RESULT_TITLE} — retained memory over ${REQUESTS.toLocaleString('en')} first-load GETs per database (${CONNECTIONS} connections)`,
    '',
    `The server (server/src/main.ts, started with --expose-gc and bench/lib/memory-probe.mjs preloaded) answers the routes below in turn, each request for the next student of the read benches' school (${READ_SCHOOL_TEXT}; one exam of 40 questions per class). After a warm-up of ${WARM_UP.toLocaleString('en')} requests and after each of ${SLICES} slices the probe collects all garbage (two full GCs) and reads process.memoryUsage(): "heap after GC" is what the server retains. Target: the highest retained heap of the run's second half exceeds the first half's by < ${LEAK_LIMIT_MIB} MiB per 100,000 requests, or by < ${NOISE_FLOOR_MIB} MiB in a short run (a warm-up levels off; a bounded cache emptied when full saws up and down below the same peak — formatWib's 20,000 texts, filled by every exam read's server_time, rise by ≈ 1.7 MiB over ≈ 80,000 requests of this mix and drop; a leak raises every peak). RSS also holds freed-but-kept heap pages and the allocator's arenas, so it follows the retained heap only loosely.`,
    '',
    `Load average (1/5/15 min) at the start: ${LOAD_AT_START.join(' / ')}; at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} (2 cores).`,
    '',
  ];
  for (const r of runs) {
    lines.push(`### ${r.db}: ${r.routes.join(', ')}`, '');
    if (r.error) {
      lines.push(`failed: ${r.error.split('\n')[0]}`, '');
      continue;
    }
    lines.push(
      `${r.rps} req/s under load, ${r.non2xx} non-2xx, ${r.errors} errors. Highest retained heap: ${r.peakFirstHalf} MiB in the first half, ${r.peakSecondHalf} MiB in the second (${r.growthPer100k} MiB per 100,000 requests; tolerated: ${r.toleranceMiB} MiB) → **${verdict(r)}**.`,
      '',
      table(
        [
          'requests',
          'seconds',
          'heap after GC MiB',
          'old space MiB',
          'heap total MiB',
          'external MiB',
          'RSS MiB',
          'load 1 min',
        ],
        r.samples.map((s) => [
          s.requests.toLocaleString('en'),
          s.seconds,
          s.heapUsed,
          s.oldSpace,
          s.heapTotal,
          s.external,
          s.rss,
          s.load1,
        ]),
      ),
      '',
    );
  }
  return lines.join('\n');
}

export async function runMemorySoak(): Promise<void> {
  const runs = await runPerDatabase('soak', 3884, runDb);
  saveResult({
    name: RESULT_NAME,
    title: RESULT_TITLE,
    startedAt: new Date().toISOString(),
    markdown: markdown(runs),
    data: {
      requests: REQUESTS,
      slices: SLICES,
      warmUp: WARM_UP,
      connections: CONNECTIONS,
      leakLimitMiB: LEAK_LIMIT_MIB,
      noiseFloorMiB: NOISE_FLOOR_MIB,
      runs,
    },
  });
}

if (isMain(module)) {
  runMemorySoak().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
