import { buildTestApp, type TestApp } from '../../../test/helpers';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

let t: TestApp;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// Discussion texts are plain text: what a student types is stored and returned byte for byte, never as HTML.
const COMPARISON = 'Kalau x<y dan y>z, apakah x<z? Tom & Jerry';
const ARITHMETIC = '3 < 5 & 7';
const MARKUP = '<b>tebal</b> & <script>alert(1)</script> "kutip" \'apostrof\' &amp; &lt;\nbaris kedua';

describe.each([
  { kind: 'general', base: '/discussions', replyUrl: '/discussions/reply' },
  { kind: 'material', base: '/discussions-material', replyUrl: '/materials/reply' },
])('$kind forum keeps text exactly as typed', ({ kind, base, replyUrl }) => {
  let extra: Record<string, unknown> = {};
  let listUrl = base;

  beforeAll(async () => {
    if (kind === 'material') {
      const material = await api('teacher', 'POST', '/materials', {
        title: 'M',
        description: 'd',
        content: 'c',
        class_id: t.fixture.classes[0].id,
      });
      extra = { material_id: material.json().id };
      listUrl = `${base}?id=${material.json().id}`;
    }
  });

  it('topic, description and replies come back byte for byte (create, reply, list, edit)', async () => {
    const created = await api('student', 'POST', base, { topic: COMPARISON, description: ARITHMETIC, ...extra });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ topic: COMPARISON, description: ARITHMETIC });
    const id = created.json().id;

    for (const text of [COMPARISON, ARITHMETIC, MARKUP]) {
      const replied = await api('student2', 'PUT', `${replyUrl}?id=${id}`, { replies: text });
      expect(replied.statusCode).toBe(200);
    }
    const listed = (await api('student', 'GET', listUrl)).json().discussions.find((d: { id: number }) => d.id === id);
    expect(listed).toMatchObject({ topic: COMPARISON, description: ARITHMETIC });
    expect(listed.replies.map((r: { reply: string }) => r.reply)).toEqual([COMPARISON, ARITHMETIC, MARKUP]);

    const edited = await api('student', 'PATCH', `${base}?id=${id}`, {
      topic: ARITHMETIC,
      description: MARKUP,
      ...extra,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ topic: ARITHMETIC, description: MARKUP });
  });

  it('markup-only text is kept as text, not emptied; blank text is still refused', async () => {
    const created = await api('student', 'POST', base, {
      topic: '<script>x</script>',
      description: '<p></p>',
      ...extra,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ topic: '<script>x</script>', description: '<p></p>' });
    expect((await api('student', 'POST', base, { topic: '   ', description: 'd', ...extra })).statusCode).toBe(400);
    const blankReply = await api('student2', 'PUT', `${replyUrl}?id=${created.json().id}`, { replies: ' \n ' });
    expect(blankReply.statusCode).toBe(400);
    expect(blankReply.json().message).toBe('Replies cannot be empty');
  });
});
