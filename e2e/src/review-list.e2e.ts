import type { Page } from 'playwright-core';
import { eventually, expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';

// The per-class list, on a phone (360 × 740): a student submits an exercise with an essay; the
// teacher finds it in the class's "To review" list on the dashboard (class buttons: the demo teacher has a class in
// every grade), one tap opens its grades filtered to "Needs review", confirming the automatic score takes it off
// the list.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const EXERCISE = `Latihan Ekosistem ${tag}`;
const REFERENCE = 'Ekosistem adalah hubungan makhluk hidup dengan lingkungannya.';
let classId: number;
let className: string;
let exerciseId: number;
let studentName: string;

beforeAll(async () => {
  const student = await app.api.user('student');
  const cls = await app.api.demoClass();
  classId = cls.id;
  className = cls.name;
  studentName = (await app.api.get<{ name: string }>(`/students/details?id=${student.student_id}`, 'teacher')).name;
  const material = await app.api.post<{ id: number }>('/materials', 'teacher', {
    title: `Bab Ekosistem ${tag}`,
    description: 'Ekosistem',
    content: '<p>Ekosistem</p>',
    class_id: classId,
  });
  exerciseId = (
    await app.api.post<{ id: number }>('/exercises', 'teacher', {
      title: EXERCISE,
      total_marks: 100,
      material_id: material.id,
      content: {
        '1': 'Contoh produsen?',
        '1_a': 'Rumput',
        '1_b': 'Kambing',
        '1_c': 'Harimau',
        '1_d': 'Jamur',
        '1_answer': 'a',
        '2_essay': 'Apa itu ekosistem?',
        '2_essay_answer': REFERENCE,
      },
    })
  ).id;
  // The student answers and submits; the built-in scorer scores the essay automatically (to be confirmed).
  await app.api.post('/exercises-answers', 'student', { exercise_id: exerciseId, answers: { 1: 'a', 2: REFERENCE } });
  await app.api.post('/exercises/calculate-grade', 'student', { exercise_id: exerciseId });
}, 90_000);

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'To review' });
const exerciseRow = (page: Page) => reviewPanel(page).getByRole('link').filter({ hasText: EXERCISE });

it("lists the submitted essay in the class's to-review list, opens its filtered grades, and drops it once confirmed", async () => {
  const teacher = await app.newPage({ phone: true });
  await openAs(app, teacher, 'teacher', '/DashboardTeacher');
  const panel = reviewPanel(teacher);
  await expectVisible(panel);
  const classes = panel.getByRole('group', { name: 'Your classes' });
  await expectVisible(classes);
  // Another class of the teacher first, then the student's class.
  const otherName = (await classes.getByRole('button').filter({ hasNotText: className }).first().textContent())!;
  await classes.getByRole('button', { name: otherName }).click();
  await expectVisible(
    panel.getByText('Nothing to review').or(panel.getByRole('list', { name: `To review in ${otherName}` })),
  );
  expect(await exerciseRow(teacher).count()).toBe(0);
  await classes.getByRole('button', { name: className }).click();
  await expectVisible(exerciseRow(teacher));
  await expectVisible(exerciseRow(teacher).getByText('1 student to review'));
  await expectVisible(exerciseRow(teacher).getByText('1 auto-scored'));
  await expectNoSidewaysScroll(teacher);

  // One tap: the exercise's grades, filtered to the sheets that need review.
  await exerciseRow(teacher).click();
  await teacher.waitForURL(
    (url) =>
      url.pathname === '/Grades' &&
      url.searchParams.get('exercise_id') === String(exerciseId) &&
      url.searchParams.get('filter') === 'review',
  );
  await expectVisible(teacher.getByRole('button', { name: 'Needs review', pressed: true }));
  const table = teacher.getByRole('table', { name: 'Exercise grades' });
  await expectVisible(table.getByText(studentName, { exact: true }));
  expect(await table.locator('tbody tr').count()).toBe(1);

  await table.getByRole('link', { name: `Review answers of ${studentName}` }).click();
  await teacher.waitForURL((url) => url.pathname === '/Review');
  await teacher.getByRole('button', { name: /^Confirm score for question/ }).click();
  await expectVisible(teacher.getByText(/^Score for question \d+ confirmed\.$/));

  // Back to the grades, back to the dashboard: the same class, and the exercise has left its list.
  await teacher.getByRole('button', { name: 'Back' }).click();
  await teacher.waitForURL((url) => url.pathname === '/Grades');
  await teacher.getByRole('button', { name: 'Back' }).click();
  await teacher.waitForURL(
    (url) => url.pathname === '/DashboardTeacher' && url.searchParams.get('class') === String(classId),
  );
  await expectVisible(reviewPanel(teacher).getByRole('button', { name: className, pressed: true }));
  // The list kept from before shows until its refetch answers (the confirmation marked it stale): the row then leaves.
  await expectVisible(
    reviewPanel(teacher)
      .getByText(/Nothing to review|students? to review/)
      .first(),
  );
  expect(
    await eventually(
      () => exerciseRow(teacher).count(),
      (n) => n === 0,
    ),
  ).toBe(0);
  expect(pageLog(teacher).errors).toEqual([]);
});
