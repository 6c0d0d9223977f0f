/**
 * Saturation, reads: the GETs a page's first load makes, each against its bare twin (bench/bare-server.ts: token
 * check, one primary-key lookup of the user, the same data SQL on the same driver/pool, no framework work), at 50
 * connections, both servers up at once and the routes taken in turn (ours, then its twin), so that other load on the
 * machine hits both alike. Target per route: ours ≥ 70 % of the twin's req/s, p99 < 50 ms.
 *
 * Env: BENCH_DBS=sqlite,postgres, BENCH_FULL=1 (10 s per route instead of 3), BENCH_READ_SECONDS,
 * BENCH_READ_CONNECTIONS (50), BENCH_READ_ROUNDS (3: each route is measured in that many rounds of ours-then-twin, and the
 * round with the median ratio is reported, so that a burst of other work on the shared machine during one round does
 * not decide the verdict; every round's ratio is shown), BENCH_READ_ROUTES=stats,sheet (only the routes whose label contains one of these), BENCH_PROFILE=0 (skip the CPU profile of our server over all the routes),
 * BENCH_READ_RESULT=<name> and BENCH_READ_TITLE=<text> (save as results/<name>.json, a section of its own at the end of RESULTS.md, instead of
 * replacing the saturation-reads section).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { summarizeProfile, type ProfileLine } from './lib/cpuprofile';
import { ProcSampler } from './lib/proc';
import { FULL, isMain, LOAD_AT_START, RESULTS_DIR, saveResult, table } from './lib/results';
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

const CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? (FULL ? 10 : 3));
const ROUNDS = Math.max(1, Number(process.env.BENCH_READ_ROUNDS ?? 3));
const RATIO_TARGET = 0.7;
const P99_LIMIT_MS = 50;
const STUDENTS = 200;
const CLASS_SIZE = 40;
const MATERIALS_PER_CLASS = 8;
const POSTS_PER_MATERIAL = 12;
const REPLIES_PER_POST = 3;
const RESULT_NAME = process.env.BENCH_READ_RESULT ?? 'saturation-reads';
const RESULT_TITLE = process.env.BENCH_READ_TITLE ?? 'Saturation, reads';

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  serverCpu: number;
}

interface RouteRun {
  route: string;
  /** the round with the median ratio */
  ours: Measure;
  bare: Measure;
  /** every round, in order */
  rounds?: { ours: Measure; bare: Measure }[];
}

interface DbRun {
  db: DbChoice;
  routes: RouteRun[];
  profile?: ProfileLine[];
  error?: string;
}

export interface User {
  token: string;
  studentId: number;
  classId: number;
  examId: number;
  materialId: number;
}

type Req = { path: string; headers: Record<string, string> };

/** route label → [our path, bare twin path] for one student */
export const ROUTES: [string, (u: User) => [string, string]][] = [
  [
    'GET /classes/assigned',
    (u) => [`/api/v1/classes/assigned?id=${u.studentId}`, `/read/classes-assigned?id=${u.studentId}`],
  ],
  [
    'GET /materials/from-class',
    (u) => [`/api/v1/materials/from-class?id=${u.classId}`, `/read/materials?id=${u.classId}`],
  ],
  [
    'GET /exams (exam of a class)',
    (u) => [`/api/v1/exams?class_id=${u.classId}&number=0`, `/read/exam?class_id=${u.classId}`],
  ],
  [
    'GET /exams-answers (answer sheet)',
    (u) => [
      `/api/v1/exams-answers?exam_id=${u.examId}&student_id=${u.studentId}`,
      `/read/sheet?exam_id=${u.examId}&student_id=${u.studentId}`,
    ],
  ],
  [
    'GET /discussions-material',
    (u) => [`/api/v1/discussions-material?id=${u.materialId}`, `/read/discussions?id=${u.materialId}`],
  ],
  ['GET /stats/student', () => ['/api/v1/stats/student', '/read/stats']],
];

async function load(
  url: string,
  seconds: number,
  connections: number,
  req: (i: number) => Req,
  pid: number,
): Promise<Measure> {
  let next = 0;
  const sampler = new ProcSampler(() => [pid], 250).start();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        setupRequest: (r: Record<string, unknown>, context: Record<string, unknown>) => {
          if (context.i === undefined) context.i = next++;
          return { ...r, method: 'GET', ...req(context.i as number) };
        },
      },
    ],
  });
  sampler.stop();
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpu: sampler.summary().cpuMean,
  };
}

/** The school these reads run on (also memory-soak.ts's), in words for a result's description. */
export const READ_SCHOOL_TEXT = `${STUDENTS} students in classes of ${CLASS_SIZE}, ${MATERIALS_PER_CLASS} materials per class, ${POSTS_PER_MATERIAL} discussions per material with ${REPLIES_PER_POST} replies each`;

/** Builds and fills the read benches' school through `handle` (then closed); returns each student's user. */
export async function readSchool(handle: ReturnType<typeof openDb>, prefix: string): Promise<User[]> {
  const school = await buildSchool(handle, { prefix, students: STUDENTS, classSize: CLASS_SIZE, questions: 40 });
  const firstMaterial = await fillSchool(handle, school);
  await handle.close();
  return school.students.map((s) => ({
    token: studentToken(s),
    studentId: s.id,
    classId: s.classId,
    examId: s.examId!,
    materialId: firstMaterial.get(s.classId)!,
  }));
}

/** Materials with an exercise each, discussions with replies, an open exam sheet per student, a few grades. */
async function fillSchool(
  handle: ReturnType<typeof openDb>,
  school: Awaited<ReturnType<typeof buildSchool>>,
): Promise<Map<number, number>> {
  const db = handle.db;
  const firstMaterial = new Map<number, number>();
  for (const [k, classId] of school.classIds.entries()) {
    const teacherId = school.teacherIds[0];
    const students = school.students.filter((s) => s.classId === classId);
    for (let n = 1; n <= MATERIALS_PER_CLASS; n++) {
      const m = await db
        .insertInto('materials')
        .values({
          class_id: classId,
          teacher_id: teacherId,
          title: `Materi ${k + 1}.${n}`,
          description: `Ringkasan materi ${n}`,
          content: `<p>${'Isi materi pelajaran. '.repeat(30)}</p>`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (n === 1) firstMaterial.set(classId, m.id);
      const content = JSON.stringify(
        Object.fromEntries(Array.from({ length: 10 }, (_, q) => [`${q + 1}`, `Soal latihan ${q + 1}`])),
      );
      await db
        .insertInto('exercises')
        .values({
          material_id: m.id,
          title: `Latihan ${n}`,
          content,
          question_count: 10,
          total_marks: 100,
          teacher_id: teacherId,
        })
        .execute();
      for (let p = 0; p < POSTS_PER_MATERIAL; p++) {
        const author = students[(p * 7 + n) % students.length];
        const post = await db
          .insertInto('material_forum')
          .values({
            material_id: m.id,
            student_id: author.id,
            topic: `Pertanyaan ${p + 1}`,
            description: 'Bagaimana cara mengerjakan soal nomor 3?',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('discussion_replies')
          .values(
            Array.from({ length: REPLIES_PER_POST }, (_, r) => ({
              id: crypto.randomUUID(),
              kind: 'material' as const,
              discussion_id: post.id,
              student_id: students[(p + r + 1) % students.length].id,
              teacher_id: null,
              reply: `Jawaban ${r + 1}: coba lihat contoh di materi.`,
            })),
          )
          .execute();
      }
    }
  }
  const answers = JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, q) => [`${q + 1}`, 'abcd'[q % 4]])));
  for (let i = 0; i < school.students.length; i += 500) {
    await db
      .insertInto('exam_answers')
      .values(
        school.students.slice(i, i + 500).map((s) => ({
          exam_id: s.examId!,
          student_id: s.id,
          answers,
          status: 'Active' as const,
        })),
      )
      .execute();
  }
  return firstMaterial;
}

async function runDb(db: DbChoice, basePort: number): Promise<DbRun> {
  const pgName = `bench_reads_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-reads-'));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-reads-prof-'));
  const run: DbRun = { db, routes: [] };
  let ours: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    const env = { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0' };
    ours = await startServer({ port: basePort, kind: db, databaseUrl, dataDir, env });
    const users = await readSchool(openDb(databaseUrl, path.join(dataDir, 'kelasku.sqlite')), 'R');
    bare = await startServer({
      port: basePort + 1,
      kind: db,
      databaseUrl,
      dataDir,
      env,
      script: path.join(__dirname, 'bare-server.ts'),
    });
    const reqOf =
      (pick: 0 | 1, paths: (u: User) => [string, string]) =>
      (i: number): Req => {
        const u = users[(i * 37) % users.length];
        return { path: paths(u)[pick], headers: { authorization: u.token } };
      };
    const only = process.env.BENCH_READ_ROUTES?.split(',');
    for (const [route, paths] of ROUTES.filter(([label]) => !only || only.some((o) => label.includes(o)))) {
      // both must answer 200 before they are measured
      for (const [srv, pick] of [
        [ours, 0],
        [bare, 1],
      ] as const) {
        const r = reqOf(pick, paths)(0);
        const res = await fetch(`${srv.url}${r.path}`, { headers: r.headers });
        if (!res.ok) throw new Error(`${route} probe on ${srv.entry} failed: ${res.status} ${await res.text()}`);
      }
      const o = ours;
      const b = bare;
      await load(o.url, 1, 10, reqOf(0, paths), o.pid); // warm-up (JIT, statement caches)
      await load(b.url, 1, 10, reqOf(1, paths), b.pid);
      const rounds: { ours: Measure; bare: Measure }[] = [];
      for (let k = 0; k < ROUNDS; k++) {
        const oursM = await load(o.url, SECONDS, CONNECTIONS, reqOf(0, paths), o.pid);
        const bareM = await load(b.url, SECONDS, CONNECTIONS, reqOf(1, paths), b.pid);
        rounds.push({ ours: oursM, bare: bareM });
        console.log(
          `[reads ${db}] ${route} round ${k + 1}: ours ${oursM.rps}/s p99 ${oursM.p99} ms, bare ${bareM.rps}/s p99 ${bareM.p99} ms → ${(oursM.rps / bareM.rps).toFixed(2)}`,
        );
      }
      const byRatio = [...rounds].sort((x, y) => x.ours.rps / x.bare.rps - y.ours.rps / y.bare.rps);
      run.routes.push({ route, ...byRatio[Math.floor((byRatio.length - 1) / 2)], rounds });
    }
    await bare.stop();
    bare = undefined;

    if (process.env.BENCH_PROFILE !== '0') {
      await ours.stop();
      ours = await startServer({
        port: basePort,
        kind: db,
        databaseUrl,
        dataDir,
        env,
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      });
      const o = ours;
      for (const [, paths] of ROUTES) await load(o.url, SECONDS, CONNECTIONS, reqOf(0, paths), o.pid);
      await ours.stop();
      ours = undefined;
      const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        run.profile = summarizeProfile(path.join(profileDir, file), 14, ROUTES.length * SECONDS);
        fs.copyFileSync(path.join(profileDir, file), path.join(RESULTS_DIR, `${RESULT_NAME}-${db}.cpuprofile`));
      }
    }
  } catch (e) {
    run.error = (e as Error).stack ?? String(e);
    console.error(`[reads ${db}] ${run.error}\n${ours?.logTail() ?? ''}\n${bare?.logTail() ?? ''}`);
  } finally {
    if (ours) await ours.stop();
    if (bare) await bare.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
  return run;
}

const pctOf = (r: { ours: Measure; bare: Measure }) =>
  r.bare.rps > 0 ? `${Math.round((r.ours.rps / r.bare.rps) * 100)} %` : '–';
const pct = (r: RouteRun) => pctOf(r);
/** every round's ratio, when there was more than one */
const roundsOf = (r: RouteRun) => ((r.rounds?.length ?? 0) > 1 ? r.rounds!.map(pctOf).join(', ') : '–');
/** errors + non-2xx over every round (a failed request counts whichever round it fell in) */
const failures = (r: RouteRun, side: 'ours' | 'bare') =>
  (r.rounds ?? [r]).reduce((n, x) => n + x[side].errors + x[side].non2xx, 0);
const verdict = (r: RouteRun) => {
  const ok = r.ours.rps >= RATIO_TARGET * r.bare.rps && r.ours.p99 < P99_LIMIT_MS && failures(r, 'ours') === 0;
  return ok ? 'met' : 'missed';
};

function markdown(runs: DbRun[]): string {
  const lines = [
    `## ${RESULT_TITLE} — first-load GETs vs their bare twins (${CONNECTIONS} connections, ${SECONDS} s per route)`,
    '',
    `Each bare twin (bench/bare-server.ts) verifies the token, looks the user up by primary key (what ending old sessions needs) and runs the same data SQL on the same driver and pool (our routes do that lookup inside one of their data statements instead: hot-reads.ts withSessionColumns); ${READ_SCHOOL_TEXT}. Target: ours ≥ ${RATIO_TARGET * 100} % of the twin, p99 < ${P99_LIMIT_MS} ms. The load average at start is in the table at the top: anything above 2 means other work shared the 2 cores (and the PostgreSQL server) and moved both columns; the ratio of a route within one run is what compares.`,
    '',
    `Load average (1/5/15 min) at the start: ${LOAD_AT_START.join(' / ')}; at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} (2 cores).`,
    '',
    ...(ROUNDS > 1
      ? [
          `Each route ran ${ROUNDS} rounds of ours then its twin; a row shows the round with the median ratio (its req/s, p99 and CPU), "all rounds" every round's ratio in order.`,
          '',
        ]
      : []),
  ];
  for (const r of runs) {
    lines.push(`### ${r.db}`, '');
    if (r.error) {
      lines.push(`failed: ${r.error.split('\n')[0]}`, '');
      continue;
    }
    lines.push(
      table(
        [
          'route',
          'ours req/s',
          'ours p50 / p99 ms',
          'bare req/s',
          'bare p99 ms',
          'ours ÷ bare',
          'all rounds',
          'errors + non-2xx, all rounds (ours/bare)',
          'server CPU % (ours/bare)',
          'target',
        ],
        r.routes.map((x) => [
          x.route,
          x.ours.rps,
          `${x.ours.p50} / ${x.ours.p99}`,
          x.bare.rps,
          x.bare.p99,
          pct(x),
          roundsOf(x),
          `${failures(x, 'ours')} / ${failures(x, 'bare')}`,
          `${x.ours.serverCpu} / ${x.bare.serverCpu}`,
          verdict(x),
        ]),
      ),
      '',
    );
    if (r.profile) {
      lines.push(`CPU profile of our server over all the routes (self time, top entries):`, '');
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

export async function runSaturationReads(): Promise<void> {
  const runs = await runPerDatabase('reads', 3840, runDb);
  saveResult({
    name: RESULT_NAME,
    title: RESULT_TITLE,
    startedAt: new Date().toISOString(),
    markdown: markdown(runs),
    data: {
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      ratioTarget: RATIO_TARGET,
      p99LimitMs: P99_LIMIT_MS,
      runs,
    },
  });
}

if (isMain(module)) {
  runSaturationReads().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
