import { Migrator } from 'kysely/migration';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { Upto } from '../../../test/sqlite-migrations';

// Existing exercises and exams get their question count from their content, so their sheets keep saving.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it("counts each existing item's questions from its content (the highest question number; none for an empty map)", async () => {
  expect(
    (await new Migrator({ db: h.db, provider: new Upto('0012_material_forum_page_index') }).migrateToLatest()).error,
  ).toBeUndefined();
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
  const cls = await db
    .insertInto('classes')
    .values({ name: 'X A', description: '', teacher_id: teacher.id, grade: 10 } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const material = await db
    .insertInto('materials')
    .values({ class_id: cls.id, title: 'M', description: 'd', content: 'c', teacher_id: teacher.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const three = JSON.stringify({ '1': 'a', '1_answer': 'a', '2_essay': 'b', '3': 'c', '3_pict': '/x' });
  const exercise = await db
    .insertInto('exercises')
    .values({ material_id: material.id, title: 'E', content: three, total_marks: 10, teacher_id: teacher.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exam = await db
    .insertInto('exams')
    .values({
      class_id: cls.id,
      title: 'U',
      content: '{}',
      total_marks: 10,
      teacher_id: teacher.id,
      start_time: 'a',
      end_time: 'b',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await migrateToLatest(db, 'sqlite');
  expect(
    (await db.selectFrom('exercises').select('question_count').where('id', '=', exercise.id).executeTakeFirstOrThrow())
      .question_count,
  ).toBe(3);
  expect(
    (await db.selectFrom('exams').select('question_count').where('id', '=', exam.id).executeTakeFirstOrThrow())
      .question_count,
  ).toBe(0);
});
