import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { eventually, expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { replaceDemoExam } from './harness/exams';

// On a phone (360 × 740): the grades table marks the sheets a teacher still has to look at (a pending
// essay, an automatic essay score, a sheet the exam's end submitted), filters "Needs review", and Review walks the
// queue with "Next student"; confirming an automatic essay score makes it final for the student, who saw it as
// provisional until then.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const HOUR = 3600_000;
const REFERENCE = 'Tumbuhan membuat makanan dari cahaya matahari.';
let examId: number;
let classId: number;
let demo: { id: number; name: string };
let pending: { id: number; name: string };
let autoSubmitted: { id: number; name: string };

beforeAll(async () => {
  const exam = await replaceDemoExam(app, {
    title: `Ulangan Fotosintesis ${tag}`,
    content: {
      '1': 'Organ fotosintesis?',
      '1_a': 'Daun',
      '1_b': 'Akar',
      '1_c': 'Batang',
      '1_d': 'Bunga',
      '1_answer': 'a',
      '2_essay': 'Apa itu fotosintesis?',
      '2_essay_answer': REFERENCE,
    },
  });
  examId = exam.examId;
  classId = exam.classId;
  // The demo student submits: the automatic scorer scores the essay (close to the reference answer).
  await app.api.post('/exams-answers', 'student', {
    exam_id: examId,
    student_id: exam.studentId,
    answers: { 1: 'a', 2: REFERENCE },
  });
  await app.api.post('/exams/calculate-grade', 'student', { exam_id: examId, student_id: exam.studentId });

  // Two classmates (their passwords are not known: their sheets are written as the server would have stored them),
  // and the window moved into the past so that the results are open to students.
  const db = new Database(path.join(app.server.dataDir, 'kelasku.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const name = (id: number) =>
      (db.prepare('SELECT name FROM students WHERE id = ?').get(id) as { name: string }).name;
    demo = { id: exam.studentId, name: name(exam.studentId) };
    const others = (
      db
        .prepare(
          'SELECT student_id FROM assigned_students_class WHERE class_id = ? AND student_id <> ? ORDER BY student_id LIMIT 2',
        )
        .all(classId, exam.studentId) as { student_id: number }[]
    ).map((r) => r.student_id);
    pending = { id: others[0], name: name(others[0]) };
    autoSubmitted = { id: others[1], name: name(others[1]) };
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    db.prepare('UPDATE exams SET start_time = ?, end_time = ? WHERE id = ?').run(
      at(now - 3 * HOUR),
      at(now - HOUR),
      examId,
    );
    db.prepare('UPDATE exam_answers SET submitted_at = ? WHERE exam_id = ? AND student_id = ?').run(
      at(now - 2 * HOUR),
      examId,
      demo.id,
    );
    const sheet =
      db.prepare(`INSERT INTO exam_answers (exam_id, student_id, answers, status, submitted_at, created_at, updated_at)
      VALUES (?, ?, ?, 'Inactive', ?, ?, ?)`);
    const grade = db.prepare(
      'INSERT INTO exam_scores (exam_id, student_id, score, detail, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    // An essay the scorer had no opinion on: pending.
    sheet.run(examId, pending.id, JSON.stringify({ 1: 'a', 2: 'Daun memasak.' }), at(now - 2 * HOUR), at(now), at(now));
    grade.run(
      examId,
      pending.id,
      50,
      JSON.stringify({
        1: { kind: 'mc', correct: true },
        2: { kind: 'essay', score: null, max: 50, pending: true, source: 'local' },
      }),
      at(now),
      at(now),
    );
    // Submitted by the exam's end (after end_time), the essay left blank: nothing to review.
    sheet.run(examId, autoSubmitted.id, JSON.stringify({ 1: 'b' }), at(now - HOUR + 20_000), at(now), at(now));
    grade.run(
      examId,
      autoSubmitted.id,
      0,
      JSON.stringify({
        1: { kind: 'mc', correct: false },
        2: { kind: 'essay', score: 0, max: 50, pending: false, source: 'local' },
      }),
      at(now),
      at(now),
    );
  } finally {
    db.close();
  }
}, 90_000);

const essaySection = (page: Page) =>
  page.getByRole('region', { name: /^Question \d+$/ }).filter({ hasText: 'Apa itu fotosintesis?' });
const PROVISIONAL = 'Provisional score — your teacher will confirm it';

it('marks, filters and walks the review queue on a phone; a confirmed score is no longer provisional', async () => {
  // The student sees the automatic essay score as provisional.
  const student = await app.newPage({ phone: true });
  await openAs(app, student, 'student', `/MyExams?class_id=${classId}`);
  await expectVisible(essaySection(student).getByText(PROVISIONAL));

  const teacher = await app.newPage({ phone: true });
  await openAs(app, teacher, 'teacher', `/Grades?exam_id=${examId}`);
  const table = teacher.getByRole('table', { name: 'Exam grades' });
  await expectVisible(table);
  const row = (name: string) => table.getByRole('row').filter({ has: teacher.getByText(name, { exact: true }) });
  await expectVisible(row(pending.name).getByText('Pending review'));
  await expectVisible(row(demo.name).getByText('Auto-scored'));
  await expectVisible(row(autoSubmitted.name).getByText('Auto-submitted'));
  // Submitted first, the sheets to review at the top: the pending essay, then the automatic score.
  const bodyRows = table.locator('tbody tr');
  await expectVisible(bodyRows.first());
  expect(await bodyRows.nth(0).textContent()).toContain(pending.name);
  expect(await bodyRows.nth(1).textContent()).toContain(demo.name);
  // Every column is on the screen, the page does not scroll sideways.
  for (const header of await table.locator('thead th').all()) {
    if (!(await header.isVisible())) continue;
    const box = (await header.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expectNoSidewaysScroll(teacher);
  // Nor does the table: nothing hides under the Action column.
  expect(
    await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth),
  ).toBeLessThanOrEqual(1);
  await expectVisible(row(demo.name).getByText('Score 100'));

  await teacher.getByRole('button', { name: 'Needs review' }).click();
  // The pending row was on screen before the tap too: wait for the filtered list, not for that row.
  await expectVisible(teacher.getByRole('button', { name: 'Needs review', pressed: true }));
  expect(
    await eventually(
      () => bodyRows.count(),
      (n) => n === 2,
    ),
  ).toBe(2);
  await expectVisible(row(pending.name));
  expect(await row(autoSubmitted.name).count()).toBe(0);

  await row(pending.name)
    .getByRole('link', { name: `Review answers of ${pending.name}` })
    .click();
  await teacher.waitForURL(
    (url) => url.pathname === '/Review' && url.searchParams.get('student_id') === String(pending.id),
  );
  await expectVisible(teacher.getByRole('heading', { name: pending.name }));
  await teacher.getByRole('link', { name: `Next student: ${demo.name}` }).click();
  await expectVisible(teacher.getByRole('heading', { name: demo.name }));
  const essay = essaySection(teacher);
  await expectVisible(essay.getByText('Not confirmed'));
  await essay.getByRole('button', { name: /^Confirm score for question/ }).click();
  await expectVisible(teacher.getByText(/^Score for question \d+ confirmed\.$/));
  await expectVisible(essay.getByText(/\(by teacher\)/));

  // Back on the list, the confirmed sheet has left the queue (once the list kept from before has been read again).
  await teacher.getByRole('button', { name: 'Back' }).click();
  await teacher.waitForURL((url) => url.pathname === '/Grades');
  await expectVisible(row(pending.name));
  expect(
    await eventually(
      () => row(demo.name).count(),
      (n) => n === 0,
    ),
  ).toBe(0);

  await student.reload();
  await expectVisible(essaySection(student).getByText(/\(given by your teacher\)/));
  expect(await essaySection(student).getByText(PROVISIONAL).count()).toBe(0);
  expect(pageLog(teacher).errors).toEqual([]);
  expect(pageLog(student).errors).toEqual([]);
});
