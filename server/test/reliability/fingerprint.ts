/**
 * A fingerprint of the whole database: every row of every table, ordered by primary key, hashed. Test databases are
 * small (tens of rows), so this is exact and still cheap; two equal fingerprints mean "nothing changed".
 */
import crypto from 'node:crypto';
import type { Db } from '../../src/db/connect';
import type { Database } from '../../src/db/schema';

export const TABLES: Array<[keyof Database, string]> = [
  ['users', 'id'],
  ['teachers', 'id'],
  ['students', 'id'],
  ['classes', 'id'],
  ['assigned_students_class', 'id'],
  ['materials', 'id'],
  ['exercises', 'id'],
  ['exams', 'id'],
  ['exercise_answers', 'id'],
  ['exam_answers', 'id'],
  ['exercise_scores', 'id'],
  ['exam_scores', 'id'],
  ['general_forum', 'id'],
  ['material_forum', 'id'],
  ['discussion_replies', 'id'],
  ['reports', 'id'],
  ['job_leases', 'name'],
];

export interface Fingerprint {
  hash: string;
  counts: Record<string, number>;
}

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const h = crypto.createHash('sha256');
  const counts: Record<string, number> = {};
  for (const [table, key] of TABLES) {
    // Dynamic table names: the typed builder cannot follow, the values come from the constant list above.
    const rows = await db
      .selectFrom(table as 'users')
      .selectAll()
      .orderBy(key as 'id')
      .execute();
    counts[table] = rows.length;
    h.update(table);
    h.update(JSON.stringify(rows));
  }
  return { hash: h.digest('hex'), counts };
}
