import { Migrator } from 'kysely/migration';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { failureOf } from '../../../test/failure-of';
import { Upto } from '../../../test/sqlite-migrations';

// Exams written before a class had a term stay its current daily test, with their sheets; the class then takes a
// second exam only once the first is closed.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it('keeps existing exams (now current daily tests) with their sheets, and lets a class hold closed exams beside its current one', async () => {
  expect(
    (await new Migrator({ db: h.db, provider: new Upto('0016_name_search') }).migrateToLatest()).error,
  ).toBeUndefined();
  const db = h.db;
  const teacher = await db
    .insertInto('teachers')
    .values({ name: 'Guru', nip: '1', specialization: 'S', status: 'Active', user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cls = await db
    .insertInto('classes')
    .values({ name: 'X', description: '', teacher_id: teacher.id, grade: 10 } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const student = await db
    .insertInto('students')
    .values({ name: 'S', nis: '2', grade: 10, status: 'Active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exam = {
    class_id: cls.id,
    title: 'U',
    content: '{}',
    total_marks: 10,
    teacher_id: teacher.id,
    start_time: 'a',
    end_time: 'b',
  };
  const old = await db.insertInto('exams').values(exam).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('exam_answers')
    .values({ exam_id: old.id, student_id: student.id, answers: '{"1":"a"}', status: 'Inactive' })
    .execute();
  expect(await failureOf(db.insertInto('exams').values(exam).execute())).toMatch(/UNIQUE/);

  await migrateToLatest(db, 'sqlite');
  expect(await db.selectFrom('exams').select(['id', 'kind', 'kind_label', 'closed_at']).execute()).toEqual([
    { id: old.id, kind: 'daily', kind_label: null, closed_at: null },
  ]);
  expect(await db.selectFrom('exam_answers').select(['exam_id', 'answers']).execute()).toEqual([
    { exam_id: old.id, answers: '{"1":"a"}' },
  ]);
  // still one current exam per class …
  expect(await failureOf(db.insertInto('exams').values(exam).execute())).toMatch(/UNIQUE/);
  // … but any number of closed ones; and the class's cascade still reaches its exams
  await db.updateTable('exams').set({ closed_at: new Date().toISOString() }).where('id', '=', old.id).execute();
  await db.insertInto('exams').values(exam).execute();
  await db
    .insertInto('exams')
    .values({ ...exam, closed_at: new Date().toISOString() })
    .execute();
  expect((await db.selectFrom('exams').select('id').execute()).length).toBe(3);
  await db.deleteFrom('classes').where('id', '=', cls.id).execute();
  expect(await db.selectFrom('exams').select('id').execute()).toEqual([]);
  expect(await db.selectFrom('exam_answers').select('id').execute()).toEqual([]);
});
