import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

const SHEETS = [
  { table: 'exercise_answers', kind: 'exercise', idCol: 'exercise_id' },
  { table: 'exam_answers', kind: 'exam', idCol: 'exam_id' },
] as const;

/**
 * `order_seed`: the seed a sheet's question and option order was shuffled with, when it is not the server's secret one
 * (domain/order-seed.ts). Shuffling used to be seeded by the public ids (`kind:item:student`, shared-rules
 * publicIdsSeed): every sheet already opened keeps that seed, so a student in the middle of an exam keeps the order
 * they see. Sheets opened from now on leave it NULL and get the secret seed.
 */
export const orderSeedMigration: Migration = {
  async up(db: AnyDb) {
    for (const { table, kind, idCol } of SHEETS) {
      await db.schema.alterTable(table).addColumn('order_seed', 'text').execute();
      await sql`UPDATE ${sql.table(table)} SET order_seed =
        ${sql.lit(`${kind}:`)} || CAST(${sql.ref(idCol)} AS text) || ':' || CAST(student_id AS text)`.execute(db);
    }
  },
  async down(db: AnyDb) {
    for (const { table } of SHEETS) await db.schema.alterTable(table).dropColumn('order_seed').execute();
  },
};
