import { sql } from 'kysely';
import { connectDatabase, type Db, type DbHandle, sqliteOf } from './connect';
import { preparedRead, sqlText } from './prepared';
import { USER_SESSION_SQL } from '../domain/repo/hot-reads';

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// Type-level: typecheck (scripts/typecheck.sh) fails when a line marked @ts-expect-error compiles.
export function rowsHaveTheShapeTheirSqlStates(db: Db): void {
  // @ts-expect-error a plain string states no row shape
  void preparedRead(db, 'SELECT 1 AS n');
  // @ts-expect-error a caller cannot read rows of another shape than the SQL states
  void preparedRead<{ other: number }>(db, USER_SESSION_SQL);
}

describe('preparedRead on SQLite', () => {
  let handle: DbHandle;
  const names = () =>
    preparedRead(handle.db, sqlText<{ name: string }>('SELECT name FROM t WHERE id <= $1 ORDER BY id'));

  beforeEach(() => {
    handle = connectDatabase({ sqliteFile: ':memory:' });
    sqliteOf(handle.db)!.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'a')");
  });
  afterEach(() => handle.close());

  it("never reads inside another request's open transaction: it waits for the commit", async () => {
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
