import { Migrator } from 'kysely/migration';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { Upto } from '../../../test/sqlite-migrations';

// Names written before the search column existed are found by the accent- and apostrophe-blind search too.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it('fills name_search for the students and teachers already there', async () => {
  expect(
    (await new Migrator({ db: h.db, provider: new Upto('0015_initial_password') }).migrateToLatest()).error,
  ).toBeUndefined();
  const db = h.db;
  await db
    .insertInto('teachers')
    .values({ name: "Bu Nur'aini Sétiawan", nip: '1', specialization: 'S', status: 'Active', user_id: null })
    .execute();
  await db.insertInto('students').values({ name: 'Andréas Ma’ruf', nis: '2', grade: 10, status: 'Active' }).execute();
  await migrateToLatest(db, 'sqlite');
  expect(await db.selectFrom('teachers').select('name_search').execute()).toEqual([
    { name_search: 'bu nuraini setiawan' },
  ]);
  expect(await db.selectFrom('students').select('name_search').execute()).toEqual([{ name_search: 'andreas maruf' }]);
});
