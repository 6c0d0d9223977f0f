import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { failureOf } from '../../../test/failure-of';
import { Upto } from '../../../test/sqlite-migrations';

// SQLite rebuilds four tables to change their foreign keys: every row, id and index must survive it.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it('SQLite: keeps every row and id, stops the cascades from teachers and posts, renames duplicate class names', async () => {
  const before = await new Migrator({ db: h.db, provider: new Upto('0005_plain_text_discussions') }).migrateToLatest();
  expect(before.error).toBeUndefined();
  const db = h.db;
  const user = await db
    .insertInto('users')
    .values({ username: 'g', email: 'g@x', password_hash: 'x', role: 'teacher', display_name: 'G' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teacher = await db
    .insertInto('teachers')
    .values({ name: 'G', nip: '1', specialization: 'S', status: 'Active', user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const student = await db
    .insertInto('students')
    .values({ name: 'S', nis: '2', grade: 10, status: 'Active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const classes = [];
  for (const name of ['X A', 'x a ', 'X B', 'X A (2)']) {
    classes.push(
      await db
        .insertInto('classes')
        .values({ name, description: '', teacher_id: teacher.id, grade: 10 } as never)
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  }
  // the newest class is gone before the upgrade: its id must not be given out again
  const gone = await db
    .insertInto('classes')
    .values({ name: 'tmp', description: '', teacher_id: teacher.id, grade: 10 } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('classes').where('id', '=', gone.id).execute();
  const material = await db
    .insertInto('materials')
    .values({ class_id: classes[0].id, title: 'M', description: 'd', content: 'c', teacher_id: teacher.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exercise = await db
    .insertInto('exercises')
    .values({ material_id: material.id, title: 'E', content: '{}', total_marks: 10, teacher_id: teacher.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('exercise_scores')
    .values({ exercise_id: exercise.id, student_id: student.id, score: 7 })
    .execute();
  await db
    .insertInto('exams')
    .values({
      class_id: classes[0].id,
      title: 'U',
      content: '{}',
      total_marks: 10,
      teacher_id: teacher.id,
      start_time: 'a',
      end_time: 'b',
    })
    .execute();
  await db.insertInto('assigned_students_class').values({ student_id: student.id, class_id: classes[0].id }).execute();
  const post = await db
    .insertInto('general_forum')
    .values({ student_id: student.id, topic: 't', description: 'd' })
    .returning('id')
    .executeTakeFirstOrThrow();

  await migrateToLatest(db, 'sqlite');

  expect(await db.selectFrom('classes').select(['id', 'name']).orderBy('id').execute()).toEqual([
    { id: classes[0].id, name: 'X A' },
    { id: classes[1].id, name: 'x a (3)' },
    { id: classes[2].id, name: 'X B' },
    { id: classes[3].id, name: 'X A (2)' },
  ]);
  expect(await db.selectFrom('materials').select(['id', 'class_id']).execute()).toEqual([
    { id: material.id, class_id: classes[0].id },
  ]);
  expect((await db.selectFrom('exercise_scores').select('score').execute()).map((r) => Number(r.score))).toEqual([7]);
  expect(await db.selectFrom('assigned_students_class').select('class_id').execute()).toEqual([
    { class_id: classes[0].id },
  ]);
  const indexes = (
    await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'classes'`.execute(
      db,
    )
  ).rows.map((r) => r.name);
  expect(indexes).toEqual(
    expect.arrayContaining(['classes_teacher_idx', 'classes_grade_idx', 'classes_grade_name_key_unique']),
  );
  const next = await db
    .insertInto('classes')
    .values({ name: 'X C', name_key: 'x c', description: '', teacher_id: teacher.id, grade: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(next.id).toBeGreaterThan(gone.id);

  // no cascade from the teacher any more; a post's author becomes null
  expect(await failureOf(db.deleteFrom('teachers').where('id', '=', teacher.id).execute())).toMatch(/FOREIGN KEY/);
  await db.deleteFrom('students').where('id', '=', student.id).execute();
  expect(await db.selectFrom('general_forum').select(['id', 'student_id']).execute()).toEqual([
    { id: post.id, student_id: null },
  ]);
  // still cascading from a class
  await db.deleteFrom('classes').where('id', '=', classes[0].id).execute();
  expect(await db.selectFrom('materials').select('id').execute()).toEqual([]);
  expect((await sql`PRAGMA foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
});
