import { sql } from 'kysely';
import { connectDatabase, type DbHandle, sqliteOf } from './connect';
import { preparedRead } from './prepared';

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('preparedRead on SQLite', () => {
  let handle: DbHandle;
  const names = () => preparedRead<{ name: string }>(handle.db, 'SELECT name FROM t WHERE id <= $1 ORDER BY id');

  beforeEach(() => {
    handle = connectDatabase({ sqliteFile: ':memory:' });
    sqliteOf(handle.db)!.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a')");
  });
  afterEach(() => handle.close());

  it('never reads inside another request\'s open transaction: it waits for the commit', async () => {
    const insertDone = gate();
    const release = gate();
    const trx = handle.db.transaction().execute(async (t) => {
      await sql`INSERT INTO t VALUES (2, 'b')`.execute(t);
      insertDone.open();
      await release.opened;
    });
    await insertDone.opened;
    let read: { name: string }[] | undefined;
    const reading = names()([10]).then((rows) => (read = rows));
    await new Promise((r) => setTimeout(r, 20));
    expect(read).toBeUndefined(); // the uncommitted row is not seen: the read waits
    release.open();
    await trx;
    await reading;
    expect(read).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('does not queue behind a connection held without a transaction (a read is synchronous, nothing can interleave)', async () => {
    const release = gate();
    const held = handle.db.connection().execute(async () => release.opened);
    await new Promise((r) => setTimeout(r, 0));
    let read: { name: string }[] | undefined;
    const reading = names()([10]).then((rows) => (read = rows));
    await new Promise((r) => setTimeout(r, 20));
    expect(read).toEqual([{ name: 'a' }]);
    release.open();
    await held;
    await reading;
  });
});
