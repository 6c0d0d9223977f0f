/**
 * Grading: time to grade one sheet and a class of 40 sheets × 40 questions
 *   1. the pure domain function (gradeSheet: content + answers → score/detail), no database;
 *   2. the domain module with its database work (submitAndGrade: lock sheet, grade, store the grade), per class;
 *   3. over HTTP (POST /api/v1/exams/calculate-grade), one student after another and the whole class at once.
 * On the embedded DB and on PostgreSQL. Env: BENCH_DBS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gradeSheet } from '../server/src/domain/grading';
import { EXAM, itemById, submitAndGrade } from '../server/src/domain/repo/assessments';
import { scorerFrom } from '../server/src/domain/scorers';
import { call, makePool, ok } from './lib/http';
import { isMain, saveResult, table } from './lib/results';
import { buildSchool, examContent, openDb, rng } from './lib/school';
import { createPgDatabase, dropPgDatabase, pgAvailable, startServer, type DbChoice } from './lib/server';
import { percentile } from './lib/stats';
import { BENCH_JWT_SECRET, studentToken } from './lib/tokens';

const QUESTIONS = 40;
const CLASS = 40;

function randomAnswers(seed: number): Record<string, string> {
  const r = rng(seed);
  const out: Record<string, string> = {};
  for (let n = 1; n <= QUESTIONS; n++) out[String(n)] = 'ABCD'[Math.floor(r() * 4)];
  return out;
}

const ms = (x: number) => Math.round(x * 1000) / 1000;

async function pureDomain() {
  const { content } = examContent(QUESTIONS, 1);
  const scorer = scorerFrom();
  const sheets = Array.from({ length: CLASS }, (_, i) => randomAnswers(i));
  for (let i = 0; i < 200; i++)
    await gradeSheet({ content, totalMarks: 100, answers: sheets[i % CLASS], scorer: scorer.scorer, timeoutMs: 5000 }); // warm-up
  const iterations = 2000;
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++)
    await gradeSheet({ content, totalMarks: 100, answers: sheets[i % CLASS], scorer: scorer.scorer, timeoutMs: 5000 });
  const perSheet = (performance.now() - t0) / iterations;
  const classTimes: number[] = [];
  for (let k = 0; k < 50; k++) {
    const t = performance.now();
    for (const a of sheets)
      await gradeSheet({ content, totalMarks: 100, answers: a, scorer: scorer.scorer, timeoutMs: 5000 });
    classTimes.push(performance.now() - t);
  }
  classTimes.sort((a, b) => a - b);
  return { perSheetMs: ms(perSheet), classMedianMs: ms(percentile(classTimes, 50)) };
}

interface DbGrading {
  db: DbChoice;
  domainDb: { firstSheetMs: number; classMs: number };
  httpSequential: { classMs: number; p50: number; p99: number; errors: number };
  httpConcurrent: { classMs: number; p50: number; p99: number; errors: number };
  error?: string;
}

async function withDb(db: DbChoice, port: number): Promise<DbGrading> {
  const pgName = `bench_grading_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-grading-'));
  const out: DbGrading = {
    db,
    domainDb: { firstSheetMs: NaN, classMs: NaN },
    httpSequential: { classMs: NaN, p50: NaN, p99: NaN, errors: 0 },
    httpConcurrent: { classMs: NaN, p50: NaN, p99: NaN, errors: 0 },
  };
  const server = await startServer({
    port,
    kind: db,
    databaseUrl,
    dataDir,
    env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0' },
  });
  const handle = openDb(databaseUrl, path.join(dataDir, 'kelasku.sqlite'));
  try {
    const school = await buildSchool(handle, { prefix: 'G', students: CLASS * 3, questions: QUESTIONS });
    await handle.db
      .insertInto('exam_answers')
      .values(
        school.students.map((s, i) => ({
          exam_id: s.examId!,
          student_id: s.id,
          answers: JSON.stringify(randomAnswers(i)),
          status: 'Active' as const,
        })),
      )
      .execute();
    const [classA, classB, classC] = [0, 1, 2].map((k) => school.students.slice(k * CLASS, (k + 1) * CLASS));
    const scorer = scorerFrom();

    // 2. domain + database, class A, one sheet after another (as a teacher-triggered "grade all" would)
    const item = (await itemById(handle.db, EXAM, classA[0].examId!))!;
    let t = performance.now();
    await submitAndGrade(handle.db, EXAM, item, classA[0].id, scorer);
    out.domainDb.firstSheetMs = ms(performance.now() - t);
    t = performance.now();
    for (const s of classA.slice(1)) await submitAndGrade(handle.db, EXAM, item, s.id, scorer);
    out.domainDb.classMs = ms(performance.now() - t + out.domainDb.firstSheetMs);

    // 3. HTTP
    const pool = makePool(server.url, CLASS);
    const grade = (s: (typeof classB)[number]) =>
      call(pool, 'POST', '/api/v1/exams/calculate-grade', {
        token: studentToken(s),
        body: { exam_id: s.examId, student_id: s.id },
      });
    const summarize = (rs: Awaited<ReturnType<typeof grade>>[], total: number) => {
      const lat = rs.map((r) => r.end - r.start).sort((a, b) => a - b);
      return {
        classMs: ms(total),
        p50: ms(percentile(lat, 50)),
        p99: ms(percentile(lat, 99)),
        errors: rs.filter((r) => !ok(r)).length,
      };
    };
    t = performance.now();
    const seq = [];
    for (const s of classB) seq.push(await grade(s));
    out.httpSequential = summarize(seq, performance.now() - t);
    t = performance.now();
    const conc = await Promise.all(classC.map(grade));
    out.httpConcurrent = summarize(conc, performance.now() - t);
    await pool.close();
    const bad = [...seq, ...conc].find((r) => !ok(r));
    if (bad) out.error = `HTTP grading failed: ${bad.status} ${JSON.stringify(bad.body)}`;
  } catch (e) {
    out.error = (e as Error).stack ?? String(e);
    console.error(`[grading ${db}] ${out.error}\n${server.logTail()}`);
  } finally {
    await handle.close();
    await server.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

export async function runGrading(): Promise<void> {
  const pure = await pureDomain();
  console.log(`[grading] pure domain: ${pure.perSheetMs} ms per sheet, ${pure.classMedianMs} ms per class of ${CLASS}`);
  const runs: DbGrading[] = [];
  let port = 3840;
  for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as DbChoice[]) {
    if (db === 'postgres' && !(await pgAvailable())) continue;
    runs.push(await withDb(db, port++));
  }
  const rows: (string | number)[][] = [
    ['pure domain (gradeSheet, no DB)', '–', pure.perSheetMs, pure.classMedianMs, '–'],
  ];
  for (const r of runs) {
    rows.push([
      `domain + DB (submitAndGrade), one after another`,
      r.db,
      r.domainDb.firstSheetMs,
      r.domainDb.classMs,
      '–',
    ]);
    rows.push([
      `HTTP calculate-grade, one after another`,
      r.db,
      r.httpSequential.p50,
      r.httpSequential.classMs,
      `p99 ${r.httpSequential.p99} ms, ${r.httpSequential.errors} errors`,
    ]);
    rows.push([
      `HTTP calculate-grade, 40 at once`,
      r.db,
      r.httpConcurrent.p50,
      r.httpConcurrent.classMs,
      `p99 ${r.httpConcurrent.p99} ms, ${r.httpConcurrent.errors} errors`,
    ]);
  }
  const md = [
    `## Grading — ${CLASS} sheets × ${QUESTIONS} multiple-choice questions`,
    '',
    table(['path', 'db', 'one sheet ms', 'class of 40 ms', 'notes'], rows),
    '',
    ...runs.filter((r) => r.error).map((r) => `- ${r.db}: **${r.error!.split('\n')[0]}**`),
  ].join('\n');
  saveResult({
    name: 'grading',
    title: 'Grading',
    startedAt: new Date().toISOString(),
    markdown: md,
    data: { pure, runs },
  });
}

if (isMain(module)) {
  runGrading().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
