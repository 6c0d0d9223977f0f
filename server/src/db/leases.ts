import type { Db } from './connect';
import { toDbTime } from './time';

/**
 * Leases for background work that must run on one node at a time (e.g. exam auto-submit).
 *
 *   if (await acquireLease(db, 'exam-auto-submit', nodeId, 60_000)) { ...work...; }
 *
 * A lease is held by `holder` until `expires_at`; the holder may renew it, anyone may take it once expired.
 * Acquire is a single INSERT ... ON CONFLICT DO UPDATE ... WHERE (atomic on SQLite and PostgreSQL).
 */
export async function acquireLease(
  db: Db,
  name: string,
  holder: string,
  ttlMs: number,
  now: Date = new Date(),
): Promise<boolean> {
  const nowText = toDbTime(now);
  const expires = toDbTime(new Date(now.getTime() + ttlMs));
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expires })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expires })
        .where((eb) => eb.or([eb('job_leases.holder', '=', holder), eb('job_leases.expires_at', '<=', nowText)])),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** Give a lease up early (only when still held by `holder`). */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
