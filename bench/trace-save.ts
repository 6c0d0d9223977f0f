/**
 * Diagnostic: where one answer save (PATCH /api/v1/exams-answers) spends its time, in-process (app.inject, no
 * network), one request at a time. Every SQL statement is timed through Kysely's log hook; the rest of the request
 * (routing, JSON, validation, JWT, serialization) is the difference. Result → bench/results/trace-save.json.
 *   npx tsx bench/trace-save.ts            (BENCH_DBS=sqlite,postgres, BENCH_TRACE_N=300)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import type { Database } from '../server/src/db/schema';
import { isMain, saveResult, table } from './lib/results';
import { buildSchool } from './lib/school';
import { createPgDatabase, dropPgDatabase, pgAvailable, type DbChoice } from './lib/server';
import { BENCH_JWT_SECRET, studentToken } from './lib/tokens';

const N = Number(process.env.BENCH_TRACE_N ?? 300);

interface Stat {
  sql: string;
  count: number;
  totalMs: number;
}

async function traceOne(kind: DbChoice) {
  const pgName = `bench_trace_${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-trace-'));
  const stats = new Map<string, Stat>();
  let recording = false;
  const log = (e: LogEvent) => {
    if (!recording) return;
    const sql = e.query.sql.replace(/\s+/g, ' ').slice(0, 160);
    const s = stats.get(sql) ?? { sql, count: 0, totalMs: 0 };
    s.count++;
    s.totalMs += e.queryDurationMillis;
    stats.set(sql, s);
  };
  let db: Kysely<Database>;
  let url: string | undefined;
  if (kind === 'postgres') {
    url = await createPgDatabase(pgName);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }), log });
  } else {
    const sqlite = new SqliteDatabase(path.join(dir, 'kelasku.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });
  }
  try {
    const school = await buildSchool({ db, kind, close: async () => {} }, { prefix: 'T', students: 40, questions: 40 });
    const sheets = await db.insertInto('exam_answers').values(school.students.map((s) => ({ exam_id: s.examId!, student_id: s.id, answers: '{}', status: 'Active' as const }))).returning(['id', 'student_id']).execute();
    process.env.EXAM_AUTO_SUBMIT = '0';
    const app = await buildApp({ db, dbKind: kind, jwtSecret: BENCH_JWT_SECRET });
    await app.ready();
    const answers: Record<string, string> = {};
    for (let n = 1; n <= 40; n++) answers[String(n)] = 'ABCD'[n % 4];
    const reqs = sheets.map((sh) => {
      const s = school.students.find((x) => x.id === sh.student_id)!;
      return { method: 'PATCH' as const, url: `/api/v1/exams-answers?id=${sh.id}`, headers: { authorization: studentToken(s), 'content-type': 'application/json' }, payload: JSON.stringify({ exam_id: s.examId, student_id: s.id, answers }) };
    });
    for (let i = 0; i < 50; i++) await app.inject(reqs[i % reqs.length]); // warm-up
    recording = true;
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const r = await app.inject(reqs[i % reqs.length]);
      if (r.statusCode !== 200) throw new Error(`save failed: ${r.statusCode} ${r.body}`);
    }
    const perRequest = (performance.now() - t0) / N;
    recording = false;
    await app.close();
    const rows = [...stats.values()].sort((a, b) => b.totalMs - a.totalMs);
    const sqlMs = rows.reduce((a, s) => a + s.totalMs, 0) / N;
    return { kind, perRequestMs: perRequest, sqlMsPerRequest: sqlMs, queries: rows.map((s) => ({ sql: s.sql, perRequest: s.count / N, meanMs: s.totalMs / s.count })) };
  } finally {
    await db.destroy();
    if (url) await dropPgDatabase(pgName);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function runTrace() {
  const out = [];
  for (const kind of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as DbChoice[]) {
    if (kind === 'postgres' && !(await pgAvailable())) continue;
    out.push(await traceOne(kind));
  }
  const md = [`## Where one answer save spends its time (in-process app.inject, ${N} sequential saves)`, ''];
  for (const t of out) {
    md.push(
      `### ${t.kind}: ${t.perRequestMs.toFixed(2)} ms per save, of which SQL ${t.sqlMsPerRequest.toFixed(2)} ms; the rest (${(t.perRequestMs - t.sqlMsPerRequest).toFixed(2)} ms) is Fastify, validation, JWT, JSON`,
      '',
      table(['statement', 'per save', 'mean ms'], t.queries.map((q) => [`\`${q.sql}\``, q.perRequest.toFixed(2), q.meanMs.toFixed(3)])),
      '',
    );
  }
  saveResult({ name: 'trace-save', title: 'Answer-save trace', startedAt: new Date().toISOString(), markdown: md.join('\n'), data: out });
}

if (isMain(module)) {
  runTrace().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
