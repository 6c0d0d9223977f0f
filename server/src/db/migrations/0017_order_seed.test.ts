import { Migrator } from 'kysely/migration';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { Upto } from '../../../test/sqlite-migrations';

// Sheets opened while the order came from the public ids keep that order: their seed is stored with them.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it('stores the public-ids seed on every sheet already there, and none on sheets opened later', async () => {
  expect(
    (await new Migrator({ db: h.db, provider: new Upto('0016_name_search') }).migrateToLatest()).error,
  ).toBeUndefined();
  const db = h.db;
  const teacher = await db
    .insertInto('teachers')
    .values({ name: 'Bu Nur', nip: '9', specialization: 'S', status: 'Active', user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cls = await db
    .insertInto('classes')
    .values({ name: 'X IPA 1', grade: 10, description: '', teacher_id: teacher.id } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const st = await db
    .insertInto('students')
    .values({ name: 'Sari', nis: '1', grade: 10, status: 'Active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exam = await db
    .insertInto('exams')
    .values({
      class_id: cls.id,
      title: 'UTS',
      content: '{}',
      total_marks: 10,
      teacher_id: teacher.id,
      start_time: '2026-01-01T00:00:00Z',
      end_time: '2026-01-01T01:00:00Z',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('exam_answers')
    .values({ exam_id: exam.id, student_id: st.id, answers: null, status: 'Active' } as never)
    .execute();
  await migrateToLatest(db, 'sqlite');
  expect(await db.selectFrom('exam_answers').select('order_seed').execute()).toEqual([
    { order_seed: `exam:${exam.id}:${st.id}` },
  ]);
  expect(await db.selectFrom('exercise_answers').select('order_seed').execute()).toEqual([]);
});
