/**
 * The teacher's review queue: GET /exams/submissions marks sheets with pending or automatic essay scores and those
 * submitted automatically at the end of the exam; saving an automatic score unchanged (essay-score) confirms it.
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
let examId: number;
let students: number[];

const CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Solo',
  '1_answer': 'a',
  '2_essay': 'Jelaskan fotosintesis.',
};
const mc = (correct: boolean) => ({ kind: 'mc' as const, correct });
const essay = (score: number | null, source: 'local' | 'teacher') => ({
  kind: 'essay' as const,
  score,
  max: 50,
  pending: score === null,
  source,
});

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
  studentId: number,
  answers: Record<string, string>,
  graded?: { score: number; detail: GradeDetail; at: Date },
) {
  await t.db
    .insertInto('exam_answers')
    .values({
      exam_id: examId,
      student_id: studentId,
      answers: toDbJson(answers),
      status: graded ? 'Inactive' : 'Active',
      submitted_at: graded ? toDbTime(graded.at) : null,
    } as never)
    .execute();
  if (graded)
    await t.db
      .insertInto('exam_scores')
      .values({ exam_id: examId, student_id: studentId, score: graded.score, detail: toDbJson(graded.detail) })
      .execute();
}

const submissions = async () => {
  const res = await t.injectWithLogin('teacher', { method: 'GET', url: `/api/v1/exams/submissions?exam_id=${examId}` });
  expect(res.statusCode).toBe(200);
  return new Map(res.json<Array<Record<string, unknown>>>().map((r) => [r.student_id as number, r]));
};
const marks = (r: Record<string, unknown> | undefined) =>
  r && {
    pending_essays: r.pending_essays,
    auto_scored_essays: r.auto_scored_essays,
    needs_review: r.needs_review,
    auto_submitted: r.auto_submitted,
  };

beforeAll(async () => {
  t = await buildTestApp();
  students = [t.fixture.students[0].id, t.fixture.students[1].id];
  for (const [i, name] of ['Citra', 'Dodi', 'Eka'].entries()) students.push(await addStudent(name, `202410880${i}`));
  const exam = await t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/exams',
    payload: {
      title: 'UTS',
      total_marks: 100,
      class_id: t.fixture.classes[0].id,
      content: CONTENT,
      start_time: formatWib(new Date(Date.now() + HOUR)),
      end_time: formatWib(new Date(Date.now() + 2 * HOUR)),
    },
  });
  expect(exam.statusCode).toBe(200);
  examId = exam.json().id;
  const end = new Date(Date.now() - HOUR);
  await t.db
    .updateTable('exams')
    .set({ start_time: toDbTime(new Date(Date.now() - 3 * HOUR)), end_time: toDbTime(end) })
    .where('id', '=', examId)
    .execute();
  const inWindow = new Date(end.getTime() - HOUR);
  const [A, B, C, D] = students;
  await sheet(
    A,
    { 1: 'a', 2: 'Cahaya jadi gula.' },
    { score: 90, detail: { 1: mc(true), 2: essay(40, 'local') }, at: inWindow },
  );
  await sheet(
    B,
    { 1: 'a', 2: 'Tumbuhan makan.' },
    { score: 50, detail: { 1: mc(true), 2: essay(null, 'local') }, at: inWindow },
  );
  await sheet(
    C,
    { 1: 'a', 2: 'Klorofil.' },
    { score: 80, detail: { 1: mc(true), 2: essay(30, 'teacher') }, at: inWindow },
  );
  // D never pressed Submit: the job submits (blank essay: an automatic 0 that needs no review).
  await sheet(D, { 1: 'a' });
  expect(await runExamAutoSubmit(t.db, scorerFrom())).toBe(1);
  // E has no sheet.
});
afterAll(async () => {
  await t.close();
});

it('marks pending, automatic and auto-submitted sheets', async () => {
  const rows = await submissions();
  const [A, B, C, D, E] = students;
  expect(marks(rows.get(A))).toEqual({
    pending_essays: 0,
    auto_scored_essays: 1,
    needs_review: true,
    auto_submitted: false,
  });
  expect(marks(rows.get(B))).toEqual({
    pending_essays: 1,
    auto_scored_essays: 0,
    needs_review: true,
    auto_submitted: false,
  });
  expect(marks(rows.get(C))).toEqual({
    pending_essays: 0,
    auto_scored_essays: 0,
    needs_review: false,
    auto_submitted: false,
  });
  expect(marks(rows.get(D))).toEqual({
    pending_essays: 0,
    auto_scored_essays: 0,
    needs_review: false,
    auto_submitted: true,
  });
  expect(marks(rows.get(E))).toEqual({
    pending_essays: 0,
    auto_scored_essays: 0,
    needs_review: false,
    auto_submitted: false,
  });
});

it('saving an automatic score unchanged confirms it (the score stays, the sheet leaves the queue)', async () => {
  const [A] = students;
  const res = await t.injectWithLogin('teacher', {
    method: 'PATCH',
    url: '/api/v1/exams/essay-score',
    payload: { exam_id: examId, student_id: A, number: 2, score: 40 },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().score).toBe(90);
  expect(res.json().detail['2']).toMatchObject({ score: 40, source: 'teacher', pending: false });
  expect(marks((await submissions()).get(A))).toEqual({
    pending_essays: 0,
    auto_scored_essays: 0,
    needs_review: false,
    auto_submitted: false,
  });
});
