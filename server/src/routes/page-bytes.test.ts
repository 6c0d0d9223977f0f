import crypto from 'node:crypto';
import { textBytes } from '@kelasku/shared-rules';
import {
  MAX_DESCRIPTION_BYTES,
  MAX_DISCUSSION_BYTES,
  MAX_DISCUSSION_PAGE_SIZE,
  MAX_MATERIAL_BYTES,
  MAX_PAGE_BYTES,
  MAX_REPLIES_PER_POST,
  MAX_REPLY_BYTES_PER_POST,
  MAX_REPORT_BYTES,
  MAX_REPORT_PAGE_SIZE,
  MAX_REPORT_REASON_BYTES,
  MAX_SHEET_BYTES,
  MAX_SHEET_LIST_BYTES,
  MAX_TOPIC_BYTES,
  SHEET_LIST_PAGE_SIZE,
} from '../domain/limits';
import { materialBytes } from '../domain/material-bytes';
import { buildTestApp, type TestApp } from '../../test/helpers';

// Every page of a list stays within MAX_PAGE_BYTES whatever its items hold: each list's largest page times its largest
// item. Here the items are as large as the caps let them be, as JSON: texts of control characters (6 bytes each
// escaped), names and titles of them, every discussion with all the replies it may have. 100 posts × 10 replies of
// 20,000 emoji made GET /discussions 12.6 MB (pageSize=100: 84 MB), the material forum 84 MB, GET /reports 88.5 MB.
jest.setTimeout(180_000);

let t: TestApp;
const api = (who: string, url: string) => t.injectWithLogin(who, { method: 'GET', url: `/api/v1${url}` });

/** A text of exactly `bytes` bytes as JSON carries it, mostly control characters (6 bytes each, 1 stored). */
const maxText = (bytes: number) => '\u0001'.repeat(Math.floor(bytes / 6)) + 'x'.repeat(bytes % 6);
const POSTS = 2 * MAX_DISCUSSION_PAGE_SIZE + 5;

let materialId = 0;
const posts: Record<'general' | 'material', number[]> = { general: [], material: [] };

async function seedPost(kind: 'general' | 'material', studentId: number): Promise<number> {
  const text = { student_id: studentId, topic: maxText(MAX_TOPIC_BYTES), description: maxText(MAX_DESCRIPTION_BYTES) };
  const row =
    kind === 'general'
      ? await t.db.insertInto('general_forum').values(text).returning('id').executeTakeFirstOrThrow()
      : await t.db
          .insertInto('material_forum')
          .values({ ...text, material_id: materialId })
          .returning('id')
          .executeTakeFirstOrThrow();
  const reply = maxText(Math.floor(MAX_REPLY_BYTES_PER_POST / MAX_REPLIES_PER_POST));
  const rows = Array.from({ length: MAX_REPLIES_PER_POST }, (_, i) => ({
    id: crypto.randomUUID(),
    kind,
    discussion_id: row.id,
    ...(i % 2 === 0 || kind === 'general'
      ? { student_id: studentId }
      : { student_id: null, teacher_id: t.fixture.teachers[0].id }),
    reply,
  }));
  for (let i = 0; i < rows.length; i += 50)
    await t.db
      .insertInto('discussion_replies')
      .values(rows.slice(i, i + 50))
      .execute();
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const longName = '\u0001'.repeat(100);
  for (const s of t.fixture.students)
    await t.db.updateTable('students').set({ name: longName }).where('id', '=', s.id).execute();
  await t.db.updateTable('teachers').set({ name: longName }).where('id', '=', t.fixture.teachers[0].id).execute();
  await t.db
    .updateTable('classes')
    .set({ name: '\u0001'.repeat(255) })
    .where('id', '=', t.fixture.classes[0].id)
    .execute();
  const material = await t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/materials',
    payload: { title: 'M', description: 'd', content: '<p>c</p>', class_id: t.fixture.classes[0].id },
  });
  materialId = material.json().id;
  await t.db
    .updateTable('materials')
    .set({ title: '\u0001'.repeat(255) })
    .where('id', '=', materialId)
    .execute();
  for (let i = 0; i < POSTS; i += 1) {
    posts.general.push(await seedPost('general', t.fixture.students[i % 2].id));
    posts.material.push(await seedPost('material', t.fixture.students[i % 2].id));
  }
});
afterAll(async () => {
  await t.close();
});

it('the bounds hold on paper: largest item × largest page ≤ MAX_PAGE_BYTES', () => {
  expect(MAX_DISCUSSION_BYTES * MAX_DISCUSSION_PAGE_SIZE).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  expect(MAX_REPORT_BYTES * MAX_REPORT_PAGE_SIZE).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  expect(MAX_SHEET_LIST_BYTES * SHEET_LIST_PAGE_SIZE).toBeLessThanOrEqual(MAX_PAGE_BYTES);
  // a page of materials holds at least one, and is sized by its largest (material-bytes.test.ts)
  expect(MAX_MATERIAL_BYTES + 1024).toBeLessThanOrEqual(MAX_PAGE_BYTES);
});

describe.each([
  ['GET /discussions', () => '/discussions'],
  ['the material forum', () => `/discussions-material?id=${materialId}`],
])('%s', (_name, url) => {
  it.each(['', 'pageSize=100', 'pageSize=100000', 'page=2&pageSize=100'])(
    '?%s: a page of the largest discussions stays within 2 MB',
    async (query) => {
      const res = await api('student', `${url()}${url().includes('?') ? '&' : '?'}${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.discussions).toHaveLength(MAX_DISCUSSION_PAGE_SIZE);
      expect(body.meta).toMatchObject({
        pageSize: MAX_DISCUSSION_PAGE_SIZE,
        total: POSTS,
        totalPage: Math.ceil(POSTS / MAX_DISCUSSION_PAGE_SIZE),
      });
      expect(body.discussions[0].replies).toHaveLength(MAX_REPLIES_PER_POST);
      const bytes = Buffer.byteLength(res.body);
      expect(bytes).toBeLessThanOrEqual(MAX_PAGE_BYTES);
      // The items really are at their caps: each one within its bound, and not far below it.
      for (const d of body.discussions) {
        const item = Buffer.byteLength(JSON.stringify(d));
        expect(item).toBeLessThanOrEqual(MAX_DISCUSSION_BYTES);
        expect(item).toBeGreaterThan(MAX_DISCUSSION_BYTES / 2);
      }
      expect(textBytes(body.discussions[0].description)).toBe(MAX_DESCRIPTION_BYTES);
    },
  );
});

describe('admin GET /reports', () => {
  beforeAll(async () => {
    // Every student reports every post of both forums (reporters need not be in the class for this read).
    const rows = (['general', 'material'] as const).flatMap((kind) =>
      posts[kind].flatMap((id) =>
        t.fixture.students.map((s) => ({
          kind,
          discussion_id: id,
          reply_id: '',
          reporter_id: s.id,
          reason: maxText(MAX_REPORT_REASON_BYTES),
        })),
      ),
    );
    for (let i = 0; i < rows.length; i += 50)
      await t.db
        .insertInto('reports')
        .values(rows.slice(i, i + 50))
        .execute();
  });

  it('pages with page/pageSize ({reports, meta}); each page within 2 MB', async () => {
    const total = 2 * POSTS * t.fixture.students.length;
    let seen = 0;
    for (let page = 1; ; page += 1) {
      const res = await api('admin', `/reports?page=${page}&pageSize=100000`);
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
      const { reports, meta } = res.json();
      expect(meta).toMatchObject({
        page,
        pageSize: MAX_REPORT_PAGE_SIZE,
        total,
        totalPage: Math.ceil(total / MAX_REPORT_PAGE_SIZE),
      });
      for (const r of reports) expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(MAX_REPORT_BYTES);
      seen += reports.length;
      if (page >= meta.totalPage) break;
    }
    expect(seen).toBe(total);
  });

  it('without page or pageSize answers as it always did, a bare array: the newest page', async () => {
    const res = await api('admin', '/reports');
    expect(res.statusCode).toBe(200);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(MAX_REPORT_PAGE_SIZE);
    const ids = list.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list[0]).toMatchObject({
      kind: 'material',
      class_name: '\u0001'.repeat(255),
      material_title: '\u0001'.repeat(255),
    });
  });
});

describe("the materials lists carry every material's content, so a page is sized by the largest one", () => {
  const BIG = 11;
  /** 460,000 CJK characters: 1.38 MB as JSON, under MAX_MATERIAL_BYTES; two of them would pass 2 MB. */
  const bigHtml = (i: number) => `<p>${i}${'好'.repeat(460_000)}</p>`;
  const ids: number[] = [];

  beforeAll(async () => {
    const classId = t.fixture.classes[0].id;
    const [{ id: first }] = (await api('teacher', `/materials/from-class?id=${classId}`)).json().materials;
    ids.push(first);
    for (let i = 0; i < BIG; i += 1) {
      const text = { title: `Bab ${i}`, description: 'd', content: bigHtml(i) };
      const row = await t.db
        .insertInto('materials')
        .values({ ...text, ...materialBytes(text), class_id: classId, teacher_id: t.fixture.teachers[0].id })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    expect(materialBytes({ title: 'Bab 0', description: 'd', content: bigHtml(0) }).list_bytes).toBeLessThanOrEqual(
      MAX_MATERIAL_BYTES,
    );
  });

  it.each([
    ["a student, the class's list", 'student', () => `/materials/from-class?id=${t.fixture.classes[0].id}`],
    ['the teacher, all their materials', 'teacher', () => '/materials'],
  ])(
    '%s: every page within 2 MB, the same size each, and walking them finds every material once',
    async (_name, who, url) => {
      const seen: number[] = [];
      let totalPage = 1;
      for (let page = 1; page <= totalPage; page += 1) {
        const res = await api(who, `${url()}${url().includes('?') ? '&' : '?'}page=${page}&pageSize=100`);
        expect(res.statusCode).toBe(200);
        expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
        const body = res.json();
        expect(body.meta).toMatchObject({ page, pageSize: 1, total: BIG + 1, totalPage: BIG + 1 });
        totalPage = body.meta.totalPage;
        seen.push(...body.materials.map((m: { id: number }) => m.id));
      }
      expect(seen.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    },
  );

  it('a list of small materials keeps the page size asked for', async () => {
    const res = await api('teacher2', `/materials/from-class?id=${t.fixture.classes[1].id}&pageSize=5`);
    expect(res.json().meta).toMatchObject({ pageSize: 5 });
  });

  it('a material past MAX_MATERIAL_BYTES (bytes, not characters) is refused, and nothing is stored', async () => {
    // 540,000 CJK characters: 0.5 M characters (under the HTML character cap), 1.6 MB.
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: {
        title: 'Terlalu besar',
        description: 'd',
        content: `<p>${'好'.repeat(540_000)}</p>`,
        class_id: t.fixture.classes[0].id,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'text-too-large',
      params: { field: 'content', limit: MAX_MATERIAL_BYTES },
    });
    expect(await t.db.selectFrom('materials').select('id').where('title', '=', 'Terlalu besar').execute()).toHaveLength(
      0,
    );
  });
});

describe("a teacher's list of every sheet of an item (a bare array) is bounded by its length", () => {
  const SHEETS = 2 * SHEET_LIST_PAGE_SIZE + 1;
  let exerciseId = 0;
  const sheetIds: number[] = [];

  beforeAll(async () => {
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exercises',
      payload: { title: 'L', total_marks: 100, material_id: materialId, content: { '1_essay': 'Jelaskan' } },
    });
    exerciseId = res.json().id;
    // Sheets at their cap: 26 answers of 20,000 bytes each as JSON (control characters), 520,000 bytes ≤ MAX_SHEET_BYTES.
    const answers = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [String(i + 1), maxText(20_000)]));
    expect(Object.values(answers).reduce((n, a) => n + textBytes(a), 0)).toBeLessThanOrEqual(MAX_SHEET_BYTES);
    for (let i = 0; i < SHEETS; i += 1) {
      const st = await t.db
        .insertInto('students')
        .values({ name: `S${i}`, name_search: `s${i}`, nis: `99${i}`, grade: 10, status: 'Active' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await t.db
        .insertInto('exercise_answers')
        .values({ exercise_id: exerciseId, student_id: st.id, answers: JSON.stringify(answers), status: 'Active' })
        .returning('id')
        .executeTakeFirstOrThrow();
      sheetIds.push(row.id);
    }
  });

  it('each page within 2 MB; `page` walks them all', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await api('teacher', `/exercises-answers?exercise_id=${exerciseId}&page=${page}&pageSize=100000`);
      expect(res.statusCode).toBe(200);
      expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
      const sheets = res.json<{ id: number }[]>();
      expect(sheets).toHaveLength(page < 3 ? SHEET_LIST_PAGE_SIZE : 1);
      seen.push(...sheets.map((sheet) => sheet.id));
    }
    expect(seen).toEqual(sheetIds);
    // Without `page`: the first page, as the original shape (a bare array).
    expect(
      (await api('teacher', `/exercises-answers?exercise_id=${exerciseId}`))
        .json()
        .map((sheet: { id: number }) => sheet.id),
    ).toEqual(sheetIds.slice(0, SHEET_LIST_PAGE_SIZE));
  });
});
