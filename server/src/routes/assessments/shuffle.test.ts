/**
 * Fair exams: "shuffle question order" and "shuffle answer options" are stored per exercise and exam and returned by
 * the item reads; shuffling is presentation only, so the API keeps the original numbering and grading is unchanged.
 */
import { publicIdsSeed, sheetOrder } from '@kelasku/shared-rules';
import { buildApp } from '../../app';
import { formatWib } from '../../domain/exam-window';
import { orderSeeds } from '../../domain/order-seed';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Surabaya',
  '1_answer': 'a',
  '2': '2 + 2 = ?',
  '2_a': '3',
  '2_b': '4',
  '2_c': '5',
  '2_d': '6',
  '2_answer': 'b',
  '3': 'Warna langit?',
  '3_a': 'Merah',
  '3_b': 'Hijau',
  '3_c': 'Biru',
  '3_d': 'Kuning',
  '3_answer': 'c',
};
const ANSWERS = { 1: 'a', 2: 'c', 3: 'c' };

type Json = Record<string, any>;
const api = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
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

describe.each(['exercise', 'exam'] as const)('%s: shuffle settings', (kind) => {
  const base = `/${kind}s`;
  const idCol = `${kind}_id`;
  const parentCol = kind === 'exercise' ? 'material_id' : 'class_id';
  let first: { body: Json; item: Json; parentId: number };

  /** A new item (its own material, or the given class) with these settings; returns the body and the reply. */
  async function create(classIndex: number, settings: Json) {
    const classId = t.fixture.classes[classIndex].id;
    const who = classIndex === 0 ? 'teacher' : 'teacher2';
    let body: Json;
    if (kind === 'exercise') {
      const m = (
        await api(who, 'POST', '/materials', { title: 'Bab', description: 'd', content: 'c', class_id: classId })
      ).json();
      body = { title: 'Latihan', total_marks: 90, material_id: m.id, content: CONTENT, ...settings };
    } else {
      body = {
        title: 'UTS',
        total_marks: 90,
        class_id: classId,
        content: CONTENT,
        ...settings,
        start_time: formatWib(new Date(Date.now() - HOUR)),
        end_time: formatWib(new Date(Date.now() + HOUR)),
      };
    }
    const res = await api(who, 'POST', base, body);
    expect(res.statusCode).toBe(200);
    return { body, item: res.json<Json>(), parentId: body[parentCol] as number };
  }

  it('stores both flags, returns them on every read, keeps them when a client leaves them out', async () => {
    first = await create(0, { shuffle_questions: true, shuffle_options: true });
    const { body, item, parentId } = first;
    expect(item).toMatchObject({ shuffle_questions: true, shuffle_options: true });
    for (const who of ['teacher', 'student']) {
      const [read] = (await api(who, 'GET', `${base}?${parentCol}=${parentId}`)).json();
      expect(read).toMatchObject({ shuffle_questions: true, shuffle_options: true });
    }
    // `?number=` still means the original question.
    const [q2] = (await api('student', 'GET', `${base}/student?${parentCol}=${parentId}&number=2`)).json();
    expect(q2.content).toEqual({ '2': '2 + 2 = ?', '2_a': '3', '2_b': '4', '2_c': '5', '2_d': '6' });

    // The original client's edit knows nothing of the settings: they stay as they were.
    const { shuffle_questions: _q, shuffle_options: _o, ...original } = body;
    const kept = await api('teacher', 'PUT', `${base}?id=${item.id}`, original);
    expect(kept.json()).toMatchObject({ shuffle_questions: true, shuffle_options: true });
    const off = await api('teacher', 'PUT', `${base}?id=${item.id}`, { ...original, shuffle_options: false });
    expect(off.json()).toMatchObject({ shuffle_questions: true, shuffle_options: false });
    const [read] = (await api('student', 'GET', `${base}?${parentCol}=${parentId}`)).json();
    expect(read).toMatchObject({ shuffle_questions: true, shuffle_options: false });
    expect((await api('teacher', 'POST', base, { ...body, [parentCol]: parentId })).statusCode).toBe(409);
  });

  it('off by default; grades are identical to an unshuffled item with the same answers', async () => {
    const plain = await create(1, {});
    expect(plain.item).toMatchObject({ shuffle_questions: false, shuffle_options: false });
    let shuffledId: number;
    if (kind === 'exercise') {
      shuffledId = (await create(0, { shuffle_questions: true, shuffle_options: true })).item.id;
    } else {
      // One exam per class: the first test's exam (class 0), both settings turned on again.
      const res = await api('teacher', 'PUT', `${base}?id=${first.item.id}`, {
        ...first.body,
        shuffle_questions: true,
        shuffle_options: true,
      });
      expect(res.json()).toMatchObject({ shuffle_questions: true, shuffle_options: true });
      shuffledId = first.item.id;
    }
    const grades: Json[] = [];
    for (const [who, id] of [
      ['student3', plain.item.id],
      ['student', shuffledId],
    ] as const) {
      expect((await api(who, 'POST', `${base}-answers`, { [idCol]: id, answers: ANSWERS })).statusCode).toBe(200);
      const g = await api(who, 'POST', `${base}/calculate-grade`, { [idCol]: id });
      expect(g.statusCode).toBe(200);
      grades.push(g.json());
    }
    expect(grades[1].score).toBe(60);
    expect(grades[1].score).toBe(grades[0].score);
    if (grades[0].detail) expect(grades[1].detail).toEqual(grades[0].detail);
  });
});

describe('the order seed: secret, the same on every node, kept by sheets opened before it', () => {
  const on = { shuffle_questions: true, shuffle_options: true };
  let exam: Json;
  let classId: number;

  beforeAll(async () => {
    classId = t.fixture.classes[0].id;
    const [current] = (await api('teacher', 'GET', `/exams?class_id=${classId}`)).json();
    exam = current;
    expect(exam.id).toEqual(expect.any(Number)); // made by the tests above
  });

  it('comes from a secret: not the public ids, another secret gives another seed, each student gets only their own', async () => {
    const [read] = (await api('student', 'GET', `/exams?class_id=${classId}`)).json();
    const student = t.fixture.students[0].id;
    expect(read.order_seed).toEqual(orderSeeds(TEST_JWT_SECRET)('exam', exam.id, student));
    expect(read.order_seed).not.toEqual(
      orderSeeds('another-secret-0123456789-abcdefghijklmnop')('exam', exam.id, student),
    );
    expect(read.order_seed).not.toEqual(publicIdsSeed('exam', exam.id, student));
    // Over 40 questions, the order from the public ids alone is not the student's.
    expect(sheetOrder(read.order_seed, 40, on).questions).not.toEqual(
      sheetOrder(publicIdsSeed('exam', exam.id, student), 40, on).questions,
    );
    // A classmate gets their own seed; nothing in their read is the first student's.
    const [other] = (await api('student2', 'GET', `/exams?class_id=${classId}`)).json();
    expect(other.order_seed).toEqual(orderSeeds(TEST_JWT_SECRET)('exam', exam.id, t.fixture.students[1].id));
    expect(JSON.stringify(other)).not.toContain(read.order_seed);
    // The teacher's class list gives each student's seed (the preview), the same as the student's own read.
    const list = (await api('teacher', 'GET', `/exams/submissions?exam_id=${exam.id}`)).json<Json[]>();
    expect(list.find((r) => r.student_id === student)?.order_seed).toBe(read.order_seed);
    const [teacherRead] = (await api('teacher', 'GET', `/exams?class_id=${classId}`)).json();
    expect(teacherRead.order_seed).toBeUndefined();
  });

  it('is the same from a second node with the same secret', async () => {
    const nodeB = await buildApp({ db: t.db, dbKind: t.kind, jwtSecret: TEST_JWT_SECRET, apiDocs: false });
    try {
      const token = await t.tokenFor('student');
      const fromB = await nodeB.inject({
        method: 'GET',
        url: `/api/v1/exams?class_id=${classId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const [fromA] = (await api('student', 'GET', `/exams?class_id=${classId}`)).json();
      expect(fromB.json()[0].order_seed).toBe(fromA.order_seed);
    } finally {
      await nodeB.close();
    }
  });

  it('a sheet that carries a stored seed (opened while orders came from the public ids) keeps it', async () => {
    const student = t.fixture.students[0].id;
    const legacy = publicIdsSeed('exam', exam.id, student);
    await t.db
      .updateTable('exam_answers')
      .set({ order_seed: legacy })
      .where('exam_id', '=', exam.id)
      .where('student_id', '=', student)
      .execute();
    const [read] = (await api('student', 'GET', `/exams?class_id=${classId}`)).json();
    expect(read.order_seed).toBe(legacy);
    const list = (await api('teacher', 'GET', `/exams/submissions?exam_id=${exam.id}`)).json<Json[]>();
    expect(list.find((r) => r.student_id === student)?.order_seed).toBe(legacy);
  });
});
