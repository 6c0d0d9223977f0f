import { createAnswerItems, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// The exercise and exam routes describe their replies with response schemas: every reply keeps the
// keys, their order and the bytes JSON.stringify wrote before.
jest.setTimeout(30_000);

let t: TestApp;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (who: string, method: Method, url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const CONTENT = {
  '1': 'Q1',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'c',
  '2_essay': 'Jelaskan',
  '2_essay_answer': 'x',
};

/** The parsed reply, after checking its bytes are what JSON.stringify writes for it (no reordering, no reformatting). */
async function reply(who: string, method: Method, url: string, payload?: unknown) {
  const res = await api(who, method, url, payload);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(res.body).toBe(JSON.stringify(body));
  return body;
}

let items: Record<AnswerKind, AnswerItem>;
beforeAll(async () => {
  t = await buildTestApp();
  items = await createAnswerItems(t, CONTENT);
});
afterAll(async () => {
  await t.close();
});

describe.each(['exercise', 'exam'] as const)('%s replies keep their keys and order', (kind) => {
  const base = kind === 'exercise' ? '/exercises' : '/exams';
  const idCol = kind === 'exercise' ? 'exercise_id' : 'exam_id';
  const item = () => items[kind];
  const itemKeys =
    kind === 'exercise'
      ? ['id', 'material_id', 'title', 'content', 'total_marks', 'teacher_id', 'shuffle_questions', 'shuffle_options']
      : [
          'id',
          'class_id',
          'title',
          'content',
          'total_marks',
          'teacher_id',
          'shuffle_questions',
          'shuffle_options',
          'start_time',
          'end_time',
          'status',
          'server_time',
          'kind',
          'kind_label',
          'closed_at',
          'show_answers',
        ];
  const gradeKeys = ['id', idCol, 'student_id', 'score', 'detail'];

  it('PUT answers the item and how many sheets it re-graded', async () => {
    expect(await reply('teacher', 'GET', `${base}/graded-count?${idCol}=${item().id}`)).toEqual({ count: 0 });
    const put = await reply('teacher', 'PUT', `${base}?id=${item().id}`, {
      title: 'Baru',
      total_marks: 100,
      content: CONTENT,
      ...(kind === 'exam' ? { start_time: '2020-01-01T08:00:00+07:00', end_time: '2099-01-01T08:00:00+07:00' } : {}),
    });
    expect(Object.keys(put)).toEqual([...itemKeys, 'regraded']);
    expect(put).toMatchObject({ title: 'Baru', content: CONTENT, regraded: 0 });
  });

  it('grading replies: calculate-grade, get-grade, get-all-grade, essay-score', async () => {
    await api('student', 'POST', `${base}-answers`, { [idCol]: item().id, answers: { '1': 'c', '2': 'esai' } });
    const graded = await reply('student', 'POST', `${base}/calculate-grade`, { [idCol]: item().id });
    expect(Object.keys(graded)).toEqual(gradeKeys);
    const one = await reply('student', 'GET', `${base}/get-grade?${idCol}=${item().id}`);
    expect(one.map(Object.keys)).toEqual([gradeKeys]);
    const all = await reply('teacher', 'GET', `${base}/get-all-grade?student_id=${t.fixture.students[0].id}`);
    expect(all.map(Object.keys)).toEqual([gradeKeys]);
    const scored = await reply('teacher', 'PATCH', `${base}/essay-score`, {
      [idCol]: item().id,
      student_id: t.fixture.students[0].id,
      number: 2,
      score: 10,
      comment: 'Bagus',
    });
    expect(Object.keys(scored)).toEqual(gradeKeys);
  });

  it('the teacher views: submissions and one submission', async () => {
    const list = await reply('teacher', 'GET', `${base}/submissions?${idCol}=${item().id}`);
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) {
      expect(Object.keys(row)).toEqual([
        'student_id',
        'name',
        'nis',
        'sheet_id',
        'status',
        'score',
        'pending_essays',
        'auto_scored_essays',
        'needs_review',
        'auto_submitted',
        'order_seed',
        'active',
      ]);
    }
    const one = await reply(
      'teacher',
      'GET',
      `${base}/submission?${idCol}=${item().id}&student_id=${t.fixture.students[0].id}`,
    );
    expect(Object.keys(one)).toEqual(['student', 'content', 'answers', 'score', 'detail']);
    expect(Object.keys(one.student)).toEqual(['id', 'name', 'nis']);
    expect(one.answers).toEqual({ '1': 'c', '2': 'esai' });
  });

  it('DELETE answers a message; POST creates again with the item keys', async () => {
    expect(await reply('teacher', 'DELETE', `${base}?id=${item().id}`)).toEqual({
      message: `${kind === 'exercise' ? 'Exercise' : 'Exam'} deleted successfully`,
    });
    const parent =
      kind === 'exercise'
        ? {
            material_id: (await reply('teacher', 'GET', `/materials?class_id=${t.fixture.classes[0].id}`)).materials[0]
              .id,
          }
        : {
            class_id: t.fixture.classes[0].id,
            start_time: '2020-01-01T08:00:00+07:00',
            end_time: '2099-01-01T08:00:00+07:00',
          };
    const created = await reply('teacher', 'POST', base, {
      title: 'Lagi',
      total_marks: 50,
      content: CONTENT,
      shuffle_questions: true,
      ...parent,
    });
    expect(Object.keys(created)).toEqual(itemKeys);
    expect(created).toMatchObject({ title: 'Lagi', total_marks: 50, shuffle_questions: true, shuffle_options: false });
  });
});
