/**
 * The comparison server of bench/saturation.ts: bare Fastify, no auth, no validation, no Kysely.
 *   GET   /const          → {"ok":true}
 *   PATCH /update?id=n    → one `UPDATE exam_answers SET answers=…, updated_at=… WHERE id=n` through the same driver
 *                           and settings as the server: pg.Pool (max 10) when DATABASE_URL is set, else better-sqlite3
 *                           on DATA_DIR/kelasku.sqlite with WAL + synchronous=FULL.
 *   GET   /api/v1/ping    → pong (readiness)
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

async function main() {
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  let update: (id: number, answers: string, now: string) => Promise<number>;
  let close: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL ?? 10) });
    update = async (id, answers, now) => (await pool.query('UPDATE exam_answers SET answers = $1, updated_at = $2 WHERE id = $3', [answers, now, id])).rowCount ?? 0;
    close = () => pool.end();
  } else {
    const db = new Database(path.join(process.env.DATA_DIR ?? '.', 'kelasku.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const stmt = db.prepare('UPDATE exam_answers SET answers = ?, updated_at = ? WHERE id = ?');
    update = async (id, answers, now) => stmt.run(answers, now, id).changes;
    close = async () => void db.close();
  }
  app.get('/api/v1/ping', async () => 'pong');
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
