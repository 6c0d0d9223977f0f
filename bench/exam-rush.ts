/**
 * Exam rush: N students sign in, open their class's exam, answer 40 multiple-choice questions (one PATCH per answer
 * carrying that question's change and its time, as the student app does; the server merges per question) and submit — with time compressed by FACTOR:
 *
 *   real life                         here
 *   logins spread over 10 minutes     logins spread over 600 s × FACTOR (uniformly at random)
 *   thinking 5–15 s per question      thinking (5–15 s) × FACTOR (uniformly at random)
 *
 * FACTOR defaults to N / 10,000, so every profile produces the request rates of 10,000 real students
 * (≈ 17 logins/s, ≈ 1,000 answer saves/s at the peak); N = 10,000 with FACTOR 1 is real time.
 *
 * Then the database is read back: every answer the server acknowledged must be stored (lost = 0), every submitted
 * sheet locked, and every grade equal to the grade computed here from the acknowledged answers.
 *
 * Hostile students in the rush: a few students (BENCH_HOSTILE, default max(3, N / 200), spread over the classes) send a
 * malformed save right after each of their legitimate ones (an id above 2³¹−1, unpaired surrogates in a value or a
 * key, wrong types). Each must be refused with a 4xx, and none may make a classmate's save fail: the report counts
 * the legitimate requests that failed (target 0).
 *
 * Proctoring (BENCH_MONITORS, default 0): that many proctors (one per class's exam, at most one per exam) keep the live
 * exam monitor open, each reading it every MONITOR_REFRESH_MS (real time: a proctor's screen does not run faster when
 * the rush is compressed) with the ETag of its last read; and the students behave as the new student app: a device id on
 * every save, a heartbeat when the exam page opens and after HEARTBEAT_AFTER_SECONDS × FACTOR without a save. Run once
 * with 0 and once with 40 to see what the monitors and heartbeats cost the rush.
 *
 * Env: BENCH_N, BENCH_FACTOR, BENCH_DBS=sqlite,postgres, BENCH_FULL=1 (N = 10,000), BENCH_LOGIN_N (login-only test),
 * BENCH_HOSTILE (number of hostile students; 0 = none), BENCH_MONITORS (open monitors; 0 = none).
 */
import fs from 'node:fs';
import type { Pool } from 'undici';
import { call, errorKind, makePool, ok, sleep, type CallResult } from './lib/http';
import { machine } from './lib/machine';
import { postgresPids, ProcSampler, type UsageSummary } from './lib/proc';
import { FULL, isMain, saveResult, table } from './lib/results';
import { buildSchool, openDb, rng, type School, type SchoolStudent } from './lib/school';
import {
  createPgDatabase,
  dropPgDatabase,
  pgAvailable,
  startServer,
  type DbChoice,
  type RunningServer,
} from './lib/server';
import { fmtMs, Recorder, type StepSummary } from './lib/stats';
import { HEARTBEAT_AFTER_SECONDS, MONITOR_REFRESH_MS } from '../shared-rules/src/exam-monitor';

const QUESTIONS = 40;
const LETTERS = ['A', 'B', 'C', 'D']; // the original student app sends uppercase letters; grading must not care
const STEP_ORDER = [
  'login',
  'get exam',
  'get sheet',
  'open sheet',
  'heartbeat',
  'save answer',
  'submit',
  'monitor read',
];

export interface RushConfig {
  students: number;
  factor: number;
  loginOnly: number;
  hostile: number;
  /** proctors with the live monitor open (one per exam, at most the number of exams) */
  monitors: number;
  dbs: DbChoice[];
}

export function rushConfig(): RushConfig {
  const students = Number(process.env.BENCH_N ?? (FULL ? 10_000 : 1_000));
  return {
    students,
    factor: Number(process.env.BENCH_FACTOR ?? students / 10_000),
    loginOnly: Number(process.env.BENCH_LOGIN_N ?? (FULL ? 1_000 : 200)),
    hostile: Math.min(students, Number(process.env.BENCH_HOSTILE ?? Math.max(3, Math.round(students / 200)))),
    monitors: Number(process.env.BENCH_MONITORS ?? 0),
    dbs: (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as DbChoice[],
  };
}

interface Verification {
  studentsStarted: number;
  studentsFinished: number;
  studentsFailed: number;
  answersAcknowledged: number;
  answersLost: number;
  /** lost answers whose stored map is an OLDER snapshot of the acknowledged one (a stale save landed last) */
  answersLostToStaleSave: number;
  sheetsMissing: number;
  sheetsNotLocked: number;
  gradesMissing: number;
  gradesWrong: number;
}

/** Malformed saves of the hostile students (not counted in the steps above) and what they did to everyone else. */
interface HostileSummary {
  students: number;
  sent: number;
  /** answered 4xx, as they should be */
  refused: number;
  /** answered 2xx: a malformed save was taken */
  accepted: number;
  /** answered 5xx or no answer */
  failed: number;
  /**
   * Errors of the legitimate requests after sign-in (exam, sheet, answer saves, submit) of every student, hostile
   * ones' own legitimate requests included. Logins are left out: their refusals under load (429/503) come from the
   * login flood limits, not from the malformed saves, and the table above shows them.
   */
  legitimateFailures: number;
  legitimateRequests: number;
}

export interface RushRun {
  db: DbChoice;
  entry: string;
  students: number;
  factor: number;
  setupSeconds: number;
  rushSeconds: number;
  steps: StepSummary[];
  login: {
    accounts: number;
    concurrency: number;
    perSecond: number;
    p50: number;
    p99: number;
    errors: number;
    serverCpu: UsageSummary;
  };
  server: { rush: UsageSummary; answering: UsageSummary };
  postgres?: { rush: UsageSummary };
  clientCpuSeconds: number;
  verification: Verification;
  hostile?: HostileSummary;
  /** open monitors during the rush: reads, of which answered 304 */
  monitors?: { open: number; reads: number; notModified: number };
  serverLogTail?: string;
  error?: string;
}

function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

function expectedScore(answers: Record<string, string>, key: Record<string, string>): number {
  let correct = 0;
  for (const [n, letter] of Object.entries(key)) if ((answers[n] ?? '').trim().toLowerCase() === letter) correct++;
  return Math.round(((correct * 100) / Object.keys(key).length + Number.EPSILON) * 100) / 100;
}

interface StudentState {
  /** sends a malformed save after each legitimate one */
  hostile: boolean;
  acked: Record<string, string>;
  sheetId?: number;
  finished: boolean;
  failed?: string;
  grade?: number;
}

/** Retries like the student app's offline queue: up to `tries` attempts; every failed attempt counts as an error. */
async function withRetry<T>(
  rec: Recorder,
  step: string,
  tries: number,
  backoffMs: number,
  fn: () => Promise<CallResult<T>>,
): Promise<CallResult<T>> {
  let r: CallResult<T> | undefined;
  for (let i = 0; i < tries; i++) {
    r = await fn();
    rec.add(step, r.start, r.end, ok(r), ok(r) ? undefined : errorKind(r));
    if (ok(r) || (r.status >= 400 && r.status < 500 && r.status !== 429)) return r;
    await sleep(backoffMs * (i + 1));
  }
  return r!;
}

type MalformedSave = { query: string; body: unknown; what: string };

/** What a hostile student sends, in turn: values PostgreSQL refuses (and SQLite stores), and wrong types. */
const MALFORMED_SAVES: Array<(sheetId: number, n: number) => MalformedSave> = [
  (_sheet, n) => ({ what: 'id 2³¹', query: `id=${2 ** 31}`, body: { answers: { '1': 'A' }, seq: n } }),
  (sheet, n) => ({
    what: 'unpaired surrogate in an answer',
    query: `id=${sheet}`,
    body: { answers: { '1': 'A\ud800' }, seq: n },
  }),
  (sheet, n) => ({
    what: 'unpaired surrogate in a key',
    query: `id=${sheet}`,
    body: { answers: { '\udc00': 'A' }, seq: n },
  }),
  (sheet) => ({ what: 'answers not a map', query: `id=${sheet}`, body: { answers: ['A', 'B'] } }),
  (sheet) => ({ what: 'seq not a number', query: `id=${sheet}`, body: { answers: { '1': 'A' }, seq: 'latest' } }),
  (sheet, n) => ({
    what: 'answer not a string',
    query: `id=${sheet}`,
    body: { answers: { '1': { $ne: null } }, seq: n },
  }),
  (_sheet, n) => ({ what: 'id a word', query: 'id=1%20OR%201=1', body: { answers: { '1': 'A' }, seq: n } }),
  (sheet) => ({
    what: 'change time a word',
    query: `id=${sheet}`,
    body: { changes: { '1': { answer: 'A', at: 'soon' } } },
  }),
  (sheet) => ({
    what: 'changes and a whole map at once',
    query: `id=${sheet}`,
    body: { changes: { '1': { answer: 'A', at: 1 } }, answers: { '1': 'B' } },
  }),
];

interface HostileCounts {
  sent: number;
  refused: number;
  accepted: number;
  failed: number;
  examples: Map<string, string>;
}

async function sendMalformed(pool: Pool, token: string, save: MalformedSave, counts: HostileCounts): Promise<void> {
  const r = await call(pool, 'PATCH', `/api/v1/exams-answers?${save.query}`, { token, body: save.body });
  counts.sent++;
  if (r.status >= 400 && r.status < 500) counts.refused++;
  else {
    if (ok(r)) counts.accepted++;
    else counts.failed++;
    if (!counts.examples.has(save.what)) counts.examples.set(save.what, errorKind(r));
  }
}

/** The new student app's proctoring traffic: a device id on each save and heartbeats (undefined: the original client). */
interface Proctored {
  device: string;
}

async function student(
  pool: Pool,
  s: SchoolStudent,
  password: string,
  factor: number,
  rec: Recorder,
  state: StudentState,
  rand: () => number,
  hostile: HostileCounts,
  proctored?: Proctored,
) {
  const fail = (why: string) => {
    state.failed = why;
  };
  const login = await withRetry(rec, 'login', 3, 1000, () =>
    call<{ token: string }>(pool, 'POST', '/api/v1/auth', { body: { username: s.nis, password } }),
  );
  if (!ok(login)) return fail(`login ${errorKind(login)}`);
  const token = login.body.token;
  const studentId = Number(decodeClaims(token).student_id);
  if (studentId !== s.id) return fail(`token student_id ${studentId} ≠ ${s.id}`);

  const exam = await withRetry(rec, 'get exam', 3, 500, () =>
    call<{ id: number; content: Record<string, string> }[]>(pool, 'GET', `/api/v1/exams?class_id=${s.classId}`, {
      token,
    }),
  );
  if (!ok(exam) || !Array.isArray(exam.body) || exam.body.length !== 1) return fail(`get exam ${errorKind(exam)}`);
  const examId = exam.body[0].id;
  if (Object.keys(exam.body[0].content).some((k) => k.endsWith('_answer')))
    return fail('answer key leaked to a student');

  const sheets = await withRetry(rec, 'get sheet', 3, 500, () =>
    call<{ id: number }[]>(pool, 'GET', `/api/v1/exams-answers?exam_id=${examId}&student_id=${studentId}`, { token }),
  );
  if (!ok(sheets) || !Array.isArray(sheets.body)) return fail(`get sheet ${errorKind(sheets)}`);
  let sheetId = sheets.body[0]?.id;
  if (sheetId === undefined) {
    const opened = await withRetry(rec, 'open sheet', 3, 500, () =>
      call<{ id: number }>(pool, 'POST', '/api/v1/exams-answers', {
        token,
        body: { exam_id: examId, student_id: studentId, answers: {} },
      }),
    );
    if (!ok(opened)) return fail(`open sheet ${errorKind(opened)}`);
    sheetId = opened.body.id;
  }
  state.sheetId = sheetId;
  const deviceHeaders = proctored ? { 'x-kelasku-device': proctored.device } : undefined;
  const heartbeat = () =>
    withRetry(rec, 'heartbeat', 1, 0, () =>
      call(pool, 'POST', `/api/v1/exams-answers/heartbeat?id=${sheetId}`, { token, headers: deviceHeaders }),
    );
  if (proctored) await heartbeat(); // the page opened the sheet

  const answers: Record<string, string> = {};
  for (let n = 1; n <= QUESTIONS; n++) {
    const think = (5000 + rand() * 10_000) * factor;
    const quietMs = HEARTBEAT_AFTER_SECONDS * 1000 * factor;
    if (proctored && think >= quietMs) {
      await sleep(quietMs);
      await heartbeat();
      await sleep(think - quietMs);
    } else {
      await sleep(think);
    }
    answers[String(n)] = LETTERS[Math.floor(rand() * 4)];
    const snapshot = { ...answers };
    // One question's change with the time it was made, like the student app's queue: a retry is the same change.
    const changes = { [String(n)]: { answer: answers[String(n)], at: Date.now() } };
    const saved = await withRetry(rec, 'save answer', 4, 500, () =>
      call(pool, 'PATCH', `/api/v1/exams-answers?id=${sheetId}`, { token, body: { changes }, headers: deviceHeaders }),
    );
    if (ok(saved)) state.acked = snapshot;
    if (state.hostile)
      await sendMalformed(pool, token, MALFORMED_SAVES[n % MALFORMED_SAVES.length](sheetId, n + 1), hostile);
  }
  const graded = await withRetry(rec, 'submit', 3, 1000, () =>
    call<{ score: number }>(pool, 'POST', '/api/v1/exams/calculate-grade', {
      token,
      body: { exam_id: examId, student_id: studentId },
    }),
  );
  if (!ok(graded)) return fail(`submit ${errorKind(graded)}`);
  state.grade = graded.body.score;
  state.finished = true;
}

/** Open monitors: each proctor reads their exam's monitor every MONITOR_REFRESH_MS with the last ETag, until `done`. */
async function proctors(server: RunningServer, school: School, count: number, rec: Recorder, done: () => boolean) {
  const exams = school.exams.slice(0, count);
  const stats = { reads: 0, notModified: 0 };
  const pool = makePool(server.url, Math.max(1, exams.length));
  // One sign-in per teacher (a teacher proctors each of their classes' exams), retried while the login limits refuse.
  const tokens = new Map<string, Promise<string | undefined>>();
  const signIn = async (nip: string): Promise<string | undefined> => {
    for (let attempt = 0; attempt < 30 && !done(); attempt++) {
      const login = await call<{ token: string }>(pool, 'POST', '/api/v1/auth', {
        body: { username: nip, password: school.password },
      });
      if (ok(login)) return login.body.token;
      await sleep(1000 + attempt * 500);
    }
    return undefined;
  };
  await Promise.all(
    exams.map(async (exam, i) => {
      const classTeacher = school.classIds.indexOf(exam.classId);
      const nip =
        school.teacherNips[
          Math.min(
            school.teacherNips.length - 1,
            Math.floor((classTeacher * school.teacherNips.length) / school.classIds.length),
          )
        ];
      if (!tokens.has(nip)) tokens.set(nip, signIn(nip));
      const token = await tokens.get(nip);
      if (!token) return;
      let etag: string | undefined;
      await sleep((i * MONITOR_REFRESH_MS) / exams.length); // proctors open their screens at different moments
      while (!done()) {
        const r = await call(pool, 'GET', `/api/v1/exams/monitor?id=${exam.id}`, {
          token,
          headers: etag ? { 'if-none-match': etag } : {},
        });
        const fine = ok(r) || r.status === 304;
        rec.add('monitor read', r.start, r.end, fine, fine ? undefined : errorKind(r));
        stats.reads++;
        if (r.status === 304) stats.notModified++;
        if (r.etag) etag = r.etag;
        await sleep(MONITOR_REFRESH_MS);
      }
    }),
  );
  await pool.close();
  return stats;
}

async function loginThroughput(
  server: RunningServer,
  accounts: SchoolStudent[],
  password: string,
  concurrency: number,
) {
  const pool = makePool(server.url, concurrency);
  const rec = new Recorder();
  const sampler = new ProcSampler(() => [server.pid]).start();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < accounts.length) {
        const s = accounts[next++];
        const r = await call(pool, 'POST', '/api/v1/auth', { body: { username: s.nis, password } });
        rec.add('login', r.start, r.end, ok(r), ok(r) ? undefined : errorKind(r));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  sampler.stop();
  await pool.close();
  const sum = rec.summaries()[0];
  return {
    accounts: accounts.length,
    concurrency,
    perSecond: Math.round((accounts.length / seconds) * 10) / 10,
    p50: sum.p50,
    p99: sum.p99,
    errors: sum.errors,
    serverCpu: sampler.summary(),
  };
}

async function verify(
  run: { db: DbChoice; url?: string; sqliteFile: string },
  school: School,
  states: Map<number, StudentState>,
  rush: SchoolStudent[],
): Promise<Verification> {
  const handle = openDb(run.url, run.sqliteFile);
  try {
    const ids = rush.map((s) => s.id);
    const sheets = new Map<number, { answers: unknown; status: string }>();
    const grades = new Map<number, number>();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      for (const r of await handle.db
        .selectFrom('exam_answers')
        .select(['student_id', 'answers', 'status'])
        .where('student_id', 'in', chunk)
        .execute())
        sheets.set(r.student_id, r);
      for (const r of await handle.db
        .selectFrom('exam_scores')
        .select(['student_id', 'score'])
        .where('student_id', 'in', chunk)
        .execute())
        grades.set(r.student_id, Number(r.score));
    }
    const keyOf = new Map(school.exams.map((e) => [e.id, e.key]));
    const v: Verification = {
      studentsStarted: rush.length,
      studentsFinished: 0,
      studentsFailed: 0,
      answersAcknowledged: 0,
      answersLost: 0,
      answersLostToStaleSave: 0,
      sheetsMissing: 0,
      sheetsNotLocked: 0,
      gradesMissing: 0,
      gradesWrong: 0,
    };
    for (const s of rush) {
      const st = states.get(s.id)!;
      if (st.finished) v.studentsFinished++;
      if (st.failed) v.studentsFailed++;
      const acked = Object.keys(st.acked).length;
      v.answersAcknowledged += acked;
      const row = sheets.get(s.id);
      if (!row) {
        if (st.sheetId !== undefined) v.sheetsMissing++;
        v.answersLost += acked;
        continue;
      }
      const stored = (typeof row.answers === 'string' ? JSON.parse(row.answers) : (row.answers ?? {})) as Record<
        string,
        string
      >;
      let lost = 0;
      for (const [n, letter] of Object.entries(st.acked)) if (stored[n] !== letter) lost++;
      v.answersLost += lost;
      // Each save carries the whole map, so an older save is a strict subset of a newer one.
      const storedKeys = Object.keys(stored);
      if (lost > 0 && storedKeys.length < acked && storedKeys.every((n) => st.acked[n] === stored[n]))
        v.answersLostToStaleSave += lost;
      if (st.finished) {
        if (row.status !== 'Inactive') v.sheetsNotLocked++;
        const g = grades.get(s.id);
        if (g === undefined) v.gradesMissing++;
        else if (
          Math.abs(g - expectedScore(st.acked, keyOf.get(s.examId!)!)) > 0.011 ||
          Math.abs((st.grade ?? -1) - g) > 0.011
        )
          v.gradesWrong++;
      }
    }
    return v;
  } finally {
    await handle.close();
  }
}

async function runOne(db: DbChoice, cfg: RushConfig, port: number): Promise<RushRun> {
  const pgName = `bench_rush_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const server = await startServer({ port, kind: db, databaseUrl });
  const sqliteFile = `${server.dataDir}/kelasku.sqlite`;
  const empty: UsageSummary = { cpuMean: NaN, cpuMax: NaN, rssMaxMiB: NaN, rssEndMiB: NaN, cpuSeconds: 0 };
  const result: RushRun = {
    db,
    entry: server.entry,
    students: cfg.students,
    factor: cfg.factor,
    setupSeconds: 0,
    rushSeconds: 0,
    steps: [],
    login: { accounts: 0, concurrency: 0, perSecond: NaN, p50: NaN, p99: NaN, errors: 0, serverCpu: empty },
    server: { rush: empty, answering: empty },
    clientCpuSeconds: 0,
    verification: {
      studentsStarted: 0,
      studentsFinished: 0,
      studentsFailed: 0,
      answersAcknowledged: 0,
      answersLost: 0,
      answersLostToStaleSave: 0,
      sheetsMissing: 0,
      sheetsNotLocked: 0,
      gradesMissing: 0,
      gradesWrong: 0,
    },
  };
  try {
    const t0 = performance.now();
    const handle = openDb(databaseUrl, sqliteFile);
    const school = await buildSchool(handle, {
      prefix: 'R',
      students: cfg.students + cfg.loginOnly,
      questions: QUESTIONS,
    });
    await handle.close();
    result.setupSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const rush = school.students.slice(0, cfg.students);
    const loginAccounts = school.students.slice(cfg.students);
    console.log(
      `[exam-rush ${db}] school ready in ${result.setupSeconds} s (${school.students.length} students, ${school.exams.length} exams); server ${server.entry}`,
    );

    if (loginAccounts.length) {
      result.login = await loginThroughput(server, loginAccounts, school.password, 32);
      console.log(
        `[exam-rush ${db}] login alone: ${result.login.perSecond}/s (p99 ${result.login.p99} ms, server CPU ${result.login.serverCpu.cpuMean}%)`,
      );
    }

    const rec = new Recorder();
    // Hostile students spread evenly over the rush (so over the classes), each among classmates saving at the same time.
    const hostileEvery = cfg.hostile > 0 ? rush.length / cfg.hostile : Infinity;
    const isHostile = (i: number) => cfg.hostile > 0 && i % hostileEvery < 1;
    const states = new Map<number, StudentState>(
      rush.map((s, i) => [s.id, { hostile: isHostile(i), acked: {}, finished: false }]),
    );
    const hostile: HostileCounts = { sent: 0, refused: 0, accepted: 0, failed: 0, examples: new Map() };
    const serverSampler = new ProcSampler(() => [server.pid]).start();
    const pgSampler = db === 'postgres' ? new ProcSampler(postgresPids).start() : undefined;
    const cpu0 = process.cpuUsage();
    const loginWindowMs = 600_000 * cfg.factor;
    const rand = rng(7);
    const tRush = performance.now();
    let lastLoginAt = 0;
    let firstSubmitAt = Infinity;
    let rushOver = false;
    const monitorsOpen = Math.min(cfg.monitors, school.exams.length);
    const monitoring = monitorsOpen > 0 ? proctors(server, school, monitorsOpen, rec, () => rushOver) : undefined;
    const progress = setInterval(() => {
      const done = [...states.values()].filter((s) => s.finished || s.failed).length;
      console.log(
        `[exam-rush ${db}] t=${Math.round((performance.now() - tRush) / 1000)} s, ${done}/${rush.length} students done`,
      );
    }, 15_000);
    await Promise.all(
      rush.map(async (s) => {
        const st = states.get(s.id)!;
        const startAt = rand() * loginWindowMs;
        await sleep(startAt);
        lastLoginAt = Math.max(lastLoginAt, serverSampler.now());
        const myRand = rng(s.id);
        // One keep-alive connection per student, as each phone has its own: with a shared client pool, requests
        // waiting for the server (a login queue) would hold the sockets and delay other students' saves in the client.
        const connection = makePool(server.url, 1);
        try {
          await student(
            connection,
            s,
            school.password,
            cfg.factor,
            rec,
            st,
            myRand,
            hostile,
            monitorsOpen > 0 ? { device: `bench-device-${s.id}` } : undefined,
          );
        } catch (e) {
          st.failed = (e as Error).message;
        } finally {
          await connection.close();
        }
        if (st.finished) firstSubmitAt = Math.min(firstSubmitAt, serverSampler.now());
      }),
    );
    clearInterval(progress);
    rushOver = true;
    if (monitoring) result.monitors = { open: monitorsOpen, ...(await monitoring) };
    result.rushSeconds = Math.round((performance.now() - tRush) / 100) / 10;
    serverSampler.stop();
    pgSampler?.stop();
    const cpu = process.cpuUsage(cpu0);
    result.clientCpuSeconds = Math.round((cpu.user + cpu.system) / 1e5) / 10;
    result.steps = rec.summaries(STEP_ORDER);
    const afterSignIn = result.steps.filter((step) => step.step !== 'login' && step.step !== 'monitor read');
    result.hostile = {
      students: [...states.values()].filter((s) => s.hostile).length,
      sent: hostile.sent,
      refused: hostile.refused,
      accepted: hostile.accepted,
      failed: hostile.failed,
      legitimateFailures: afterSignIn.reduce((n, step) => n + step.errors, 0),
      legitimateRequests: afterSignIn.reduce((n, step) => n + step.count, 0),
    };
    if (hostile.examples.size)
      console.log(
        `[exam-rush ${db}] malformed saves not refused: ${[...hostile.examples].map(([what, got]) => `${what} → ${got}`).join(' | ')}`,
      );
    result.server.rush = serverSampler.summary();
    // The window after the last student started and before anyone submitted: mostly answer saves.
    result.server.answering =
      lastLoginAt < firstSubmitAt
        ? serverSampler.summary(lastLoginAt, firstSubmitAt)
        : serverSampler.summary(lastLoginAt);
    if (pgSampler) result.postgres = { rush: pgSampler.summary() };
    const failures = [...states.values()].filter((s) => s.failed).map((s) => s.failed!);
    if (failures.length)
      console.log(
        `[exam-rush ${db}] ${failures.length} students failed, e.g. ${[...new Set(failures)].slice(0, 3).join(' | ')}`,
      );
    result.verification = await verify({ db, url: databaseUrl, sqliteFile }, school, states, rush);
    if (failures.length) result.serverLogTail = server.logTail();
  } catch (e) {
    result.error = (e as Error).stack ?? String(e);
    result.serverLogTail = server.logTail();
    console.error(`[exam-rush ${db}] failed: ${result.error}`);
  } finally {
    await server.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  return result;
}

function markdown(cfg: RushConfig, runs: RushRun[]): string {
  const lines = [
    `## Exam rush — ${cfg.students.toLocaleString('en')} students, 40 questions, time factor ${cfg.factor}${cfg.monitors ? `, ${cfg.monitors} live monitors` : ''}`,
    '',
    `Logins spread over ${Math.round(600 * cfg.factor)} s (10 min × ${cfg.factor}), thinking ${(5 * cfg.factor).toFixed(2)}–${(15 * cfg.factor).toFixed(2)} s per question ` +
      `(5–15 s × ${cfg.factor}): the request rates of ${Math.round(cfg.students / cfg.factor).toLocaleString('en')} real students. One server process; client on the same machine.`,
    '',
  ];
  for (const r of runs) {
    lines.push(
      `### ${r.db === 'sqlite' ? 'Embedded (SQLite, WAL, synchronous=FULL)' : 'PostgreSQL 15 (pg pool 10)'} — ${r.entry}`,
      '',
    );
    if (r.error) {
      lines.push('**Failed:** `' + r.error.split('\n')[0] + '`', '');
      continue;
    }
    lines.push(
      table(
        ['step', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'],
        r.steps.map((s) => [
          s.step,
          s.count,
          s.rps,
          fmtMs(s.p50),
          fmtMs(s.p95),
          fmtMs(s.p99),
          fmtMs(s.max),
          s.errors
            ? `${s.errors} (${Object.entries(s.errorKinds ?? {})
                .map(([k, v]) => `${v}× ${k}`)
                .join('; ')})`
            : 0,
        ]),
      ),
      '',
      `- Login on its own: ${r.login.perSecond} logins/s with ${r.login.concurrency} concurrent (${r.login.accounts} accounts; p50 ${r.login.p50} ms, p99 ${r.login.p99} ms, ${r.login.errors} errors; server CPU ${r.login.serverCpu.cpuMean}% of one core).`,
      `- Server during the rush (${r.rushSeconds} s): CPU mean ${r.server.rush.cpuMean}% / max ${r.server.rush.cpuMax}% of one core, RSS max ${r.server.rush.rssMaxMiB} MiB; ` +
        `answering-only window: CPU mean ${r.server.answering.cpuMean}%, RSS max ${r.server.answering.rssMaxMiB} MiB.` +
        (r.postgres
          ? ` PostgreSQL processes: CPU mean ${r.postgres.rush.cpuMean}%, max ${r.postgres.rush.cpuMax}%.`
          : ''),
      `- Client (load generator) used ${r.clientCpuSeconds} CPU s. School set up in ${r.setupSeconds} s through Kysely.`,
      `- Check of the database afterwards: ${r.verification.studentsFinished}/${r.verification.studentsStarted} students submitted (${r.verification.studentsFailed} failed), ` +
        `**${r.verification.answersLost} of ${r.verification.answersAcknowledged.toLocaleString('en')} acknowledged answers lost**` +
        (r.verification.answersLost
          ? ` (${r.verification.answersLostToStaleSave} of them overwritten by an older whole-map save that the client had given up on and that reached the database after a newer one)`
          : '') +
        `, ${r.verification.sheetsMissing} sheets missing, ` +
        `${r.verification.sheetsNotLocked} submitted sheets not locked, ${r.verification.gradesMissing} grades missing, ${r.verification.gradesWrong} grades wrong.`,
      ...(r.hostile ? [hostileLine(r.hostile)] : []),
      ...(r.monitors
        ? [
            `- Proctoring: ${r.monitors.open} live monitors open (one read each every ${MONITOR_REFRESH_MS / 1000} s): ${r.monitors.reads.toLocaleString('en')} reads, ${r.monitors.notModified.toLocaleString('en')} of them 304; students sent a device id with each save and heartbeats (table).`,
          ]
        : []),
      '',
    );
  }
  return lines.join('\n');
}

function hostileLine(h: HostileSummary): string {
  return (
    `- Hostile students in the rush: ${h.students} students sent a malformed save after each of their answers ` +
    `(id 2³¹, unpaired surrogates in values and keys, wrong types): ${h.sent.toLocaleString('en')} sent, ${h.refused.toLocaleString('en')} refused with 4xx, ` +
    `${h.accepted} accepted, ${h.failed} answered 5xx or not at all; ` +
    `**legitimate requests after sign-in failed: ${h.legitimateFailures} of ${h.legitimateRequests.toLocaleString('en')}** (target 0).`
  );
}

export async function runExamRush(): Promise<void> {
  const cfg = rushConfig();
  const runs: RushRun[] = [];
  let port = 3810;
  for (const db of cfg.dbs) {
    if (db === 'postgres' && !(await pgAvailable())) {
      console.log('[exam-rush] PostgreSQL not reachable: skipped');
      continue;
    }
    runs.push(await runOne(db, cfg, port++));
  }
  // The full profile keeps its own file (per database when run for one), so a later quick run does not replace it.
  // A run that sets BENCH_MONITORS (0 included: the baseline of the pair) keeps its own file beside the usual one.
  const monitored = process.env.BENCH_MONITORS !== undefined ? `-monitors-${cfg.monitors}` : '';
  const name = `${FULL ? `exam-rush-full${cfg.dbs.length === 1 ? `-${cfg.dbs[0]}` : ''}` : 'exam-rush'}${monitored}`;
  saveResult({
    name,
    title: FULL ? 'Exam rush, full profile' : 'Exam rush',
    startedAt: new Date().toISOString(),
    markdown: markdown(cfg, runs),
    data: { config: cfg, runs, machine: machine() },
  });
}

if (isMain(module)) {
  runExamRush().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
