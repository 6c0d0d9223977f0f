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
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

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
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL ?? 10) });
    update = async (id, answers, now) => (await pool.query('UPDATE exam_answers SET answers = $1, updated_at = $2 WHERE id = $3', [answers, now, id])).rowCount ?? 0;
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
    const stmt = db.prepare('UPDATE exam_answers SET answers = ?, updated_at = ? WHERE id = ?');
    update = async (id, answers, now) => stmt.run(answers, now, id).changes;
    const many = db.transaction((rows: Row[]) => new Set(rows.filter((x) => stmt.run(x.answers, x.now, x.id).changes === 1).map((x) => x.id)));
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
    updateMany(batch.map((b) => b.row)).then(
      (changed) => batch.forEach((b) => b.done(changed.has(b.row.id))),
      (e) => batch.forEach((b) => b.fail(e)),
    ).finally(() => {
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
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
  const stop = () => void app.close().then(close).then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
