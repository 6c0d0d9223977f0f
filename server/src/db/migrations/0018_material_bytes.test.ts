import { Migrator } from 'kysely/migration';
import { connectDatabase, type DbHandle } from '../connect';
import { migrateToLatest } from '../migrate';
import { Upto } from '../../../test/sqlite-migrations';

// Materials written before their size was kept are measured, so the lists size their pages by them too.
let h: DbHandle;
beforeEach(() => {
  h = connectDatabase({});
});
afterEach(async () => {
  await h.close();
});

it('measures the materials already there: their bytes as a list carries them, and their pictures', async () => {
  expect(
    (await new Migrator({ db: h.db, provider: new Upto('0017_order_seed') }).migrateToLatest()).error,
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
  const content = `<p>${'好'.repeat(1000)}</p><img src="/api/v1/images/a.png"><img src="/api/v1/images/b.png">`;
  await db
    .insertInto('materials')
    .values({ class_id: cls.id, title: 'Bab "1"', description: 'd', content, teacher_id: teacher.id })
    .execute();
  await migrateToLatest(db, 'sqlite');
  const [row] = await db.selectFrom('materials').select(['list_bytes', 'image_refs']).execute();
  // 512 for the fields, the title 9 (its quotes escaped), 'd' 1, the content: 3,000 + 7 + two tags of 32, their quotes escaped
  expect(row).toEqual({ list_bytes: 512 + 9 + 1 + 3000 + 7 + 2 * (32 + 2), image_refs: 2 });
});
