/**
 * The answer-save fast path (repo/answer-saves.ts) decides in its SQL UPDATE what policy.ts decides in
 * `sheetWriteRefusal`: the same scenarios go through both, and both must give the same verdict (and the one expected).
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { buildTestApp, type TestApp } from '../../test/helpers';
import { toDbJson } from '../db/json';
import { examStatus, formatWib } from './exam-window';
import { type Caller, sheetWriteRefusal, type StudentCaller } from './policy';
import { answerSaverFor } from './repo/answer-saves';
import { EXAM, EXERCISE, itemById, type ItemSpec, sheetById } from './repo/assessments';
import { isArchivedClass, isAssigned } from './repo/common';

jest.setTimeout(60_000);

const HOUR = 3600_000;
const CONTENT = { '1': 'Q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'a' };

let t: TestApp;
const ok = async (
  who: string,
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown>,
): Promise<{ id: number }> => {
  const res = await t.injectWithLogin(who, { method, url: `/api/v1${url}`, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const newClass = async () =>
  (
    await ok('admin', 'POST', '/classes', {
      name: `C${Math.random()}`,
      description: 'c',
      teacher_id: t.fixture.teachers[0].id,
      grade: 10,
    })
  ).id;
const newExercise = async (classId: number) => {
  const material_id = (
    await ok('teacher', 'POST', '/materials', { title: 'M', description: 'd', content: '<p>m</p>', class_id: classId })
  ).id;
  return (await ok('teacher', 'POST', '/exercises', { title: 'E', total_marks: 100, material_id, content: CONTENT }))
    .id;
};
const newExam = async (classId: number, startOffset: number, endOffset: number) =>
  (
    await ok('teacher', 'POST', '/exams', {
      title: 'X',
      total_marks: 100,
      class_id: classId,
      content: CONTENT,
      start_time: formatWib(new Date(Date.now() + startOffset)),
      end_time: formatWib(new Date(Date.now() + endOffset)),
    })
  ).id;
async function openSheet(
  spec: ItemSpec,
  itemId: number,
  studentId: number,
  status: 'Active' | 'Inactive' = 'Active',
): Promise<number> {
  const values = { [spec.idCol]: itemId, student_id: studentId, answers: toDbJson({}), status } as unknown as {
    exercise_id: number;
    student_id: number;
    answers: string;
    status: 'Active';
  };
  return (
    await t.db
      .insertInto(spec.sheets as 'exercise_answers')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

interface Scenario {
  name: string;
  spec: ItemSpec;
  sheet: number;
  /** index of the calling student in the fixture */
  caller: number;
  /** the token's session version is older than the user's */
  staleSession?: boolean;
  expected: boolean;
}

const scenarios: Scenario[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const [s0, s1] = t.fixture.students;
  const class0 = t.fixture.classes[0].id;
  const exercise = await newExercise(class0);
  const own = await openSheet(EXERCISE, exercise, s0.id);
  const stale = await openSheet(EXERCISE, exercise, s1.id);

  const leftClass = await newClass(); // students[0] and [1] assigned (grade 10), then students[0] removed
  const leftExercise = await newExercise(leftClass);
  const leftSheet = await openSheet(EXERCISE, leftExercise, s0.id);
  const leftExam = await newExam(leftClass, -HOUR, HOUR);
  const leftExamSheet = await openSheet(EXAM, leftExam, s0.id);
  await ok('admin', 'POST', '/classes/unassign-students', { id: leftClass, student_id: [s0.id] });

  const submitted = await openSheet(EXERCISE, await newExercise(await newClass()), s0.id, 'Inactive');
  const activeExam = await openSheet(EXAM, await newExam(class0, -HOUR, HOUR), s0.id);
  const scheduledExam = await openSheet(EXAM, await newExam(await newClass(), HOUR, 2 * HOUR), s0.id);
  const endedExam = await openSheet(EXAM, await newExam(await newClass(), -2 * HOUR, -HOUR), s0.id);

  const archivedClass = await newClass();
  const archivedExerciseSheet = await openSheet(EXERCISE, await newExercise(archivedClass), s0.id);
  const archivedExamSheet = await openSheet(EXAM, await newExam(archivedClass, -HOUR, HOUR), s0.id);
  await ok('admin', 'POST', `/classes/archive?id=${archivedClass}`, {});

  await t.db.updateTable('users').set({ session_version: 5 }).where('id', '=', s1.user_id).execute();

  scenarios.push(
    { name: 'owner, open exercise sheet', spec: EXERCISE, sheet: own, caller: 0, expected: true },
    { name: 'another student of the class', spec: EXERCISE, sheet: own, caller: 1, expected: false },
    { name: 'a student of another class', spec: EXERCISE, sheet: own, caller: 2, expected: false },
    { name: 'owner removed from the class (exercise)', spec: EXERCISE, sheet: leftSheet, caller: 0, expected: false },
    { name: 'owner removed from the class (open exam)', spec: EXAM, sheet: leftExamSheet, caller: 0, expected: false },
    { name: 'submitted sheet', spec: EXERCISE, sheet: submitted, caller: 0, expected: false },
    { name: 'owner, exam inside its window', spec: EXAM, sheet: activeExam, caller: 0, expected: true },
    { name: 'exam not started', spec: EXAM, sheet: scheduledExam, caller: 0, expected: false },
    { name: 'exam ended', spec: EXAM, sheet: endedExam, caller: 0, expected: false },
    {
      name: 'owner, class archived (exercise)',
      spec: EXERCISE,
      sheet: archivedExerciseSheet,
      caller: 0,
      expected: false,
    },
    { name: 'owner, class archived (open exam)', spec: EXAM, sheet: archivedExamSheet, caller: 0, expected: false },
    {
      name: 'stale session (password changed since sign-in)',
      spec: EXERCISE,
      sheet: stale,
      caller: 1,
      staleSession: true,
      expected: false,
    },
    { name: 'owner with a fresh session', spec: EXERCISE, sheet: stale, caller: 1, expected: true },
  );
});
afterAll(async () => {
  await t?.close();
});

/** policy.ts's verdict over the facts loaded from the database (a stale session is never authenticated). */
async function policyVerdict(s: Scenario, caller: Caller): Promise<boolean> {
  if (s.staleSession) return false;
  const sheet = (await sheetById(t.db, s.spec, s.sheet))!;
  const item = (await itemById(t.db, s.spec, sheet.item_id))!;
  const facts = {
    sheet,
    assigned: await isAssigned(t.db, sheet.student_id, item.class_id),
    window: s.spec.kind === 'exam' ? examStatus(item.start_time!, item.end_time!) : null,
    archived: await isArchivedClass(t.db, item.class_id),
  };
  return sheetWriteRefusal(caller, facts) === null;
}

/** The SQL fast path's verdict: did its UPDATE save? */
async function sqlVerdict(s: Scenario, caller: StudentCaller): Promise<boolean> {
  const user = await t.db
    .selectFrom('users')
    .select('session_version')
    .where('id', '=', caller.user_id)
    .executeTakeFirstOrThrow();
  const sessionVersion = Number(user.session_version) - (s.staleSession ? 1 : 0);
  const saved = await answerSaverFor(t.db, s.spec).save({
    sheetId: s.sheet,
    studentId: caller.student_id,
    userId: caller.user_id,
    sessionVersion,
    answers: { 1: 'a' },
  });
  return saved !== undefined;
}

it('the answer-save SQL and policy.ts agree on every scenario', async () => {
  const verdicts: Record<string, { expected: boolean; policy: boolean; sql: boolean }> = {};
  for (const s of scenarios) {
    const student = t.fixture.students[s.caller];
    const caller: StudentCaller = { user_id: student.user_id, role: 'student', student_id: student.id };
    verdicts[s.name] = {
      expected: s.expected,
      policy: await policyVerdict(s, caller),
      sql: await sqlVerdict(s, caller),
    };
  }
  const expected = Object.fromEntries(
    scenarios.map((s) => [s.name, { expected: s.expected, policy: s.expected, sql: s.expected }]),
  );
  expect(verdicts).toEqual(expected);
});
