import crypto from 'node:crypto';
import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { buildTestApp, oneSchemaChangeAtATime, type TestApp } from '../../../test/helpers';
import { allMigrations, migrateToLatest } from '../migrate';
import { sanitizedHtmlToText } from './0005_plain_text_discussions';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

describe('sanitizedHtmlToText: what the author typed, from what the old sanitizer stored', () => {
  it.each([
    ['Kalau x&lt;y dan y&gt;z, apakah x&lt;z? Tom &amp; Jerry', 'Kalau x<y dan y>z, apakah x<z? Tom & Jerry'],
    ['3 &lt; 5 &amp; 7', '3 < 5 & 7'],
    ['&quot;kutip&quot; &#39;apostrof&#39; &apos;a&apos; caf&#233; &#x1F600;', "\"kutip\" 'apostrof' 'a' café 😀"],
    ['&amp;lt;b&amp;gt; is how you write &lt;b&gt;', '&lt;b&gt; is how you write <b>'],
    ['<p>baris satu</p><p>baris dua</p>', 'baris satu\nbaris dua'],
    ['<p>a</p><p><br></p><p>b</p>', 'a\n\nb'],
    ['satu<br>dua<br />tiga', 'satu\ndua\ntiga'],
    ['<p><strong>tebal</strong> dan <em>miring</em> &lt;b&gt;</p>', 'tebal dan miring <b>'],
    [
      '<a href="https://id.wikipedia.org/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">wiki</a>',
      'wiki (https://id.wikipedia.org/?a=1&b=2)',
    ],
    ['<ul><li>satu</li><li>dua</li></ul>', 'satu\ndua'],
    ['plain text, unchanged', 'plain text, unchanged'],
    ['a & b < c (never sanitized)', 'a & b < c (never sanitized)'],
    ['&#0; &#xD800; &#1114112; &unknown;', '&#0; &#xD800; &#1114112; &unknown;'],
  ])('%j → %j', (stored, typed) => {
    expect(sanitizedHtmlToText(stored)).toBe(typed);
  });
});

class Registered implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

describe('migration 0005: stored discussion texts are decoded (this database kind)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('topic, description and replies of both forums come back as typed; plain rows are untouched', async () => {
    // Signed in first: today's sign-in reads columns of later migrations.
    await t.tokenFor('teacher');
    // Made through today's API before going back (today's writes name columns of later migrations).
    const material = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: { title: 'M', description: 'd', content: 'c', class_id: t.fixture.classes[0].id },
    });
    const material_id = material.json().id;
    // Back to the schema before plain text: the rows below are what the old server stored.
    const pgSchema =
      t.kind === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0].s
        : undefined;
    const migrator = new Migrator({
      db: t.db,
      provider: new Registered(allMigrations(t.kind)),
      ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    });
    const down = await oneSchemaChangeAtATime(() => migrator.migrateTo('0004_images'));
    expect(down.error).toBeUndefined();

    const student_id = t.fixture.students[0].id;
    const general = await t.db
      .insertInto('general_forum')
      .values({
        student_id,
        topic: 'Kalau x&lt;y dan y&gt;z, apakah x&lt;z? Tom &amp; Jerry',
        description: '<p>3 &lt; 5 &amp; 7</p><p>baris dua</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const plain = await t.db
      .insertInto('general_forum')
      .values({ student_id, topic: 'Biasa saja', description: 'tanpa tanda' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const materialPost = await t.db
      .insertInto('material_forum')
      .values({ student_id, material_id, topic: '&quot;Sel&quot; &amp; jaringan', description: 'satu<br>dua' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const replyIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await t.db
      .insertInto('discussion_replies')
      .values([
        {
          id: replyIds[0],
          kind: 'general',
          discussion_id: general.id,
          student_id,
          reply: '&lt;b&gt;x&lt;/b&gt; &amp; y',
        },
        {
          id: replyIds[1],
          kind: 'material',
          discussion_id: materialPost.id,
          student_id,
          reply: '<p><strong>tebal</strong> &#39;ok&#39;</p>',
        },
        { id: replyIds[2], kind: 'general', discussion_id: plain.id, student_id, reply: 'Aku ikut! Jam 3 ya.' },
      ])
      .execute();

    await oneSchemaChangeAtATime(() => migrateToLatest(t.db, t.kind, pgSchema));

    const posts = await t.db.selectFrom('general_forum').select(['id', 'topic', 'description']).orderBy('id').execute();
    expect(posts).toEqual([
      { id: general.id, topic: 'Kalau x<y dan y>z, apakah x<z? Tom & Jerry', description: '3 < 5 & 7\nbaris dua' },
      { id: plain.id, topic: 'Biasa saja', description: 'tanpa tanda' },
    ]);
    expect(await t.db.selectFrom('material_forum').select(['topic', 'description']).execute()).toEqual([
      { topic: '"Sel" & jaringan', description: 'satu\ndua' },
    ]);
    const replies = await t.db.selectFrom('discussion_replies').select(['id', 'reply']).execute();
    expect(Object.fromEntries(replies.map((r) => [r.id, r.reply]))).toEqual({
      [replyIds[0]]: '<b>x</b> & y',
      [replyIds[1]]: "tebal 'ok'",
      [replyIds[2]]: 'Aku ikut! Jam 3 ya.',
    });
  });
});
