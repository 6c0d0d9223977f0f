/**
 * Two API nodes on one PostgreSQL (+ Redis): "two nodes against one PostgreSQL must behave exactly like one".
 *
 * Starts two real servers (`server/src/main.ts`) on one scratch database `rel_two_*` with the same JWT_SECRET and
 * REDIS_URL, and a tiny round-robin HTTP proxy (node:http) in front of them. Then, all through the proxy:
 *   1. API calls alternate between the nodes and work (a sheet opened on one node is read and saved on the other);
 *   2. the login rate limit (10 per minute per IP + username) holds across both nodes (needs Redis; without it each
 *      node counts alone and the script reports that);
 *   3. the exam auto-submit runs once, not once per node: the teacher moves the exam's end a few seconds ahead, and after
 *      it ends every sheet is locked and graded exactly once, by one tick of one node (one lease holder, one
 *      submitted_at for the batch, one score row per sheet).
 *
 *   cd bench && npx tsx two-nodes.ts        (REL_PG_URL, REDIS_URL default redis://127.0.0.1:6379)
 * Ports 3920 (proxy), 3921, 3922. Exit code 1 when a check fails.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { saveResult } from './lib/results';
import { buildSchool, openDb } from './lib/school';
import { startServer, type RunningServer } from './lib/server';
import { BENCH_JWT_SECRET, mintToken, studentToken } from './lib/tokens';

const PG_ADMIN_URL = process.env.REL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PROXY_PORT = 3920;
const NODE_PORTS = [3921, 3922];
const STUDENTS = 40;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.setTimeout(2000);
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Round-robin proxy; answers carry `x-kelasku-node: A|B`. */
function startProxy(targets: number[]): Promise<{ close: () => Promise<void>; served: number[] }> {
  let next = 0;
  const served = targets.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    served[i]++;
    const upstream = http.request(
      { host: '127.0.0.1', port: targets[i], method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, 'x-kelasku-node': 'AB'[i] });
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Bad gateway', message: 'Bad gateway' }));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(PROXY_PORT, '127.0.0.1', () =>
      resolve({
        served,
        close: () =>
          new Promise<void>((r) => {
            agent.destroy();
            server.close(() => r());
          }),
      }),
    ),
  );
}

const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${PROXY}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* plain text */
  }
  return {
    status: res.status,
    node: res.headers.get('x-kelasku-node') ?? '?',
    json: json as Record<string, unknown> & unknown[],
  };
}

async function main() {
  if (!(await reachable('127.0.0.1', Number(new URL(PG_ADMIN_URL).port || 5432)))) {
    console.log(`PostgreSQL not reachable at ${PG_ADMIN_URL}: nothing to do`);
    return;
  }
  const redisUrl = new URL(REDIS_URL);
  const redisUp = await reachable(redisUrl.hostname, Number(redisUrl.port || 6379));
  const tag = crypto.randomBytes(3).toString('hex');
  const dbName = `rel_two_${tag}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const handle = openDb(databaseUrl, '');
  const checks: Record<string, boolean> = {};
  const data: Record<string, unknown> = { redis: redisUp ? REDIS_URL : null };
  const nodes: RunningServer[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  try {
    const school = await buildSchool(handle, {
      prefix: `N${tag}`,
      students: STUDENTS,
      questions: 10,
      classSize: 20,
      classesPerTeacher: 10,
      examDurationMs: 3600_000,
    });
    const env = { JWT_SECRET: BENCH_JWT_SECRET, ...(redisUp ? { REDIS_URL } : {}) };
    nodes.push(
      ...(await Promise.all(NODE_PORTS.map((port) => startServer({ port, kind: 'postgres', databaseUrl, env })))),
    );
    proxy = await startProxy(NODE_PORTS);

    // 1. alternate and work
    const s0 = school.students[0];
    const token = studentToken(s0);
    const seen: string[] = [];
    let allOk = true;
    const open = await call('POST', '/exams-answers', { exam_id: s0.examId, answers: {} }, token);
    seen.push(open.node);
    allOk &&= open.status === 200;
    const sheetId = (open.json as unknown as { id: number }).id;
    for (let i = 0; i < 10; i++) {
      const save = await call('PATCH', `/exams-answers?id=${sheetId}`, { answers: { 1: 'a', 2: String(i) } }, token);
      const read = await call('GET', `/exams-answers?exam_id=${s0.examId}&student_id=${s0.id}`, undefined, token);
      seen.push(save.node, read.node);
      allOk &&=
        save.status === 200 &&
        read.status === 200 &&
        (read.json as unknown as Array<{ answers: Record<string, string> }>)[0]?.answers['2'] === String(i);
    }
    const alternates = seen.every((n, i) => i === 0 || n !== seen[i - 1]);
    checks['API calls alternate between the nodes and every write is read back on the other node'] =
      allOk && alternates;
    data.alternation = { requests: seen.length, sequence: seen.join(''), allOk };

    // 2. login rate limit across nodes
    const username = school.teacherNips[0];
    const statuses: number[] = [];
    const nodesOfAttempts: string[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await call('POST', '/auth', { username, password: `wrong-${i}` });
      statuses.push(r.status);
      nodesOfAttempts.push(r.node);
    }
    const firstBlocked = statuses.indexOf(429);
    const rightPassword = (await call('POST', '/auth', { username, password: school.password })).status;
    data.rateLimit = {
      statuses,
      nodes: nodesOfAttempts.join(''),
      firstBlockedAttempt: firstBlocked + 1,
      rightPasswordAfterwards: rightPassword,
    };
    checks[
      `login rate limit holds across both nodes (blocked from attempt 11, also the right password)${redisUp ? '' : ' — Redis not reachable, expected to FAIL'}`
    ] = firstBlocked === 10 && statuses.slice(10).every((s) => s === 429) && rightPassword === 429;

    // 3. exam auto-submit once: every student of the first class saves, then the teacher ends the exam in a few seconds
    const exam = school.exams[0];
    const classStudents = school.students.filter((s) => s.classId === exam.classId);
    for (const s of classStudents) {
      const t = studentToken(s);
      const o = await call('POST', '/exams-answers', { exam_id: exam.id, answers: {} }, t);
      await call(
        'PATCH',
        `/exams-answers?id=${(o.json as unknown as { id: number }).id}`,
        { answers: { 1: exam.key['1'], 2: 'x' } },
        t,
      );
    }
    // the teacher's login was used up by the brute-force loop above: mint the teacher's token with the shared secret
    const row = await handle.db
      .selectFrom('teachers')
      .select(['id', 'user_id', 'nip', 'name'])
      .where('id', '=', school.teacherIds[0])
      .executeTakeFirstOrThrow();
    const teacherToken = mintToken({
      user_id: row.user_id,
      email: `${row.nip.toLowerCase()}@teacher.kelasku.local`,
      role: 'teacher',
      display_name: row.name,
      teacher_id: row.id,
    });
    const current = (await call('GET', `/exams?class_id=${exam.classId}`, undefined, teacherToken))
      .json as unknown as Array<Record<string, unknown>>;
    const wib = (d: Date) => new Date(d.getTime() + 7 * 3600_000).toISOString().slice(0, 19) + '+07:00';
    const endAt = new Date(Date.now() + 5000);
    const edit = await call(
      'PUT',
      `/exams?id=${exam.id}`,
      {
        title: current[0].title,
        total_marks: current[0].total_marks,
        content: current[0].content,
        start_time: wib(new Date(Date.now() - 3600_000)),
        end_time: wib(endAt),
      },
      teacherToken,
    );
    if (edit.status !== 200)
      throw new Error(`could not move the exam end: ${edit.status} ${JSON.stringify(edit.json)}`);
    const holders = new Set<string>();
    const deadline = Date.now() + 150_000;
    let graded = 0;
    while (Date.now() < deadline) {
      await sleep(1000);
      const lease = await handle.db
        .selectFrom('job_leases')
        .select(['holder'])
        .where('name', '=', 'exam-auto-submit')
        .executeTakeFirst();
      if (lease) holders.add(lease.holder);
      graded = Number(
        (
          await handle.db
            .selectFrom('exam_scores')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('exam_id', '=', exam.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (graded >= classStudents.length && Date.now() > endAt.getTime() + 35_000) break; // one more interval: a second node would have had its turn
    }
    const sheets = await handle.db
      .selectFrom('exam_answers')
      .select(['status', 'submitted_at', 'updated_at'])
      .where('exam_id', '=', exam.id)
      .execute();
    const scoreRows = await handle.db
      .selectFrom('exam_scores')
      .select(['student_id'])
      .where('exam_id', '=', exam.id)
      .execute();
    const distinctSubmittedAt = new Set(sheets.map((s) => new Date(s.submitted_at as string).toISOString())).size;
    const distinctUpdatedAt = new Set(sheets.map((s) => new Date(s.updated_at as string).toISOString())).size;
    const nodePids = nodes.map((n) => String(n.pid));
    const holderNodes = [...holders].map((h) => 'AB'[nodePids.indexOf(h.split('-')[0])] ?? '?');
    data.autoSubmit = {
      sheets: sheets.length,
      locked: sheets.filter((s) => s.status === 'Inactive').length,
      scoreRows: scoreRows.length,
      distinctStudentsScored: new Set(scoreRows.map((r) => r.student_id)).size,
      distinctSubmittedAt,
      distinctUpdatedAt,
      leaseHolders: holderNodes,
    };
    checks['exam auto-submit ran once: every sheet locked and graded once, in one batch, by one lease holder'] =
      sheets.length === classStudents.length &&
      sheets.every((s) => s.status === 'Inactive') &&
      scoreRows.length === sheets.length &&
      new Set(scoreRows.map((r) => r.student_id)).size === sheets.length &&
      distinctSubmittedAt === 1 &&
      distinctUpdatedAt === 1 &&
      holders.size === 1;
    data.proxyServed = { A: proxy.served[0], B: proxy.served[1] };
  } finally {
    await proxy?.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }

  for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  console.log(JSON.stringify(data, null, 2));
  saveResult({
    name: 'two-nodes',
    title: 'Two API nodes behind a round-robin proxy',
    startedAt: new Date().toISOString(),
    markdown: [
      '## Two API nodes — `two-nodes.ts`',
      '',
      `Two servers on one PostgreSQL${redisUp ? ' and Redis' : ' (Redis not reachable)'}, round-robin proxy in front.`,
      '',
      '| check | result |',
      '|---|---|',
      ...Object.entries(checks).map(([name, ok]) => `| ${name} | ${ok ? 'pass' : '**FAIL**'} |`),
    ].join('\n'),
    data: { checks, ...data },
  });
  process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
