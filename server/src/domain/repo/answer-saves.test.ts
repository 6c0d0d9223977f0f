import { answerSaverFor, type AnswerSave } from './answer-saves';
import { EXAM } from './assessments';
import { createOpenExam, openExamSheets } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// One save that the database refuses must not fail the classmates' saves that were group-committed with it: the
// batcher retries a failed batch save by save, so only the bad one fails. Runs on SQLite, and on PostgreSQL when
// DATABASE_URL is set (there an id above 2³¹−1 or an unpaired surrogate fails the whole batch statement; the
// schemas refuse both before they get here, this is the batcher's own guarantee).
jest.setTimeout(60_000);

let t: TestApp;
const CONTENT = { '1': 'Q1', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'c', '2_essay': 'Jelaskan' };
let examId = 0;
const sheets: Array<{ sheetId: number; studentId: number; userId: number }> = [];

const stored = async (sheetId: number) => {
  const row = await t.db
    .selectFrom('exam_answers')
    .select('answers')
    .where('id', '=', sheetId)
    .executeTakeFirstOrThrow();
  return typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
};

beforeAll(async () => {
  t = await buildTestApp();
  examId = await createOpenExam(t, CONTENT);
  const assigned = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes/assign-students',
    payload: { id: t.fixture.classes[0].id, student_id: [t.fixture.students[2].id] },
  });
  expect(assigned.statusCode).toBe(200);
  const students = ['student', 'student2', 'student3'] as const;
  const sheetOf = await openExamSheets(t, examId, students);
  for (const [i, who] of students.entries()) {
    const s = t.fixture.students[i];
    sheets.push({ sheetId: sheetOf[who], studentId: s.id, userId: s.user_id });
  }
});
afterAll(async () => {
  await t.close();
});

/** Saves that make the batch write throw, on every database (the answers cannot be serialized). */
const unserializable = (): AnswerSave => ({
  ...sheets[0],
  sheetId: 999_999,
  sessionVersion: 0,
  answers: { '1': 1n as unknown as string },
});
/** Saves PostgreSQL refuses inside the batch statement. */
const postgresRefuses = (): AnswerSave[] => [
  { ...sheets[0], sheetId: 2 ** 31, sessionVersion: 0, answers: { '1': 'a' } }, // int overflow (22003)
  { ...sheets[2], sessionVersion: 0, answers: { '1': 'x\ud800' } }, // unpaired surrogate in JSON (22P02)
];

it("a save that fails its batch fails alone: the classmates' saves in the same batch are stored and acknowledged", async () => {
  const saver = answerSaverFor(t.db, EXAM);
  const bad = [unserializable(), ...(t.kind === 'postgres' ? postgresRefuses() : [])];
  for (let round = 0; round < 3; round += 1) {
    // All queued in one turn of the event loop, so they are written as one batch: good, bad, good, bad…
    const good = sheets.slice(0, 2).map((s, i) => ({
      ...s,
      sessionVersion: 0,
      answers: { '1': ['a', 'b', 'c'][round], '2': `siswa ${i}` },
      seq: 10 + round,
    }));
    const results = await Promise.allSettled([good[0], bad[0], good[1], ...bad.slice(1)].map((s) => saver.save(s)));
    const [g0, b0, g1, ...rest] = results;
    expect([g0, g1]).toEqual(good.map((s) => ({ status: 'fulfilled', value: { itemId: examId, answers: s.answers } })));
    expect([b0, ...rest].map((r) => r.status)).toEqual(bad.map(() => 'rejected'));
    for (const s of good) expect(await stored(s.sheetId)).toEqual(s.answers);
  }
});

it('a failed batch still writes saves of one sheet in arrival order', async () => {
  const saver = answerSaverFor(t.db, EXAM);
  const sheet = sheets[0];
  const first = saver.save({ ...sheet, sessionVersion: 0, answers: { '1': 'd', '2': 'first' }, seq: 20 });
  const failing = saver.save(unserializable());
  const second = saver.save({ ...sheet, sessionVersion: 0, answers: { '1': 'd', '2': 'second' }, seq: 21 });
  await expect(failing).rejects.toThrow();
  expect([(await first)?.itemId, (await second)?.itemId]).toEqual([examId, examId]);
  expect(await stored(sheet.sheetId)).toEqual({ '1': 'd', '2': 'second' });
});
