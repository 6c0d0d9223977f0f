/**
 * Crash safety: "an answer the server acknowledged survives a crash of the server process".
 *
 * For the embedded database (SQLite, WAL + synchronous=FULL) and PostgreSQL: start the real server
 * (`node --import tsx server/src/main.ts`, own DATA_DIR / own database `rel_crash_*`), let many simulated students save
 * their whole answers map again and again (`PATCH /api/v1/exams-answers?id`, as the student app does), record every
 * ACKNOWLEDGED save (HTTP 200: sheet id + the map sent), SIGKILL the server at a random moment, check the database
 * (SQLite: `PRAGMA integrity_check` on the file left behind), restart, check that every acknowledged answer is stored —
 * the stored map is the last acknowledged one or a later one that was sent — and go on. KILLS times per database.
 *
 *   cd bench && npx tsx crash-safety.ts          (CRASH_KILLS=6 CRASH_STUDENTS=120 CRASH_CONCURRENCY=40 BENCH_DBS=sqlite,postgres)
 *
 * Ports 3900–3999 (reliability range). Exit code 1 when anything acknowledged was lost or the database is damaged.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { saveResult } from './lib/results';
import { buildSchool, openDb } from './lib/school';
import { startServer, type DbChoice, type RunningServer } from './lib/server';
import { BENCH_JWT_SECRET, studentToken } from './lib/tokens';

const KILLS = Number(process.env.CRASH_KILLS ?? 6);
const STUDENTS = Number(process.env.CRASH_STUDENTS ?? 120);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 40);
const PG_ADMIN_URL = process.env.REL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DBS = (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',').map((s) => s.trim()) as DbChoice[];
const PORT = { sqlite: 3911, postgres: 3912 } as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const rand = (min: number, max: number) => min + Math.random() * (max - min);

interface SheetState {
  sheetId: number;
  token: string;
  seq: number;
  /** highest acknowledged seq (0 = none yet) */
  acked: number;
  /** maps sent, by seq (kept from the acknowledged one on; a later unacknowledged one may have been committed) */
  sent: Map<number, Record<string, string>>;
}

function answersFor(seq: number): Record<string, string> {
  // The whole map, as the app sends it: question 1 carries the version, the rest grow with it.
  const map: Record<string, string> = { 1: `v${seq}` };
  for (let q = 2; q <= Math.min(40, 1 + (seq % 40)); q++) map[q] = 'abcd'[(seq + q) % 4];
  return map;
}

async function pgScratch(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^rel_[a-z0-9_]+$/.test(name)) throw new Error(`refusing database name ${name}`);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function patch(url: string, sheet: SheetState): Promise<boolean> {
  const seq = ++sheet.seq;
  const answers = answersFor(seq);
  sheet.sent.set(seq, answers);
  try {
    const res = await fetch(`${url}/api/v1/exams-answers?id=${sheet.sheetId}`, {
      method: 'PATCH',
      headers: { authorization: sheet.token, 'content-type': 'application/json' },
      body: JSON.stringify({ answers }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    if (res.status !== 200) return false;
    if (seq > sheet.acked) {
      for (const old of sheet.sent.keys()) if (old < seq) sheet.sent.delete(old);
      sheet.acked = seq;
    }
    return true;
  } catch {
    return false; // connection refused / reset: not acknowledged
  }
}

interface RoundStats {
  kill: number;
  killedAfterMs: number;
  acknowledged: number;
  failedOrUnacknowledged: number;
  integrity: string;
  lost: number;
  restartMs: number;
}

async function runOne(kind: DbChoice) {
  const tag = crypto.randomBytes(3).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-rel-crash-'));
  const pgDb = kind === 'postgres' ? await pgScratch(`rel_crash_${tag}`) : undefined;
  const sqliteFile = path.join(dataDir, 'kelasku.sqlite');
  const handle = openDb(pgDb?.url, sqliteFile);
  const school = await buildSchool(handle, { prefix: `K${tag}`, students: STUDENTS, questions: 40, classSize: 40 });
  if (kind === 'sqlite') await handle.close(); // the server is the only writer; reads later go through a fresh handle

  const start = () =>
    startServer({
      port: PORT[kind],
      kind,
      databaseUrl: pgDb?.url,
      dataDir,
      env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0' },
    });
  let server: RunningServer = await start();
  const sheets: SheetState[] = [];
  for (const s of school.students) {
    const token = studentToken(s);
    const res = await fetch(`${server.url}/api/v1/exams-answers`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ exam_id: s.examId, answers: {} }),
    });
    if (res.status !== 200) throw new Error(`opening a sheet failed: ${res.status} ${await res.text()}`);
    sheets.push({ sheetId: ((await res.json()) as { id: number }).id, token, seq: 0, acked: 0, sent: new Map() });
  }

  const rounds: RoundStats[] = [];
  let totalAcked = 0;
  let totalLost = 0;
  for (let kill = 1; kill <= KILLS; kill++) {
    let running = true;
    let acknowledged = 0;
    let failed = 0;
    const url = server.url;
    const workers = Array.from({ length: CONCURRENCY }, async (_, i) => {
      let k = i;
      while (running) {
        const sheet = sheets[k % sheets.length];
        k += CONCURRENCY;
        if (await patch(url, sheet)) acknowledged++;
        else {
          failed++;
          if (running) await sleep(20);
        }
      }
    });
    const killAfter = rand(800, 3500);
    await sleep(killAfter);
    process.kill(server.pid, 'SIGKILL');
    await sleep(300);
    running = false;
    await Promise.all(workers);

    // The database as the crash left it.
    let integrity = 'ok';
    if (kind === 'sqlite') {
      const db = new SqliteDatabase(sqliteFile);
      integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
        .map((r) => r.integrity_check)
        .join('; ');
      db.close();
    }
    const t0 = Date.now();
    server = await start();
    const restartMs = Date.now() - t0;

    const check = kind === 'sqlite' ? openDb(undefined, sqliteFile) : handle;
    const rows = await check.db
      .selectFrom('exam_answers')
      .select(['id', 'answers'])
      .where(
        'id',
        'in',
        sheets.map((s) => s.sheetId),
      )
      .execute();
    if (kind === 'sqlite') await check.close();
    const stored = new Map(
      rows.map((r) => [r.id, typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers] as const),
    );
    let lost = 0;
    for (const sheet of sheets) {
      if (sheet.acked === 0) continue;
      const got = stored.get(sheet.sheetId) as Record<string, string> | undefined;
      const version = got ? Number(String(got['1'] ?? 'v0').slice(1)) : 0;
      const expected = sheet.sent.get(version);
      // stored = the last acknowledged map, or a later one that was sent before the crash
      if (!got || version < sheet.acked || !expected || JSON.stringify(expected) !== JSON.stringify(got)) lost++;
    }
    totalAcked += acknowledged;
    totalLost += lost;
    rounds.push({
      kill,
      killedAfterMs: Math.round(killAfter),
      acknowledged,
      failedOrUnacknowledged: failed,
      integrity,
      lost,
      restartMs,
    });
    console.log(
      `[${kind}] kill ${kill}/${KILLS} after ${Math.round(killAfter)} ms: ${acknowledged} saves acknowledged, ${failed} failed at the crash; integrity ${integrity}; sheets losing an acknowledged answer: ${lost}; restart ${restartMs} ms`,
    );
  }
  // One more full round of saves after the last restart works.
  const after = await patch(server.url, sheets[0]);
  await server.stop();
  if (kind === 'postgres') await handle.close();
  if (pgDb) await pgDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const sheetsWithAck = sheets.filter((s) => s.acked > 0).length;
  return {
    kind,
    kills: KILLS,
    students: STUDENTS,
    concurrency: CONCURRENCY,
    acknowledgedSaves: totalAcked,
    sheetsChecked: sheetsWithAck,
    sheetChecks: sheetsWithAck * KILLS,
    lost: totalLost,
    integrityOk: rounds.every((r) => r.integrity === 'ok'),
    savesWorkAfterLastRestart: after,
    rounds,
  };
}

async function main() {
  const results: Awaited<ReturnType<typeof runOne>>[] = [];
  for (const kind of DBS) {
    if (kind === 'postgres' && !(await pgReachable())) {
      console.log(`PostgreSQL not reachable at ${PG_ADMIN_URL}: skipped`);
      continue;
    }
    results.push(await runOne(kind));
  }
  const failed = results.some((r) => r.lost !== 0 || !r.integrityOk || !r.savesWorkAfterLastRestart);
  const rows = results.map(
    (r) =>
      `| ${r.kind} | ${r.kills} | ${r.acknowledgedSaves} | ${r.sheetsChecked} × ${r.kills} | ${r.lost} | ${r.integrityOk ? 'ok' : 'DAMAGED'} |`,
  );
  saveResult({
    name: 'crash-safety',
    title: 'Crash safety (SIGKILL during answer saves)',
    startedAt: new Date().toISOString(),
    markdown: [
      '## Crash safety — `crash-safety.ts`',
      '',
      `${STUDENTS} students, ${CONCURRENCY} saving at once (whole answers map per PATCH), server SIGKILLed at a random moment, restarted, database checked.`,
      '',
      '| database | kills survived | acknowledged saves | sheets checked | acknowledged answers lost | integrity |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
    data: results,
  });
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
