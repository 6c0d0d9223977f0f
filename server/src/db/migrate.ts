import { sql } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DbKind, Db } from './connect';
import { initialMigration } from './migrations/0001_initial';
import { answersSeqMigration } from './migrations/0002_answers_seq';
import { sessionVersionMigration } from './migrations/0003_session_version';
import { imagesMigration } from './migrations/0004_images';
import { plainTextDiscussionsMigration } from './migrations/0005_plain_text_discussions';
import { answersAtMigration } from './migrations/0006_answers_at';
import { safeDeletesMigration } from './migrations/0007_safe_deletes';
import { reportReasonMigration } from './migrations/0008_report_reason';
import { teacherRepliesMigration } from './migrations/0009_teacher_replies';
import { shuffleMigration } from './migrations/0010_shuffle';
import { userLanguageMigration } from './migrations/0011_user_language';
import { materialForumPageIndexMigration } from './migrations/0012_material_forum_page_index';
import { questionCountMigration } from './migrations/0013_question_count';
import { deliveredTicketsMigration } from './migrations/0014_delivered_tickets';
import { initialPasswordMigration } from './migrations/0015_initial_password';
import { nameSearchMigration } from './migrations/0016_name_search';
import { orderSeedMigration } from './migrations/0017_order_seed';
import { materialBytesMigration } from './migrations/0018_material_bytes';
import { classArchiveMigration } from './migrations/0021_class_archive';
import { examTermMigration } from './migrations/0023_exam_term';
import { gradebookWeightsMigration } from './migrations/0024_gradebook_weights';
import { afterExamMigration } from './migrations/0025_after_exam';
import { examProctoringMigration } from './migrations/0026_exam_proctoring';
import { pictureVariantsMigration } from './migrations/0030_picture_variants';

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export function allMigrations(kind: DbKind): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(kind),
    '0002_answers_seq': answersSeqMigration(kind),
    '0003_session_version': sessionVersionMigration,
    '0004_images': imagesMigration(kind),
    '0005_plain_text_discussions': plainTextDiscussionsMigration,
    '0006_answers_at': answersAtMigration(kind),
    '0007_safe_deletes': safeDeletesMigration(kind),
    '0008_report_reason': reportReasonMigration,
    '0009_teacher_replies': teacherRepliesMigration(kind),
    '0010_shuffle': shuffleMigration(kind),
    '0011_user_language': userLanguageMigration,
    '0012_material_forum_page_index': materialForumPageIndexMigration,
    '0013_question_count': questionCountMigration,
    '0014_delivered_tickets': deliveredTicketsMigration(kind),
    '0015_initial_password': initialPasswordMigration,
    '0016_name_search': nameSearchMigration,
    '0017_order_seed': orderSeedMigration,
    '0018_material_bytes': materialBytesMigration,
    '0021_class_archive': classArchiveMigration(kind),
    '0023_exam_term': examTermMigration(kind),
    '0024_gradebook_weights': gradebookWeightsMigration,
    '0025_after_exam': afterExamMigration(kind),
    '0026_exam_proctoring': examProctoringMigration(kind),
    '0030_picture_variants': pictureVariantsMigration(kind),
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly kind: DbKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations(this.kind);
  }
}

/** The migrations recorded as done in the database (none when it has no migration table yet). */
async function executedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    return []; // no table yet; a database that does not answer fails again, with its own error, in the Migrator
  }
}

export interface MigrationOutcome {
  /**
   * Migrations of a newer release found in the database, which this version does not know: it runs on that schema
   * without migrating (a node of the previous version during a rolling upgrade; migrations are additive within a
   * release, docs/operations.md). Empty normally.
   */
  newerMigrations: string[];
}

/**
 * Bring the schema up to date; throws (with the failing migration's error) when one fails.
 * Several nodes may start at once: on PostgreSQL Kysely's Migrator holds an advisory lock while it migrates and
 * tolerates the others creating its tables at the same moment, so one node migrates and the rest wait, then find
 * nothing left to do (server/test/concurrent-migrations.test.ts).
 * `pgSchema`: the PostgreSQL schema the app works in when it is not `public` (tests) — Kysely's own migration tables
 * must live there too, or the Migrator may find another schema's tables and skip creating its own.
 */
export async function migrateToLatest(db: Db, kind: DbKind, pgSchema?: string): Promise<MigrationOutcome> {
  const known = Object.keys(allMigrations(kind));
  const executed = await executedMigrations(db);
  const newerMigrations = executed.filter((name) => !known.includes(name));
  if (newerMigrations.length > 0) {
    // Kysely's Migrator refuses a database with migrations it does not know; a previous version may still serve it
    // when it holds every migration that version needs.
    const missing = known.filter((name) => !executed.includes(name));
    if (missing.length > 0) {
      throw new Error(
        `The database has migrations of another release (${newerMigrations.join(', ')}) but lacks ${missing.join(', ')} of this one: run the release that migrated it`,
      );
    }
    return { newerMigrations };
  }
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(kind),
    ...(kind === 'postgres' && pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`);
  }
  return { newerMigrations: [] };
}
