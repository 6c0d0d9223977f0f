import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connect';

/** Column types per dialect: the only place the two schemas differ. */
export function dialectTypes(kind: DbKind) {
  const pg = kind === 'postgres';
  return {
    id: pg ? ('serial' as const) : ('integer' as const),
    instant: pg ? ('timestamptz' as const) : ('text' as const),
    json: pg ? ('jsonb' as const) : ('text' as const),
    double: pg ? ('double precision' as const) : ('real' as const),
    now: pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the current schema type
type AnyDb = Kysely<any>;

export function initialMigration(kind: DbKind): Migration {
  const t = dialectTypes(kind);
  const pk = (c: import('kysely').ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  async function table(
    db: AnyDb,
    name: string,
    build: (
      b: import('kysely').CreateTableBuilder<string, never>,
    ) => import('kysely').CreateTableBuilder<string, never>,
  ) {
    await build(db.schema.createTable(name).addColumn('id', t.id, pk)).execute();
  }
  const created = (b: import('kysely').CreateTableBuilder<string, never>) =>
    b.addColumn('created_at', t.instant, (c) => c.notNull().defaultTo(t.now));
  const timestamps = (b: import('kysely').CreateTableBuilder<string, never>) =>
    created(b).addColumn('updated_at', t.instant, (c) => c.notNull().defaultTo(t.now));

  return {
    async up(db: AnyDb) {
      await table(db, 'users', (b) =>
        timestamps(
          b
            .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
            .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
            .addColumn('password_hash', 'text', (c) => c.notNull())
            .addColumn('role', 'varchar(15)', (c) => c.notNull())
            .addColumn('display_name', 'varchar(255)', (c) => c.notNull()),
        ),
      );
      await table(db, 'teachers', (b) =>
        timestamps(
          b
            .addColumn('name', 'varchar(100)', (c) => c.notNull())
            .addColumn('nip', 'varchar(100)', (c) => c.notNull().unique())
            .addColumn('phone_number', 'varchar(50)')
            .addColumn('specialization', 'varchar(100)', (c) => c.notNull())
            .addColumn('status', 'varchar(50)', (c) => c.notNull())
            .addColumn('profile_picture_url', 'text')
            .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade')),
        ),
      );
      await table(db, 'students', (b) =>
        timestamps(
          b
            .addColumn('name', 'varchar(100)', (c) => c.notNull())
            .addColumn('nis', 'varchar(50)', (c) => c.notNull().unique())
            .addColumn('phone_number', 'varchar(50)')
            .addColumn('grade', 'integer', (c) => c.notNull())
            .addColumn('curr_score', 'integer')
            .addColumn('status', 'varchar(50)', (c) => c.notNull())
            .addColumn('profile_picture_url', 'text')
            .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade')),
        ),
      );
      await db.schema.createIndex('students_grade_idx').on('students').column('grade').execute();

      await table(db, 'classes', (b) =>
        created(
          b
            .addColumn('name', 'varchar(255)', (c) => c.notNull())
            .addColumn('description', 'text', (c) => c.notNull())
            .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id').onDelete('cascade'))
            .addColumn('grade', 'integer', (c) => c.notNull()),
        ),
      );
      await db.schema.createIndex('classes_teacher_idx').on('classes').column('teacher_id').execute();
      await db.schema.createIndex('classes_grade_idx').on('classes').column('grade').execute();

      await table(db, 'assigned_students_class', (b) =>
        b
          .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
          .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
          .addUniqueConstraint('assigned_student_class_unique', ['student_id', 'class_id']),
      );
      await db.schema.createIndex('assigned_class_idx').on('assigned_students_class').column('class_id').execute();

      await table(db, 'materials', (b) =>
        timestamps(
          b
            .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
            .addColumn('title', 'varchar(255)', (c) => c.notNull())
            .addColumn('description', 'text', (c) => c.notNull())
            .addColumn('content', 'text', (c) => c.notNull())
            .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id').onDelete('cascade')),
        ),
      );
      await db.schema.createIndex('materials_class_idx').on('materials').column('class_id').execute();

      await table(db, 'exercises', (b) =>
        timestamps(
          b
            .addColumn('material_id', 'integer', (c) =>
              c.notNull().unique().references('materials.id').onDelete('cascade'),
            )
            .addColumn('title', 'varchar(255)', (c) => c.notNull())
            .addColumn('content', t.json, (c) => c.notNull())
            .addColumn('total_marks', 'integer', (c) => c.notNull())
            .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id').onDelete('cascade')),
        ),
      );
      await table(db, 'exams', (b) =>
        timestamps(
          b
            .addColumn('class_id', 'integer', (c) => c.notNull().unique().references('classes.id').onDelete('cascade'))
            .addColumn('title', 'varchar(255)', (c) => c.notNull())
            .addColumn('content', t.json, (c) => c.notNull())
            .addColumn('total_marks', 'integer', (c) => c.notNull())
            .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.id').onDelete('cascade'))
            .addColumn('start_time', t.instant, (c) => c.notNull())
            .addColumn('end_time', t.instant, (c) => c.notNull()),
        ),
      );
      await db.schema.createIndex('exams_end_time_idx').on('exams').column('end_time').execute();

      for (const [name, item, parent] of [
        ['exercise_answers', 'exercise_id', 'exercises'],
        ['exam_answers', 'exam_id', 'exams'],
      ] as const) {
        await table(db, name, (b) =>
          timestamps(
            b
              .addColumn(item, 'integer', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'))
              .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
              .addColumn('answers', t.json)
              .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('Active'))
              .addColumn('submitted_at', t.instant)
              .addUniqueConstraint(`${name}_unique`, [item, 'student_id']),
          ),
        );
        await db.schema.createIndex(`${name}_student_idx`).on(name).column('student_id').execute();
      }
      for (const [name, item, parent] of [
        ['exercise_scores', 'exercise_id', 'exercises'],
        ['exam_scores', 'exam_id', 'exams'],
      ] as const) {
        await table(db, name, (b) =>
          timestamps(
            b
              .addColumn(item, 'integer', (c) => c.notNull().references(`${parent}.id`).onDelete('cascade'))
              .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
              .addColumn('score', t.double, (c) => c.notNull())
              .addColumn('detail', t.json)
              .addUniqueConstraint(`${name}_unique`, [item, 'student_id']),
          ),
        );
        await db.schema.createIndex(`${name}_student_idx`).on(name).column('student_id').execute();
      }

      await table(db, 'general_forum', (b) =>
        timestamps(
          b
            .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
            .addColumn('topic', 'text', (c) => c.notNull())
            .addColumn('description', 'text', (c) => c.notNull()),
        ),
      );
      await table(db, 'material_forum', (b) =>
        timestamps(
          b
            .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
            .addColumn('material_id', 'integer', (c) => c.notNull().references('materials.id').onDelete('cascade'))
            .addColumn('topic', 'text', (c) => c.notNull())
            .addColumn('description', 'text', (c) => c.notNull()),
        ),
      );
      await db.schema.createIndex('material_forum_material_idx').on('material_forum').column('material_id').execute();

      await db.schema
        .createTable('discussion_replies')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('discussion_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
        .addColumn('reply', 'text', (c) => c.notNull())
        .addColumn('created_at', t.instant, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema
        .createIndex('discussion_replies_thread_idx')
        .on('discussion_replies')
        .columns(['kind', 'discussion_id', 'created_at'])
        .execute();

      await table(db, 'reports', (b) =>
        created(
          b
            .addColumn('kind', 'varchar(10)', (c) => c.notNull())
            .addColumn('discussion_id', 'integer', (c) => c.notNull())
            .addColumn('reply_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
            .addColumn('reporter_id', 'integer', (c) => c.notNull().references('students.id').onDelete('cascade'))
            .addUniqueConstraint('reports_unique', ['kind', 'discussion_id', 'reply_id', 'reporter_id']),
        ),
      );

      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(200)', (c) => c.notNull())
        .addColumn('expires_at', t.instant, (c) => c.notNull())
        .execute();
    },
  };
}
