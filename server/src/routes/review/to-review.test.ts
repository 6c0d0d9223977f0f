/**
 * GET /classes/to-review: the class's exercises and exam with submitted sheets to review, pending first; only the
 * class's managers; confirming the last automatic score takes an item off the list.
 */
import { toDbJson } from '../../db/json';
import { toDbTime } from '../../db/time';
import { formatWib } from '../../domain/exam-window';
import type { GradeDetail } from '../../domain/grading';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(60_000);

let t: TestApp;
const HOUR = 3600_000;
const CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Solo',
  '1_answer': 'a',
  '2_essay': 'Jelaskan fotosintesis.',
  '2_essay_answer': 'cahaya air karbon dioksida',
};
const essay = (score: number | null, source: 'local' | 'teacher') => ({
  kind: 'essay' as const,
  score,
  max: 50,
  pending: score === null,
  source,
});
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

let classId: number;
let exerciseA: number; // auto-scored sheets only
let exerciseB: number; // every essay confirmed by the teacher: not listed
let exerciseC: number; // one pending sheet, newest
let examId: number; // one pending and one auto-scored sheet
let materialA: number;

async function post<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await t.injectWithLogin('teacher', { method: 'POST', url: `/api/v1${url}`, payload });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

async function exerciseOf(title: string): Promise<{ exercise: number; material: number }> {
  const material = (
    await post<{ id: number }>('/materials', {
      title: `Bab ${title}`,
      description: 'd',
      content: '<p>x</p>',
      class_id: classId,
    })
  ).id;
  const exercise = (
    await post<{ id: number }>('/exercises', { title, total_marks: 100, material_id: material, content: CONTENT })
  ).id;
  return { exercise, material };
}

/** A submitted, graded sheet written straight into the tables. */
async function graded(
  kind: 'exercise' | 'exam',
  itemId: number,
  studentId: number,
  essayDetail: GradeDetail[string],
  at: Date,
  essayAnswer = 'Cahaya jadi gula.',
) {
  const sheets = kind === 'exam' ? 'exam_answers' : 'exercise_answers';
  const scores = kind === 'exam' ? 'exam_scores' : 'exercise_scores';
  const col = kind === 'exam' ? 'exam_id' : 'exercise_id';
  await t.db
    .insertInto(sheets)
    .values({
      [col]: itemId,
      student_id: studentId,
      answers: toDbJson({ 1: 'a', 2: essayAnswer }),
      status: 'Inactive',
      submitted_at: toDbTime(at),
    } as never)
    .execute();
  const detail: GradeDetail = { 1: { kind: 'mc', correct: true }, 2: essayDetail };
  await t.db
    .insertInto(scores)
    .values({ [col]: itemId, student_id: studentId, score: 50, detail: toDbJson(detail) })
    .execute();
}

const list = async (who = 'teacher', id = classId) =>
  t.injectWithLogin(who, { method: 'GET', url: `/api/v1/classes/to-review?id=${id}` });

beforeAll(async () => {
  t = await buildTestApp();
  classId = t.fixture.classes[0].id;
  const [s1, s2] = t.fixture.students;
  const a = await exerciseOf('Latihan A');
  exerciseA = a.exercise;
  materialA = a.material;
  exerciseB = (await exerciseOf('Latihan B')).exercise;
  exerciseC = (await exerciseOf('Latihan C')).exercise;
  examId = (
    await post<{ id: number }>('/exams', {
      title: 'UTS',
      total_marks: 100,
      class_id: classId,
      content: CONTENT,
      start_time: formatWib(new Date(Date.now() + HOUR)),
      end_time: formatWib(new Date(Date.now() + 2 * HOUR)),
    })
  ).id;
  await t.db
    .updateTable('exams')
    .set({ start_time: toDbTime(ago(5)), end_time: toDbTime(ago(1)) })
    .where('id', '=', examId)
    .execute();

  await graded('exercise', exerciseA, s1.id, essay(40, 'local'), ago(10));
  await graded('exercise', exerciseA, s2.id, essay(30, 'local'), ago(20));
  await graded('exercise', exerciseB, s1.id, essay(40, 'teacher'), ago(30));
  // A blank essay's automatic 0 needs no review.
  await graded('exercise', exerciseB, s2.id, essay(0, 'local'), ago(30), '  ');
  await graded('exercise', exerciseC, s1.id, essay(null, 'local'), ago(2));
  await graded('exam', examId, s1.id, essay(null, 'local'), ago(3));
  await graded('exam', examId, s2.id, essay(45, 'local'), ago(4));
});
afterAll(async () => {
  await t.close();
});

it('lists the items with sheets to review, pending first, oldest waiting first', async () => {
  const res = await list();
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ class_id: classId, class_name: t.fixture.classes[0].name });
  expect(body.items).toEqual([
    {
      kind: 'exam',
      id: examId,
      title: 'UTS',
      material_id: null,
      material_title: null,
      to_review: 2,
      pending_sheets: 1,
      auto_scored_sheets: 1,
      oldest_submitted_at: expect.any(String),
    },
    {
      kind: 'exercise',
      id: exerciseC,
      title: 'Latihan C',
      material_id: expect.any(Number),
      material_title: 'Bab Latihan C',
      to_review: 1,
      pending_sheets: 1,
      auto_scored_sheets: 0,
      oldest_submitted_at: expect.any(String),
    },
    {
      kind: 'exercise',
      id: exerciseA,
      title: 'Latihan A',
      material_id: materialA,
      material_title: 'Bab Latihan A',
      to_review: 2,
      pending_sheets: 0,
      auto_scored_sheets: 2,
      oldest_submitted_at: expect.any(String),
    },
  ]);
  // The earliest submission among the sheets to review, in UTC.
  const oldest = body.items.find(
    (i: { id: number; kind: string }) => i.kind === 'exercise' && i.id === exerciseA,
  ).oldest_submitted_at;
  expect(oldest).toMatch(/Z$/);
  expect(Math.abs(new Date(oldest).getTime() - ago(20).getTime())).toBeLessThan(60_000);
});

it('agrees with the grades screen: the same sheets are marked needs_review in the submissions listing', async () => {
  const res = await t.injectWithLogin('teacher', { method: 'GET', url: `/api/v1/exams/submissions?exam_id=${examId}` });
  const marked = res
    .json<Array<{ needs_review: boolean; status: string }>>()
    .filter((r) => r.status === 'Submitted' && r.needs_review);
  expect(marked).toHaveLength(2);
});

it('leaves out students no longer in the class', async () => {
  const s2 = t.fixture.students[1].id;
  await t.db
    .deleteFrom('assigned_students_class')
    .where('student_id', '=', s2)
    .where('class_id', '=', classId)
    .execute();
  try {
    const items = (await list()).json().items as Array<{ kind: string; id: number; to_review: number }>;
    expect(items.find((i) => i.kind === 'exercise' && i.id === exerciseA)?.to_review).toBe(1);
  } finally {
    await t.db.insertInto('assigned_students_class').values({ student_id: s2, class_id: classId }).execute();
  }
});

it('drops an item once the teacher has confirmed its last automatic score', async () => {
  const [s1, s2] = t.fixture.students;
  for (const [student, score] of [
    [s1.id, 40],
    [s2.id, 30],
  ]) {
    const res = await t.injectWithLogin('teacher', {
      method: 'PATCH',
      url: '/api/v1/exercises/essay-score',
      payload: { exercise_id: exerciseA, student_id: student, number: 2, score },
    });
    expect(res.statusCode).toBe(200);
  }
  const items = (await list()).json().items as Array<{ kind: string; id: number }>;
  expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual([`exam:${examId}`, `exercise:${exerciseC}`]);
});

it('is an empty list for a class with nothing to review', async () => {
  const other = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes',
    payload: { name: 'X IPA 9', description: 'x', teacher_id: t.fixture.teachers[0].id, grade: 10 },
  });
  expect(other.statusCode).toBe(200);
  const res = await list('teacher', other.json().id);
  expect(res.statusCode).toBe(200);
  expect(res.json().items).toEqual([]);
});

it("answers only the class's teacher and admins (403 other teacher and students, 404 unknown class)", async () => {
  expect((await list('admin')).statusCode).toBe(200);
  expect((await list('teacher2')).statusCode).toBe(403);
  expect((await list('student')).statusCode).toBe(403);
  expect((await list('teacher', 999_999)).statusCode).toBe(404);
});
