/**
 * The comparison server of bench/saturation.ts: bare Fastify, no auth, no validation, no Kysely.
 *   GET   /const          → {"ok":true}
 *   PATCH /update?id=n    → one `UPDATE exam_answers SET answers=…, updated_at=… WHERE id=n` through the same driver
 *                           and settings as the server: pg.Pool (max 10) when DATABASE_URL is set, else better-sqlite3
 *                           on DATA_DIR/kelasku.sqlite with WAL + synchronous=FULL.
 *   PATCH /update-batched?id=n → the same UPDATE, but with group commit (proof of concept for the server): saves
 *                           that arrive while a write is in flight are written together in ONE transaction and each
 *                           request is answered only after that commit (as durable as /update).
 *   GET   /api/v1/ping    → pong (readiness)
 *   GET   /read/…         the bare twins of the first-load reads (bench/saturation-reads.ts): each verifies the token
 *                           (HS256, fast-jwt as @fastify/jwt), runs the one primary-key lookup of the user that ending
 *                           old sessions needs (role + session_version), then the route's data SQL — the same texts the
 *                           server runs (server/src/domain/repo/hot-reads.ts) — and replies with the rows as JSON.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { createVerifier } from 'fast-jwt';
import * as hot from '../server/src/domain/repo/hot-reads';

interface Row {
  id: number;
  answers: string;
  now: string;
}

async function main() {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  let update: (id: number, answers: string, now: string) => Promise<number>;
  /** writes many rows in one transaction; returns the ids it changed */
  let updateMany: (rows: Row[]) => Promise<Set<number>>;
  let close: () => Promise<void>;
  /** a read statement with $n placeholders: PostgreSQL named statement / SQLite prepared once */
  let read: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  const dbKind = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL ?? 10) });
    const names = new Map<string, string>();
    read = async (text, values) => {
      let name = names.get(text);
      if (!name) names.set(text, (name = `bare-${names.size}`));
      return (await pool.query({ name, text, values })).rows as Record<string, unknown>[];
    };
    update = async (id, answers, now) =>
      (await pool.query('UPDATE exam_answers SET answers = $1, updated_at = $2 WHERE id = $3', [answers, now, id]))
        .rowCount ?? 0;
    updateMany = async (rows) => {
      const r = await pool.query(
        `UPDATE exam_answers AS s SET answers = v.answers::jsonb, updated_at = v.now::timestamptz
           FROM unnest($1::int[], $2::text[], $3::text[]) AS v(id, answers, now) WHERE s.id = v.id RETURNING s.id`,
        [rows.map((x) => x.id), rows.map((x) => x.answers), rows.map((x) => x.now)],
      );
      return new Set(r.rows.map((x: { id: number }) => x.id));
    };
    close = () => pool.end();
  } else {
    const db = new Database(path.join(process.env.DATA_DIR ?? '.', 'kelasku.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const statements = new Map<string, { stmt: Database.Statement; order: number[] }>();
    read = async (text, values) => {
      let s = statements.get(text);
      if (!s) {
        const order: number[] = [];
        const sqliteText = text.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
        statements.set(text, (s = { stmt: db.prepare(sqliteText), order }));
      }
      return s.stmt.all(...s.order.map((i) => values[i])) as Record<string, unknown>[];
    };
    const stmt = db.prepare('UPDATE exam_answers SET answers = ?, updated_at = ? WHERE id = ?');
    update = async (id, answers, now) => stmt.run(answers, now, id).changes;
    const many = db.transaction(
      (rows: Row[]) => new Set(rows.filter((x) => stmt.run(x.answers, x.now, x.id).changes === 1).map((x) => x.id)),
    );
    updateMany = async (rows) => many(rows);
    close = async () => void db.close();
  }
  // Group commit: one batch in flight at a time (PostgreSQL: up to `lanes` batches); arrivals meanwhile wait for the next.
  const lanes = process.env.DATABASE_URL ? Number(process.env.BARE_LANES ?? 2) : 1;
  let queue: { row: Row; done: (ok: boolean) => void; fail: (e: unknown) => void }[] = [];
  let inFlight = 0;
  const flush = () => {
    if (queue.length === 0 || inFlight >= lanes) return;
    const batch = queue;
    queue = [];
    inFlight++;
    updateMany(batch.map((b) => b.row))
      .then(
        (changed) => batch.forEach((b) => b.done(changed.has(b.row.id))),
        (e) => batch.forEach((b) => b.fail(e)),
      )
      .finally(() => {
        inFlight--;
        flush();
      });
  };
  const enqueue = (row: Row) =>
    new Promise<boolean>((done, fail) => {
      queue.push({ row, done, fail });
      if (queue.length === 1) setImmediate(flush);
    });

  app.get('/api/v1/ping', async () => 'pong');
  app.patch('/update-batched', async (request) => {
    const id = Number((request.query as { id?: string }).id);
    const body = request.body as { answers?: unknown };
    return { ok: await enqueue({ id, answers: JSON.stringify(body.answers ?? {}), now: new Date().toISOString() }) };
  });
  app.get('/const', async () => ({ ok: true }));
  app.patch('/update', async (request) => {
    const id = Number((request.query as { id?: string }).id);
    const body = request.body as { answers?: unknown };
    const changed = await update(id, JSON.stringify(body.answers ?? {}), new Date().toISOString());
    return { ok: changed === 1 };
  });
  // ---- bare twins of the first-load reads
  const verify = createVerifier({ key: process.env.JWT_SECRET ?? '', algorithms: ['HS256'] });
  type Claims = { user_id: number; role: string; sv?: number; student_id?: number };
  /** token → claims, and the user still exists with that role and session_version; else 401 */
  const session = async (
    request: { headers: Record<string, unknown> },
    reply: { code(n: number): unknown },
  ): Promise<Claims | undefined> => {
    try {
      const header = request.headers.authorization;
      const raw = (typeof header === 'string' ? header : '').replace(/^bearer\s+/i, '');
      const claims = verify(raw) as Claims;
      const [user] = await read(hot.USER_SESSION_SQL, [claims.user_id]);
      if (user && user.role === claims.role && Number(user.session_version) === (claims.sv ?? 0)) return claims;
    } catch {
      /* 401 below */
    }
    reply.code(401);
    return undefined;
  };
  const q = (request: { query: unknown }) => request.query as Record<string, string>;
  const limit = 15;
  app.get('/read/classes-assigned', async (request, reply) => {
    const s = await session(request, reply);
    if (!s) return { message: 'Invalid token' };
    const rows = await read(hot.CLASSES_OF_STUDENT_SQL, [Number(q(request).id), limit, 0]);
    return { classes: rows, meta: { total: rows[0]?.total ?? 0 } };
  });
  app.get('/read/materials', async (request, reply) => {
    const s = await session(request, reply);
    if (!s) return { message: 'Invalid token' };
    const [cls] = await read(hot.CLASS_FOR_SQL, [Number(q(request).id), s.student_id ?? null]);
    if (!cls || !cls.assigned) return reply.code(403).send({ message: 'Forbidden' });
    const rows = await read(hot.MATERIALS_OF_CLASS_SQL, [cls.id, limit, 0]);
    return { materials: rows, meta: { total: rows[0]?.total ?? 0 } };
  });
  app.get('/read/exam', async (request, reply) => {
    const s = await session(request, reply);
    if (!s) return { message: 'Invalid token' };
    const [row] = await read(hot.examOfClassSql(true), [Number(q(request).class_id), s.student_id ?? null]);
    if (!row || !row.assigned) return reply.code(403).send({ message: 'Forbidden' });
    return [row];
  });
  app.get('/read/sheet', async (request, reply) => {
    const s = await session(request, reply);
    if (!s) return { message: 'Invalid token' };
    const [row] = await read(hot.itemWithSheetSql('exam'), [Number(q(request).exam_id), s.student_id ?? null]);
    return row ? [row] : [];
  });
  app.get('/read/discussions', async (request, reply) => {
    const s = await session(request, reply);
    if (!s) return { message: 'Invalid token' };
    const [page] = await read(hot.materialDiscussionsSql(dbKind), [
      Number(q(request).id),
      s.student_id ?? null,
      limit,
      0,
    ]);
    if (!page || !page.assigned) return reply.code(403).send({ message: 'Forbidden' });
    return page;
  });
  app.get('/read/stats', async (request, reply) => {
    const s = await session(request, reply);
    if (!s) return { message: 'Invalid token' };
    const [row] = await read(hot.STUDENT_STATS_SQL, [s.student_id ?? -1]);
    return row;
  });

  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
  const stop = () =>
    void app
      .close()
      .then(close)
      .then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
