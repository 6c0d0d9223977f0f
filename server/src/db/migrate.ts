import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
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
import { initialPasswordMigration } from './migrations/0013_initial_password';
import { nameSearchMigration } from './migrations/0014_name_search';

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
    '0013_initial_password': initialPasswordMigration,
    '0014_name_search': nameSearchMigration,
  };
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly kind: DbKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return allMigrations(this.kind);
  }
}

/**
 * Bring the schema up to date; throws (with the failing migration's error) when one fails.
 * `pgSchema`: the PostgreSQL schema the app works in when it is not `public` (tests) — Kysely's own migration tables
 * must live there too, or the Migrator may find another schema's tables and skip creating its own.
 */
export async function migrateToLatest(db: Db, kind: DbKind, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(kind),
    ...(kind === 'postgres' && pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${reason}`);
  }
}
