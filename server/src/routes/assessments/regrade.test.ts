/**
 * Editing an exercise or exam after submissions exist re-grades every submitted sheet in the same transaction: MC
 * against the new key, automatic essays scored again when their question changed, teacher essay scores kept.
 */
import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;

const CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Surabaya',
  '1_answer': 'b',
  '2': '2 + 2 = ?',
  '2_a': '3',
  '2_b': '4',
  '2_c': '5',
  '2_d': '6',
  '2_answer': 'b',
  '3_essay': 'Apa itu fotosintesis?',
  '3_essay_answer': 'proses tumbuhan membuat makanan dari cahaya matahari',
};

type Json = Record<string, any>;
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
  // A third student in the first class (the fixture puts students[2] in another class).
  await t.db
    .insertInto('assigned_students_class')
    .values({ student_id: t.fixture.students[2].id, class_id: t.fixture.classes[0].id })
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe.each(['exercise', 'exam'] as const)('%s: changing the answer key', (kind) => {
  const idCol = `${kind}_id`;
  const base = `/${kind}s`;
  let itemId: number;
  let body: Json;
  const [s1, s2] = [() => t.fixture.students[0].id, () => t.fixture.students[1].id];
  const grade = async (who: string, studentId: number): Promise<Json> =>
    (await api(who, 'GET', `${base}/get-grade?${idCol}=${itemId}&student_id=${studentId}`)).json()[0];

  beforeAll(async () => {
    const classId = t.fixture.classes[0].id;
    if (kind === 'exercise') {
      const m = (
        await api('teacher', 'POST', '/materials', {
          title: 'Bab 1',
          description: 'd',
          content: 'c',
          class_id: classId,
        })
      ).json();
      body = { title: 'Latihan', total_marks: 90, material_id: m.id, content: CONTENT };
    } else {
      body = {
        title: 'UTS',
        total_marks: 90,
        class_id: classId,
        content: CONTENT,
        start_time: formatWib(new Date(Date.now() - HOUR)),
        end_time: formatWib(new Date(Date.now() + HOUR)),
      };
    }
    itemId = (await api('teacher', 'POST', base, body)).json().id;
    // student: Q1 "A" (the key says B), Q2 right, an essay the teacher scores by hand;
    // student2: Q1 "B", Q2 right, the reference answer word for word (full automatic marks).
    for (const [who, answers] of [
      ['student', { 1: 'A', 2: 'b', 3: 'Tumbuhan memasak' }],
      ['student2', { 1: 'B', 2: 'b', 3: 'proses tumbuhan membuat makanan dari cahaya matahari' }],
    ] as const) {
      expect((await api(who, 'POST', `${base}-answers`, { [idCol]: itemId, answers })).statusCode).toBe(200);
      expect((await api(who, 'POST', `${base}/calculate-grade`, { [idCol]: itemId })).statusCode).toBe(200);
    }
    const set = await api('teacher', 'PATCH', `${base}/essay-score`, {
      [idCol]: itemId,
      student_id: s1(),
      number: 3,
      score: 15,
      comment: ' Sebutkan klorofil. ',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().score).toBe(45); // Q2 30 + essay 15
    expect((await grade('teacher', s2())).score).toBe(90);
  });

  it('the teacher can count the submissions an edit re-grades; nobody else can', async () => {
    const res = await api('teacher', 'GET', `${base}/graded-count?${idCol}=${itemId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect((await api('teacher2', 'GET', `${base}/graded-count?${idCol}=${itemId}`)).statusCode).toBe(403);
    expect((await api('student', 'GET', `${base}/graded-count?${idCol}=${itemId}`)).statusCode).toBe(403);
  });

  it("a new MC key re-grades at once; the teacher's essay score is kept", async () => {
    const res = await api('teacher', 'PUT', `${base}?id=${itemId}`, {
      ...body,
      content: { ...CONTENT, '1_answer': 'a' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().regraded).toBe(2);

    const g1 = await grade('teacher', s1());
    expect(g1.detail['1']).toEqual({ kind: 'mc', correct: true });
    expect(g1.detail['3']).toEqual({
      kind: 'essay',
      score: 15,
      max: 30,
      source: 'teacher',
      pending: false,
      comment: 'Sebutkan klorofil.',
    });
    expect(g1.score).toBe(75);
    const g2 = await grade('teacher', s2());
    expect(g2.detail['1']).toEqual({ kind: 'mc', correct: false });
    expect(g2.score).toBe(60);

    // What the teacher's review and the student's grades list read.
    const review = (await api('teacher', 'GET', `${base}/submission?${idCol}=${itemId}&student_id=${s1()}`)).json();
    expect(review.answers['1']).toBe('A');
    expect(review.content['1_answer']).toBe('a');
    expect(review.detail['1']).toEqual({ kind: 'mc', correct: true });
    expect(review.score).toBe(75);
    const all = (await api('student', 'GET', `${base}/get-all-grade`)).json<Json[]>();
    expect(all.find((g) => g[idCol] === itemId)!.score).toBe(75);
  });

  it("a changed reference answer scores automatic essays again; a new total scales the teacher's essay score", async () => {
    const content = { ...CONTENT, '1_answer': 'a', '3_essay_answer': 'klorofil menangkap cahaya' };
    const res = await api('teacher', 'PUT', `${base}?id=${itemId}`, { ...body, total_marks: 60, content });
    expect(res.json().regraded).toBe(2);
    const g1 = await grade('teacher', s1());
    // 15 of 30 → 10 of 20
    expect(g1.detail['3']).toEqual({
      kind: 'essay',
      score: 10,
      max: 20,
      pending: false,
      source: 'teacher',
      comment: 'Sebutkan klorofil.',
    });
    expect(g1.score).toBe(50);
    const g2 = await grade('teacher', s2());
    expect(g2.detail['3']).toMatchObject({ source: 'local', pending: false, max: 20 });
    expect(g2.detail['3'].score).toBeLessThan(20); // the old reference matched word for word, the new one does not
    expect(g2.score).toBe(20 + g2.detail['3'].score);
  });

  it('a sheet submitted after the edit is graded with the new key; the count follows', async () => {
    expect(
      (await api('student3', 'POST', `${base}-answers`, { [idCol]: itemId, answers: { 1: 'a', 2: 'c' } })).statusCode,
    ).toBe(200);
    const g3 = (await api('student3', 'POST', `${base}/calculate-grade`, { [idCol]: itemId })).json();
    expect(g3.score).toBe(20);
    expect((await api('teacher', 'GET', `${base}/graded-count?${idCol}=${itemId}`)).json()).toEqual({ count: 3 });
  });
});

describe("the teacher's comment on an essay", () => {
  it('is optional, kept when only the score changes, removed when blank, capped, and reaches the student', async () => {
    const m = (
      await api('teacher', 'POST', '/materials', {
        title: 'Bab 2',
        description: 'd',
        content: 'c',
        class_id: t.fixture.classes[0].id,
      })
    ).json();
    const ex = (
      await api('teacher', 'POST', '/exercises', {
        title: 'L',
        total_marks: 100,
        material_id: m.id,
        content: { '1_essay': 'Jelaskan' },
      })
    ).json();
    await api('student', 'POST', '/exercises-answers', { exercise_id: ex.id, answers: { 1: 'Jawaban' } });
    await api('student', 'POST', '/exercises/calculate-grade', { exercise_id: ex.id });
    const set = (payload: Json) =>
      api('teacher', 'PATCH', '/exercises/essay-score', {
        exercise_id: ex.id,
        student_id: t.fixture.students[0].id,
        number: 1,
        ...payload,
      });
    expect((await set({ score: 70, comment: 'Kurang contoh.' })).json().detail['1'].comment).toBe('Kurang contoh.');
    expect((await set({ score: 80 })).json().detail['1']).toMatchObject({ score: 80, comment: 'Kurang contoh.' });
    const mine = (await api('student', 'GET', `/exercises/get-grade?exercise_id=${ex.id}`)).json()[0];
    expect(mine.detail['1']).toMatchObject({ score: 80, comment: 'Kurang contoh.' });
    expect((await set({ score: 80, comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await set({ score: 80, comment: '  ' })).json().detail['1']).toEqual({
      kind: 'essay',
      score: 80,
      max: 100,
      pending: false,
      source: 'teacher',
    });
  });
});
