/**
 * Data scale: a school of 5,000 students, 100 classes (50 students each, grades 10–12) and 500 materials (5 per
 * class, ~3 KB of HTML each). Lists, searches and pages through students, teachers, classes, rosters and materials
 * as the admin and teacher screens do, and reports latency per query (each query repeated; 4 in flight).
 * Env: BENCH_DBS, BENCH_FULL=1 (more repetitions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, errorKind, makePool, ok } from './lib/http';
import { FULL, isMain, saveResult, table } from './lib/results';
import { buildSchool, openDb, type School } from './lib/school';
import { createPgDatabase, dropPgDatabase, pgAvailable, startServer, type DbChoice } from './lib/server';
import { fmtMs, Recorder } from './lib/stats';
import { BENCH_JWT_SECRET, mintToken } from './lib/tokens';

const REPEAT = FULL ? 400 : 100;
const CONCURRENCY = 4;
const MATERIAL_HTML = `<h2>Materi</h2>${'<p>Fotosintesis adalah proses pembuatan makanan oleh tumbuhan hijau dengan bantuan cahaya matahari. '.repeat(25)}</p>`;

interface Query {
  name: string;
  path: string;
  who: 'admin' | 'teacher';
  /** the response must hold at least one item under this key */
  key?: string;
}

interface DbRun {
  db: DbChoice;
  setupSeconds: number;
  rows: {
    name: string;
    path: string;
    p50: number;
    p95: number;
    p99: number;
    rps: number;
    errors: number;
    bytes: number;
    errorKinds?: Record<string, number>;
  }[];
  error?: string;
}

async function runDb(db: DbChoice, port: number): Promise<DbRun> {
  const pgName = `bench_scale_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-scale-'));
  const out: DbRun = { db, setupSeconds: 0, rows: [] };
  const server = await startServer({
    port,
    kind: db,
    databaseUrl,
    dataDir,
    env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0' },
  });
  try {
    const t0 = performance.now();
    const handle = openDb(databaseUrl, path.join(dataDir, 'kelasku.sqlite'));
    const schools: School[] = [];
    for (const [prefix, students, grade] of [
      ['A', 1700, 10],
      ['B', 1650, 11],
      ['C', 1650, 12],
    ] as const) {
      schools.push(await buildSchool(handle, { prefix, students, grade, classSize: 50, classesPerTeacher: 5 }));
    }
    const admin = await handle.db
      .insertInto('users')
      .values({
        username: 'bench-admin',
        email: 'bench-admin@kelasku.local',
        password_hash: 'x',
        role: 'admin',
        display_name: 'Admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const classes = await handle.db.selectFrom('classes').select(['id', 'teacher_id']).orderBy('id').execute();
    const materials = classes.flatMap((c) =>
      Array.from({ length: 5 }, (_, k) => ({
        class_id: c.id,
        teacher_id: c.teacher_id,
        title: `Materi ${k + 1} kelas ${c.id}`,
        description: 'Bacaan minggu ini',
        content: MATERIAL_HTML,
      })),
    );
    for (let i = 0; i < materials.length; i += 100)
      await handle.db
        .insertInto('materials')
        .values(materials.slice(i, i + 100))
        .execute();
    const teacher = await handle.db
      .selectFrom('teachers')
      .select(['id', 'user_id', 'nip', 'name'])
      .where('id', '=', classes[40].teacher_id)
      .executeTakeFirstOrThrow();
    await handle.close();
    out.setupSeconds = Math.round((performance.now() - t0) / 100) / 10;
    console.log(
      `[data-scale ${db}] ${schools.reduce((n, s) => n + s.students.length, 0)} students, ${classes.length} classes, ${materials.length} materials in ${out.setupSeconds} s`,
    );

    const tokens = {
      admin: mintToken({ user_id: admin.id, email: 'bench-admin@kelasku.local', role: 'admin', display_name: 'Admin' }),
      teacher: mintToken({
        user_id: teacher.user_id,
        email: `${teacher.nip.toLowerCase()}@teacher.kelasku.local`,
        role: 'teacher',
        display_name: teacher.name,
        teacher_id: teacher.id,
      }),
    };
    const someClass = classes[40].id;
    const someNis = schools[1].students[777].nis;
    const queries: Query[] = [
      { name: 'students, first page', path: '/api/v1/students?page=1&pageSize=15', who: 'admin', key: 'students' },
      {
        name: 'students, page 300 of 334',
        path: '/api/v1/students?page=300&pageSize=15',
        who: 'admin',
        key: 'students',
      },
      {
        name: 'students, grade 11, page 5',
        path: '/api/v1/students?page=5&pageSize=15&grade=11',
        who: 'admin',
        key: 'students',
      },
      {
        name: 'students, search by name',
        path: `/api/v1/students?page=1&pageSize=15&search=${encodeURIComponent('Siswa B0012')}`,
        who: 'admin',
        key: 'students',
      },
      {
        name: 'students, search one NIS',
        path: `/api/v1/students?page=1&pageSize=15&search=${someNis}`,
        who: 'admin',
        key: 'students',
      },
      {
        name: 'students, pageSize 100 (cap)',
        path: '/api/v1/students?page=10&pageSize=100',
        who: 'admin',
        key: 'students',
      },
      { name: 'teachers, first page', path: '/api/v1/teachers?page=1&pageSize=15', who: 'admin', key: 'students' },
      { name: 'classes, page 1', path: '/api/v1/classes?page=1&pageSize=15', who: 'admin', key: 'classes' },
      {
        name: 'classes, grade 12, page 2',
        path: '/api/v1/classes?page=2&pageSize=15&grade=12',
        who: 'admin',
        key: 'classes',
      },
      {
        name: 'class details (roster page 2)',
        path: `/api/v1/classes/details?id=${someClass}&page=2&pageSize=15`,
        who: 'admin',
      },
      {
        name: 'class students, search',
        path: `/api/v1/classes/students?id=${someClass}&page=1&pageSize=15&search=Siswa`,
        who: 'teacher',
        key: 'students',
      },
      { name: "teacher's classes", path: '/api/v1/classes/mine', who: 'teacher', key: 'classes' },
      {
        name: 'materials of a class',
        path: `/api/v1/materials/from-class?id=${someClass}&page=1&pageSize=15`,
        who: 'teacher',
        key: 'materials',
      },
      { name: 'all materials, page 20', path: '/api/v1/materials?page=20&pageSize=15', who: 'admin', key: 'materials' },
      { name: 'admin dashboard stats', path: '/api/v1/stats/admin', who: 'admin', key: 'classes' },
    ];
    const pool = makePool(server.url, CONCURRENCY);
    for (const q of queries) {
      const rec = new Recorder();
      let bytes = 0;
      let firstProblem: string | undefined;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < REPEAT) {
            const r = await call<Record<string, unknown>>(pool, 'GET', q.path, { token: tokens[q.who] });
            let good = ok(r);
            if (good && q.key) {
              const items = r.body?.[q.key];
              good = Array.isArray(items) && items.length > 0;
              if (!good) firstProblem ??= `no ${q.key} in ${JSON.stringify(r.body).slice(0, 120)}`;
            }
            if (!good) firstProblem ??= errorKind(r);
            bytes = Buffer.byteLength(typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? ''));
            rec.add(q.name, r.start, r.end, good, good ? undefined : (firstProblem ?? 'bad'));
          }
        }),
      );
      const s = rec.summaries()[0];
      out.rows.push({
        name: q.name,
        path: q.path.replace('/api/v1', ''),
        p50: s.p50,
        p95: s.p95,
        p99: s.p99,
        rps: s.rps,
        errors: s.errors,
        bytes,
        ...(s.errorKinds ? { errorKinds: s.errorKinds } : {}),
      });
      console.log(
        `[data-scale ${db}] ${q.name}: p50 ${s.p50} ms p99 ${s.p99} ms ${s.errors ? `ERRORS ${s.errors}: ${firstProblem}` : ''}`,
      );
    }
    await pool.close();
  } catch (e) {
    out.error = (e as Error).stack ?? String(e);
    console.error(`[data-scale ${db}] ${out.error}\n${server.logTail()}`);
  } finally {
    await server.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

export async function runDataScale(): Promise<void> {
  const runs: DbRun[] = [];
  let port = 3850;
  for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as DbChoice[]) {
    if (db === 'postgres' && !(await pgAvailable())) continue;
    runs.push(await runDb(db, port++));
  }
  const md = [
    `## Data scale — 5,000 students, 100 classes, 500 materials (${REPEAT} requests per query, ${CONCURRENCY} in flight)`,
    '',
  ];
  for (const r of runs) {
    md.push(`### ${r.db} (school set up in ${r.setupSeconds} s)`, '');
    if (r.error) md.push(`**Failed:** \`${r.error.split('\n')[0]}\``, '');
    md.push(
      table(
        ['query', 'path', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errors', 'response bytes'],
        r.rows.map((x) => [
          x.name,
          `\`${x.path}\``,
          fmtMs(x.p50),
          fmtMs(x.p95),
          fmtMs(x.p99),
          x.rps,
          x.errors ? `${x.errors} (${Object.keys(x.errorKinds ?? {})[0]})` : 0,
          x.bytes.toLocaleString('en'),
        ]),
      ),
      '',
    );
  }
  saveResult({
    name: 'data-scale',
    title: 'Data scale',
    startedAt: new Date().toISOString(),
    markdown: md.join('\n'),
    data: { repeat: REPEAT, concurrency: CONCURRENCY, runs },
  });
}

if (isMain(module)) {
  runDataScale().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
