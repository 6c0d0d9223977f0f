/**
 * Item analysis against a hand-computed fixture: an exam whose class has graded sheets (one with a pending essay),
 * one sheet submitted by the real auto-submit job after the end, and a student who never started; an exercise with
 * a sheet still in progress. Every expected figure below is worked out by hand in the comments.
 */
import { toDbJson } from '../../db/json';
import { toDbTime } from '../../db/time';
import { formatWib } from '../../domain/exam-window';
import type { GradeDetail } from '../../domain/grading';
import { runExamAutoSubmit } from '../../domain/repo/exam-job';
import { scorerFrom } from '../../domain/scorers';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(60_000);

let t: TestApp;
const HOUR = 3600_000;
const api = (who: string, url: string) => t.injectWithLogin(who, { method: 'GET', url: `/api/v1${url}` });

// 3 questions, 90 marks: 30 each.
const EXAM_CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Solo',
  '1_answer': 'a',
  '2': '2 + 2 = ?',
  '2_a': '3',
  '2_b': '5',
  '2_c': '4',
  '2_d': '6',
  '2_answer': 'c',
  '3_essay': 'Jelaskan fotosintesis.',
};
// 2 questions, 100 marks: 50 each.
const EXERCISE_CONTENT = {
  '1': 'Pilih B',
  '1_a': 'A',
  '1_b': 'B',
  '1_c': 'C',
  '1_d': 'D',
  '1_answer': 'b',
  '2_essay': 'Tulis.',
};

const mc = (correct: boolean) => ({ kind: 'mc' as const, correct });
const essay = (score: number | null, max = 30) => ({
  kind: 'essay' as const,
  score,
  max,
  pending: score === null,
  source: 'teacher' as const,
});

let examId: number;
let exerciseId: number;
let students: number[]; // the class's 6 students: A, B (fixture), C, D, E, F

async function addStudent(name: string, nis: string): Promise<number> {
  const { id } = await t.db
    .insertInto('students')
    .values({
      name,
      nis,
      grade: 10,
      status: 'Active',
      user_id: null,
      phone_number: null,
      profile_picture_url: null,
      curr_score: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('assigned_students_class')
    .values({ student_id: id, class_id: t.fixture.classes[0].id })
    .execute();
  return id;
}

async function sheet(
  table: 'exam_answers' | 'exercise_answers',
  itemId: number,
  studentId: number,
  answers: Record<string, string>,
  graded?: { score: number; detail: GradeDetail; at: Date },
) {
  const idCol = table === 'exam_answers' ? 'exam_id' : 'exercise_id';
  const scores = table === 'exam_answers' ? 'exam_scores' : 'exercise_scores';
  await t.db
    .insertInto(table)
    .values({
      [idCol]: itemId,
      student_id: studentId,
      answers: toDbJson(answers),
      status: graded ? 'Inactive' : 'Active',
      submitted_at: graded ? toDbTime(graded.at) : null,
    } as never)
    .execute();
  if (graded) {
    await t.db
      .insertInto(scores)
      .values({ [idCol]: itemId, student_id: studentId, score: graded.score, detail: toDbJson(graded.detail) })
      .execute();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const classId = t.fixture.classes[0].id;
  students = [t.fixture.students[0].id, t.fixture.students[1].id];
  for (const [i, name] of ['Citra', 'Dodi', 'Eka', 'Fajar'].entries())
    students.push(await addStudent(name, `202410990${i}`));
  const [A, B, C, D, E] = students;

  const exam = await t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/exams',
    payload: {
      title: 'UTS',
      total_marks: 90,
      class_id: classId,
      content: EXAM_CONTENT,
      start_time: formatWib(new Date(Date.now() + HOUR)),
      end_time: formatWib(new Date(Date.now() + 2 * HOUR)),
    },
  });
  expect(exam.statusCode).toBe(200);
  examId = exam.json().id;
  // The window is over: it ran from 3 h to 1 h ago.
  const end = new Date(Date.now() - HOUR);
  await t.db
    .updateTable('exams')
    .set({ start_time: toDbTime(new Date(Date.now() - 3 * HOUR)), end_time: toDbTime(end) })
    .where('id', '=', examId)
    .execute();
  const inWindow = new Date(end.getTime() - HOUR);
  await sheet(
    'exam_answers',
    examId,
    A,
    { 1: 'a', 2: 'c', 3: 'Cahaya jadi gula.' },
    { score: 90, detail: { 1: mc(true), 2: mc(true), 3: essay(30) }, at: inWindow },
  );
  await sheet(
    'exam_answers',
    examId,
    B,
    { 1: 'b', 2: 'c', 3: 'Tumbuhan makan.' },
    { score: 45, detail: { 1: mc(false), 2: mc(true), 3: essay(15) }, at: inWindow },
  );
  // C: an essay still pending (its total counts it 0 for now)
  await sheet(
    'exam_answers',
    examId,
    C,
    { 1: ' A ', 2: '', 3: 'Belum dinilai.' },
    { score: 30, detail: { 1: mc(true), 2: mc(false), 3: essay(null) }, at: inWindow },
  );
  // D: '2': 'e' is no option (the API takes any text)
  await sheet(
    'exam_answers',
    examId,
    D,
    { 1: '', 2: 'e', 3: '' },
    { score: 0, detail: { 1: mc(false), 2: mc(false), 3: essay(0) }, at: inWindow },
  );
  // E never pressed Submit: the auto-submit job grades the open sheet (Q1 right, Q2 wrong, blank essay 0 → 30).
  await sheet('exam_answers', examId, E, { 1: 'a', 2: 'b' });
  expect(await runExamAutoSubmit(t.db, scorerFrom())).toBe(1);
  // F has no sheet.

  const material = await t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/materials',
    payload: { title: 'Bab 1', description: 'd', content: '<p>x</p>', class_id: classId },
  });
  const exercise = await t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/exercises',
    payload: { title: 'Latihan 1', total_marks: 100, material_id: material.json().id, content: EXERCISE_CONTENT },
  });
  expect(exercise.statusCode).toBe(200);
  exerciseId = exercise.json().id;
  await sheet(
    'exercise_answers',
    exerciseId,
    A,
    { 1: 'b', 2: 'Jawaban.' },
    { score: 100, detail: { 1: mc(true), 2: essay(50, 50) }, at: new Date() },
  );
  await sheet('exercise_answers', exerciseId, B, { 1: 'c' }); // in progress
});
afterAll(async () => {
  await t.close();
});

const bins = (max: number, n: number, counts: number[]) =>
  counts.map((count, i) => ({
    from: Math.round((max * i * 100) / n) / 100,
    to: Math.round((max * (i + 1) * 100) / n) / 100,
    count,
  }));

describe('exam analysis', () => {
  it('matches the hand-computed figures (pending essays apart, the auto-submitted sheet counted)', async () => {
    const res = await api('teacher', `/exams/analysis?exam_id=${examId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'exam',
      id: examId,
      title: 'UTS',
      total_marks: 90,
      students: 6,
      submitted: 5,
      in_progress: 0,
      not_started: 1,
      auto_submitted: 1, // E
      with_pending: 1, // C
      average: 39, // (90 + 45 + 30 + 0 + 30) / 5
      // bins of 9 marks: 0 → 0; 30, 30 → [27, 36); 45 → [45, 54); 90 → the last bin
      score_bins: bins(90, 10, [1, 0, 0, 2, 0, 1, 0, 0, 0, 1]),
      questions: [
        {
          n: 1,
          kind: 'mc',
          text: 'Ibu kota Indonesia?',
          answered: 4, // D left it blank
          key: 'a',
          correct: 3,
          correct_share: 0.6, // A, C (' A '), E of 5
          options: { a: 3, b: 1, c: 0, d: 0, none: 1, other: 0 },
          max: null,
          scored: null,
          pending: null,
          average: null,
          score_bins: null,
        },
        {
          n: 2,
          kind: 'mc',
          text: '2 + 2 = ?',
          answered: 4, // C blank; D's 'e' is an answer, just no option
          key: 'c',
          correct: 2,
          correct_share: 0.4, // A, B
          options: { a: 0, b: 1, c: 2, d: 0, none: 1, other: 1 },
          max: null,
          scored: null,
          pending: null,
          average: null,
          score_bins: null,
        },
        {
          n: 3,
          kind: 'essay',
          text: 'Jelaskan fotosintesis.',
          answered: 3, // A, B, C wrote something
          key: null,
          correct: null,
          correct_share: null,
          options: null,
          max: 30,
          scored: 4,
          pending: 1, // A 30, B 15, D 0, E 0 (blank); C pending, not 0
          average: 11.25, // 45 / 4
          score_bins: bins(30, 5, [2, 0, 1, 0, 1]), // bins of 6 marks: 0, 0 | 15 | 30
        },
      ],
    });
  });

  it('the admin sees it too; another teacher, a student and unknown ids do not', async () => {
    expect((await api('admin', `/exams/analysis?exam_id=${examId}`)).json().average).toBe(39);
    expect((await api('teacher2', `/exams/analysis?exam_id=${examId}`)).statusCode).toBe(403);
    expect((await api('student', `/exams/analysis?exam_id=${examId}`)).statusCode).toBe(403);
    expect((await api('teacher', '/exams/analysis?exam_id=999999')).statusCode).toBe(404);
    expect((await api('teacher', '/exams/analysis')).statusCode).toBe(400);
  });

  it('follows the class: once the class has another teacher, the rights move with it', async () => {
    const classId = t.fixture.classes[0].id;
    await t.db.updateTable('classes').set({ teacher_id: t.fixture.teachers[1].id }).where('id', '=', classId).execute();
    try {
      expect((await api('teacher2', `/exams/analysis?exam_id=${examId}`)).statusCode).toBe(200);
      expect((await api('teacher', `/exams/analysis?exam_id=${examId}`)).statusCode).toBe(403);
    } finally {
      await t.db
        .updateTable('classes')
        .set({ teacher_id: t.fixture.teachers[0].id })
        .where('id', '=', classId)
        .execute();
    }
  });
});

describe('exercise analysis', () => {
  it('counts a sheet in progress apart and has no automatic submissions', async () => {
    const res = await api('teacher', `/exercises/analysis?exercise_id=${exerciseId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'exercise',
      id: exerciseId,
      title: 'Latihan 1',
      total_marks: 100,
      students: 6,
      submitted: 1,
      in_progress: 1,
      not_started: 4,
      auto_submitted: null,
      with_pending: 0,
      average: 100,
      score_bins: bins(100, 10, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
      questions: [
        {
          n: 1,
          kind: 'mc',
          answered: 1,
          key: 'b',
          correct: 1,
          correct_share: 1,
          options: { a: 0, b: 1, c: 0, d: 0, none: 0, other: 0 },
        },
        {
          n: 2,
          kind: 'essay',
          answered: 1,
          max: 50,
          scored: 1,
          pending: 0,
          average: 50,
          score_bins: bins(50, 5, [0, 0, 0, 0, 1]),
        },
      ],
    });
    expect((await api('teacher', `/exams/analysis?exam_id=${exerciseId + 1000}`)).statusCode).toBe(404);
    expect((await api('student', `/exercises/analysis?exercise_id=${exerciseId}`)).statusCode).toBe(403);
  });
});
