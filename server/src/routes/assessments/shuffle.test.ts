/**
 * Fair exams: "shuffle question order" and "shuffle answer options" are stored per exercise and exam and returned by
 * the item reads; shuffling is presentation only, so the API keeps the original numbering and grading is unchanged.
 */
import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const CONTENT = {
  '1': 'Ibu kota Indonesia?', '1_a': 'Jakarta', '1_b': 'Bandung', '1_c': 'Medan', '1_d': 'Surabaya', '1_answer': 'a',
  '2': '2 + 2 = ?', '2_a': '3', '2_b': '4', '2_c': '5', '2_d': '6', '2_answer': 'b',
  '3': 'Warna langit?', '3_a': 'Merah', '3_b': 'Hijau', '3_c': 'Biru', '3_d': 'Kuning', '3_answer': 'c',
};
const ANSWERS = { 1: 'a', 2: 'c', 3: 'c' };

type Json = Record<string, any>;
const api = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.injectWithLogin(who, { method, url: `/api/v1${url}`, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

beforeAll(async () => { t = await buildTestApp(); });
afterAll(async () => { await t.close(); });

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
      const m = (await api(who, 'POST', '/materials', { title: 'Bab', description: 'd', content: 'c', class_id: classId })).json();
      body = { title: 'Latihan', total_marks: 90, material_id: m.id, content: CONTENT, ...settings };
    } else {
      body = {
        title: 'UTS', total_marks: 90, class_id: classId, content: CONTENT, ...settings,
        start_time: formatWib(new Date(Date.now() - HOUR)), end_time: formatWib(new Date(Date.now() + HOUR)),
      };
    }
    const res = await api(who, 'POST', base, body);
    expect(res.statusCode).toBe(200);
    return { body, item: res.json() as Json, parentId: body[parentCol] as number };
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
      const res = await api('teacher', 'PUT', `${base}?id=${first.item.id}`, { ...first.body, shuffle_questions: true, shuffle_options: true });
      expect(res.json()).toMatchObject({ shuffle_questions: true, shuffle_options: true });
      shuffledId = first.item.id;
    }
    const grades: Json[] = [];
    for (const [who, id] of [['student3', plain.item.id], ['student', shuffledId]] as const) {
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
