import { Migrator } from 'kysely/migration';
import { classNameKey } from '@kelasku/shared-rules';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { Upto } from '../../../test/sqlite-migrations';

// Classes written before names had a stored key get it; those the wider key makes equal are told apart.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it('fills name_key, renames names only the wider key makes equal, and keeps every class in use', async () => {
  expect(
    (await new Migrator({ db: h.db, provider: new Upto('0016_name_search') }).migrateToLatest()).error,
  ).toBeUndefined();
  const db = h.db;
  const user = await db
    .insertInto('users')
    .values({ username: 'g', email: 'g@x', password_hash: 'x', role: 'teacher', display_name: 'G' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teacher = await db
    .insertInto('teachers')
    .values({ name: 'G', nip: '1', specialization: 'S', status: 'Active', user_id: user.id, name_search: 'g' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // lower(trim()) told these apart (SQLite folds ASCII only; inner spaces and full-width letters count)
  const names = ['X IPA 1', 'X  IPA 1', 'Ｘ IPA 1', 'X Ípa 1', 'X ípa 1'];
  for (const name of names) {
    await db
      .insertInto('classes')
      .values({ name, description: '', teacher_id: teacher.id, grade: 10 } as never)
      .execute();
  }
  await db
    .insertInto('classes')
    .values({ name: 'X IPA 1', description: '', teacher_id: teacher.id, grade: 11 } as never)
    .execute();

  await migrateToLatest(db, 'sqlite');

  const rows = await db
    .selectFrom('classes')
    .select(['name', 'name_key', 'grade', 'archived_at'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    { name: 'X IPA 1', name_key: 'x ipa 1', grade: 10, archived_at: null },
    { name: 'X  IPA 1 (2)', name_key: 'x ipa 1 (2)', grade: 10, archived_at: null },
    { name: 'Ｘ IPA 1 (3)', name_key: 'x ipa 1 (3)', grade: 10, archived_at: null },
    { name: 'X Ípa 1', name_key: 'x ípa 1', grade: 10, archived_at: null },
    { name: 'X ípa 1 (2)', name_key: 'x ípa 1 (2)', grade: 10, archived_at: null },
    { name: 'X IPA 1', name_key: 'x ipa 1', grade: 11, archived_at: null },
  ]);
  for (const r of rows) expect(r.name_key).toBe(classNameKey(r.name));
});
