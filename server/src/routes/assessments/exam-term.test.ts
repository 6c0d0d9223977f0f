import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { failureOf } from '../../../test/failure-of';

// A class's term of exams: one current exam (what the class-keyed routes serve), closed ones kept and readable by id.
jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const at = (offsetMs: number) => formatWib(new Date(Date.now() + offsetMs));
const CONTENT = { '1': 'Q1', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'c', '1_pict': '' };
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const classId = () => t.fixture.classes[0].id;
const body = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
  title: 'Ulangan 1',
  total_marks: 100,
  class_id: classId(),
  start_time: start,
  end_time: end,
  content: { ...CONTENT, '1_pict': undefined },
  ...extra,
});
const hasKeys = (content: Record<string, string>) => Object.keys(content).some((k) => k.endsWith('_answer'));

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a term of exams per class, one current at a time', () => {
  let first: number;
  let second: number;

  it('closes only an ended exam, by its owner; the class-keyed routes then serve no exam', async () => {
    const created = await api('teacher', 'POST', '/exams', body(at(-HOUR), at(HOUR), { kind: 'daily' }));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ kind: 'daily', kind_label: null, closed_at: null, show_answers: false });
    first = created.json().id;
    await api('student', 'POST', '/exams-answers', { exam_id: first, answers: { 1: 'c' } });
    await api('student', 'POST', '/exams/calculate-grade', { exam_id: first });

    const early = await api('teacher', 'POST', `/exams/close?id=${first}`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'exam-not-ended',
      message: 'Only an exam that has ended can be closed',
    });
    expect((await api('teacher', 'PATCH', `/exams?id=${first}`, body(at(-2 * HOUR), at(-1000)))).statusCode).toBe(200);

    for (const who of ['teacher2', 'student', 'student3'])
      expect((await api(who, 'POST', `/exams/close?id=${first}`)).statusCode).toBe(403);
    expect((await api('teacher', 'POST', '/exams/close?id=999999')).statusCode).toBe(404);
    expect((await api('teacher', 'POST', '/exams/close?id=99999999999999999999')).statusCode).toBe(400);
    const closed = await api('teacher', 'POST', `/exams/close?id=${first}`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      id: first,
      status: 'Completed',
      closed_at: expect.stringMatching(/\+07:00$/),
    });
    // a closed exam is not given again by moving its window: reopen it first (its key may still be corrected)
    const again = await api('teacher', 'PATCH', `/exams?id=${first}`, body(at(-HOUR), at(HOUR)));
    expect([again.statusCode, again.json().code]).toEqual([409, 'exam-already-closed']);
    expect((await api('teacher', 'PATCH', `/exams?id=${first}`, body(at(-2 * HOUR), at(-1000)))).statusCode).toBe(200);
    const twice = await api('teacher', 'POST', `/exams/close?id=${first}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('exam-already-closed');

    // What the original client calls, keyed by class, knows only the current exam: there is none now.
    for (const who of ['teacher', 'student', 'admin']) {
      expect((await api(who, 'GET', `/exams?class_id=${classId()}&number=0`)).json()).toEqual([]);
      expect((await api(who, 'GET', `/exams/student?class_id=${classId()}&number=1`)).json()).toEqual([]);
    }
  });

  it('keeps the closed exam readable by id with its sheets and grades, for its teacher and its students', async () => {
    const teacherView = await api('teacher', 'GET', `/exams/by-id?id=${first}`);
    expect(teacherView.statusCode).toBe(200);
    expect(teacherView.json()).toMatchObject({ id: first, title: 'Ulangan 1', closed_at: expect.any(String) });
    expect(hasKeys(teacherView.json().content)).toBe(true);
    const studentView = await api('student', 'GET', `/exams/by-id?id=${first}`);
    expect(studentView.statusCode).toBe(200);
    expect(studentView.json().content['1']).toBe('Q1');
    expect(hasKeys(studentView.json().content)).toBe(false);
    expect((await api('student3', 'GET', `/exams/by-id?id=${first}`)).statusCode).toBe(403);
    expect((await api('teacher2', 'GET', `/exams/by-id?id=${first}`)).statusCode).toBe(403);
    expect((await api('student', 'GET', `/exams/get-grade?exam_id=${first}`)).json()).toEqual([
      expect.objectContaining({ score: 100 }),
    ]);
    const subs = await api('teacher', 'GET', `/exams/submissions?exam_id=${first}`);
    expect(subs.json().find((s: { student_id: number }) => s.student_id === t.fixture.students[0].id)).toMatchObject({
      status: 'Submitted',
      score: 100,
    });
    expect((await api('teacher', 'GET', `/exams/analysis?exam_id=${first}`)).statusCode).toBe(200);
    // answers to a closed exam stay refused (it has ended)
    expect((await api('student2', 'POST', '/exams-answers', { exam_id: first, answers: {} })).statusCode).toBe(403);
  });

  it('frees the class for the next exam, which then is the one the class-keyed routes serve; still one current exam', async () => {
    const next = await api(
      'teacher',
      'POST',
      '/exams',
      body(at(-HOUR), at(HOUR), { title: 'PTS Ganjil', kind: 'midterm' }),
    );
    expect(next.statusCode).toBe(200);
    second = next.json().id;
    const again = await api('teacher', 'POST', '/exams', body(at(-HOUR), at(HOUR)));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Exam already exists');
    expect((await api('student', 'GET', `/exams?class_id=${classId()}`)).json()).toEqual([
      expect.objectContaining({ id: second, kind: 'midterm' }),
    ]);
    expect((await api('teacher', 'GET', `/exams?class_id=${classId()}`)).json()).toEqual([
      expect.objectContaining({ id: second }),
    ]);

    const list = await api('student', 'GET', `/exams/of-class?class_id=${classId()}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { id: number; closed_at: string | null }) => [e.id, e.closed_at === null])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(list.json()[0]).not.toHaveProperty('content');
    expect((await api('student3', 'GET', `/exams/of-class?class_id=${classId()}`)).statusCode).toBe(403);
    expect((await api('teacher2', 'GET', `/exams/of-class?class_id=${classId()}`)).statusCode).toBe(403);

    // The database holds the rule too: a second current exam of the class is refused.
    const insert = t.db
      .insertInto('exams')
      .values({
        class_id: classId(),
        title: 'x',
        content: '{}',
        total_marks: 100,
        teacher_id: t.fixture.teachers[0].id,
        start_time: new Date().toISOString(),
        end_time: new Date(Date.now() + HOUR).toISOString(),
      })
      .execute();
    expect(await failureOf(insert)).toMatch(/unique|duplicate/i);
  });

  it("previews every exam of the term by id for the class's teacher (the Past exams' Preview): current and closed, with its key", async () => {
    const term = (await api('teacher', 'GET', `/exams/of-class?class_id=${classId()}`)).json<
      {
        id: number;
        closed_at: string | null;
      }[]
    >();
    expect(term.map((e) => e.closed_at === null)).toEqual([true, false]); // the current one first, then the closed one
    for (const { id } of term) {
      for (const who of ['teacher', 'admin']) {
        const res = await api(who, 'GET', `/exams/by-id?id=${id}`);
        expect([who, id, res.statusCode, hasKeys(res.json().content)]).toEqual([who, id, 200, true]);
      }
      // another class's teacher is refused, whatever the exam's state
      expect((await api('teacher2', 'GET', `/exams/by-id?id=${id}`)).statusCode).toBe(403);
    }
    expect((await api('teacher2', 'GET', `/exams/of-class?class_id=${classId()}`)).statusCode).toBe(403);
  });

  it('reopens a closed exam only while the class has no current exam', async () => {
    const blocked = await api('teacher', 'POST', `/exams/reopen?id=${first}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'class-has-current-exam' });
    const notClosed = await api('teacher', 'POST', `/exams/reopen?id=${second}`);
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json().code).toBe('exam-not-closed');
    for (const who of ['teacher2', 'student'])
      expect((await api(who, 'POST', `/exams/reopen?id=${first}`)).statusCode).toBe(403);

    await api(
      'teacher',
      'PATCH',
      `/exams?id=${second}`,
      body(at(-2 * HOUR), at(-1000), { title: 'PTS Ganjil', kind: 'midterm' }),
    );
    expect((await api('teacher', 'POST', `/exams/close?id=${second}`)).statusCode).toBe(200);
    const reopened = await api('admin', 'POST', `/exams/reopen?id=${first}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ id: first, closed_at: null });
    expect((await api('student', 'GET', `/exams?class_id=${classId()}`)).json()).toEqual([
      expect.objectContaining({ id: first }),
    ]);
    expect((await api('teacher', 'POST', `/exams/reopen?id=${second}`)).json().code).toBe('class-has-current-exam');
  });

  it('takes the kind of an exam: daily, midterm, final, or a free text of its own', async () => {
    const window = [at(-2 * HOUR), at(-1000)] as const;
    const edit = (extra: Record<string, unknown>) =>
      api('teacher', 'PATCH', `/exams?id=${first}`, body(...window, extra));
    expect((await edit({ kind: 'final' })).json()).toMatchObject({ kind: 'final', kind_label: null });
    expect((await edit({ kind: 'other', kind_label: '  Kuis Bab 3 ✓ ' })).json()).toMatchObject({
      kind: 'other',
      kind_label: 'Kuis Bab 3 ✓',
    });
    // omitted: unchanged
    expect((await edit({})).json()).toMatchObject({ kind: 'other', kind_label: 'Kuis Bab 3 ✓' });
    const refused = [
      { kind: 'other' },
      { kind: 'other', kind_label: '   ' },
      { kind: 'other', kind_label: 'x'.repeat(61) },
      { kind: 'other', kind_label: 'x'.repeat(201) },
      { kind: 'weekly' },
      { kind: 1 },
      { show_answers: 'yes' },
    ];
    for (const extra of refused) {
      const res = await edit(extra);
      expect([JSON.stringify(extra), res.statusCode, res.json().code]).toEqual([
        JSON.stringify(extra),
        400,
        expect.stringMatching(/^validation-/),
      ]);
    }
    expect((await api('teacher', 'GET', `/exams/by-id?id=${first}`)).json()).toMatchObject({
      kind: 'other',
      kind_label: 'Kuis Bab 3 ✓',
    });
    // an emoji counts as one character of the 60
    expect((await edit({ kind: 'other', kind_label: '😀'.repeat(60) })).statusCode).toBe(200);
  });
});
