/**
 * Rights follow the class, not the author: after the admin gives a class to another teacher (`PUT /classes?id=`),
 * the previous teacher loses everything in it and the new one owns everything in it, whoever wrote it.
 */
import { formatWib } from '../../domain/exam-window';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
const HOUR = 3600_000;
const CONTENT = {
  '1': 'Q',
  '1_a': 'a',
  '1_b': 'b',
  '1_c': 'c',
  '1_d': 'd',
  '1_answer': 'a',
  '2_essay': 'Jelaskan',
  '2_essay_answer': 'x',
};
const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const json = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await api(who, method, url, payload);
  if (res.statusCode !== 200) throw new Error(`${method} ${url} as ${who}: ${res.statusCode} ${res.body}`);
  return res.json();
};

let classId: number;
let materialId: number;
let exerciseId: number;
let examId: number;
let studentId: number;
const window = (startHours: number, endHours: number) => ({
  start_time: formatWib(new Date(Date.now() + startHours * HOUR)),
  end_time: formatWib(new Date(Date.now() + endHours * HOUR)),
});

beforeAll(async () => {
  t = await buildTestApp();
  classId = t.fixture.classes[0].id;
  studentId = t.fixture.students[0].id;
  materialId = (
    await json('teacher', 'POST', '/materials', {
      title: 'M',
      description: 'd',
      content: '<p>m</p>',
      class_id: classId,
    })
  ).id;
  exerciseId = (
    await json('teacher', 'POST', '/exercises', {
      title: 'E',
      total_marks: 100,
      material_id: materialId,
      content: CONTENT,
    })
  ).id;
  examId = (
    await json('teacher', 'POST', '/exams', {
      title: 'X',
      total_marks: 100,
      class_id: classId,
      content: CONTENT,
      ...window(-1, 2),
    })
  ).id;
  await json('student', 'POST', '/exercises-answers', { exercise_id: exerciseId, answers: { 1: 'a', 2: 'jawaban' } });
  await json('student', 'POST', '/exercises/calculate-grade', { exercise_id: exerciseId });
  await json('student', 'POST', '/exams-answers', { exam_id: examId, answers: { 1: 'a' } });
  // The admin gives the class to teachers[1].
  await json('admin', 'PUT', `/classes?id=${classId}`, {
    name: 'X IPA 1',
    description: 'd',
    grade: 10,
    teacher_id: t.fixture.teachers[1].id,
  });
});
afterAll(async () => {
  await t.close();
});

describe('after PUT /classes gives the class to another teacher', () => {
  it('the previous teacher reads nothing of it: answer keys, answers, grades, submissions, lists', async () => {
    const denied = [
      `/exercises?material_id=${materialId}`,
      `/exams?class_id=${classId}`,
      `/materials/detail?id=${materialId}`,
      `/exercises-answers?exercise_id=${exerciseId}&student_id=${studentId}`,
      `/exams-answers?exam_id=${examId}`,
      `/exercises/get-grade?exercise_id=${exerciseId}&student_id=${studentId}`,
      `/exercises/submissions?exercise_id=${exerciseId}`,
      `/exams/submission?exam_id=${examId}&student_id=${studentId}`,
      `/classes/students?id=${classId}`,
    ];
    for (const url of denied) expect([url, (await api('teacher', 'GET', url)).statusCode]).toEqual([url, 403]);
    expect(await json('teacher', 'GET', `/exercises/get-all-grade?student_id=${studentId}`)).toEqual([]);
    expect((await json('teacher', 'GET', '/materials')).materials).toEqual([]);
    expect((await json('teacher', 'GET', '/stats/teacher')).upcoming_exams).toEqual([]);
  });

  it('the previous teacher changes nothing of it: materials, exercises, exams, essay scores, force-submit, the window', async () => {
    const writes: Array<[string, 'PUT' | 'DELETE' | 'POST', string, unknown?]> = [
      ['edit material', 'PUT', `/materials?id=${materialId}`, { title: 'x', description: 'd', content: '<p>x</p>' }],
      ['edit exercise', 'PUT', `/exercises?id=${exerciseId}`, { title: 'x', total_marks: 100, content: CONTENT }],
      [
        'move the exam window',
        'PUT',
        `/exams?id=${examId}`,
        { title: 'x', total_marks: 100, content: CONTENT, ...window(-1, 30) },
      ],
      [
        'essay score',
        'PUT',
        '/exercises/essay-score',
        { exercise_id: exerciseId, student_id: studentId, number: 2, score: 50 },
      ],
      ['force-submit', 'POST', '/exams/calculate-grade', { exam_id: examId, student_id: studentId }],
      [
        'new exercise material',
        'POST',
        '/materials',
        { title: 'n', description: 'd', content: '<p>n</p>', class_id: classId },
      ],
      ['delete exam', 'DELETE', `/exams?id=${examId}`],
      ['delete material', 'DELETE', `/materials?id=${materialId}`],
    ];
    for (const [what, method, url, body] of writes)
      expect([what, (await api('teacher', method, url, body)).statusCode]).toEqual([what, 403]);
  });

  it('the new teacher owns everything in it, though another teacher wrote it', async () => {
    const [exercise] = await json('teacher2', 'GET', `/exercises?material_id=${materialId}`);
    expect(exercise.content['1_answer']).toBe('a');
    expect((await json('teacher2', 'GET', '/materials')).materials.map((m: { id: number }) => m.id)).toEqual([
      materialId,
    ]);
    expect(await json('teacher2', 'GET', `/exercises/get-all-grade?student_id=${studentId}`)).toHaveLength(1);
    expect((await json('teacher2', 'GET', '/stats/teacher')).upcoming_exams.map((x: { id: number }) => x.id)).toEqual([
      examId,
    ]);
    expect(
      (
        await api('teacher2', 'PUT', '/exercises/essay-score', {
          exercise_id: exerciseId,
          student_id: studentId,
          number: 2,
          score: 50,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api('teacher2', 'PUT', `/exams?id=${examId}`, {
          title: 'x',
          total_marks: 100,
          content: CONTENT,
          ...window(-1, 3),
        })
      ).statusCode,
    ).toBe(200);
  });
});
