import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS, type Role } from './harness/api';
import { axeViolations, formatViolations } from './harness/a11y';
import { dashboardHeading, openAs, setupApp } from './harness/app';

// Every screen of every role passes axe-core (WCAG 2.x A + AA) with no violations.
// One page per role walks the whole route table (docs/architecture.md §4) with client-side navigation (the session and
// the loaded remote are reused), so the file stays well under three minutes.
const app = setupApp();

/** A route to scan and the h1 that tells its data has loaded (a page showing an error state fails here too). */
interface RouteCheck {
  path: string;
  heading: string | RegExp;
}

// Ids come from the demo seed (server/src/db/seed-demo.ts): class 1 = X IPA 1 (the demo teacher's, with the exam and
// the demo student), class 4 = XI IPA 1 (the demo teacher's, no exam), material 1 has exercise 1, material 2 has none.
const ROUTES: Record<Role, RouteCheck[]> = {
  admin: [
    { path: '/DashboardAdmin', heading: 'Dashboard' },
    { path: '/ManageClass10', heading: 'Manage Classes' },
    { path: '/ManageClass11', heading: 'Manage Classes' },
    { path: '/ManageClass12', heading: 'Manage Classes' },
    { path: '/class/1', heading: /X IPA 1 Class/ },
    { path: '/ManageAccStudent', heading: 'Student Accounts' },
    { path: '/ManageAccTeacher', heading: 'Teacher Accounts' },
    // Shared developer pages (/test lists users, which only an admin may read).
    { path: '/test', heading: 'Data API' },
    { path: '/post', heading: 'Tambah Akun' },
  ],
  teacher: [
    { path: '/DashboardTeacher', heading: 'Dashboard' },
    { path: '/ManageSubjects10', heading: 'Manage Subjects' },
    { path: '/ManageSubjects11', heading: 'Manage Subjects' },
    { path: '/ManageSubjects12', heading: 'Manage Subjects' },
    { path: '/CreateSubjects', heading: 'Create Subject' },
    { path: '/CreateSubjects10', heading: /Create Subject - / },
    { path: '/EditSubjects?id=1', heading: 'Edit Subject' },
    { path: '/DetailSubjects?id=1', heading: 'Struktur dan Fungsi Sel' },
    { path: '/ManageTaskExam?class_id=1', heading: 'Class X IPA 1' },
    { path: '/ManageTaskExam?class_id=1&tab=classwork', heading: 'Class X IPA 1' },
    { path: '/ManageTaskExam?class_id=1&tab=people', heading: 'Class X IPA 1' },
    { path: '/create-task?class_id=1', heading: 'Create Task' },
    { path: '/CreateExercise?material_id=2', heading: 'Create Exercise' },
    { path: '/PreviewExercise?material_id=1', heading: 'Latihan Struktur Sel' },
    { path: '/EditExercise?material_id=1', heading: 'Edit Exercise' },
    { path: '/CreateExam?class_id=4', heading: 'Create Exam' },
    { path: '/PreviewAnExam?class_id=1', heading: 'Ulangan Harian Biologi: Sel' },
    { path: '/EditExam?class_id=1', heading: 'Edit Exam' },
    { path: '/Grades?exercise_id=1', heading: 'Exercise Grades' },
    { path: '/Grades?exam_id=1', heading: 'Exam Grades' },
  ],
  student: [
    { path: '/DashboardStudent', heading: 'Dashboard' },
    { path: '/MyClasses', heading: 'My Classes' },
    { path: '/GroupDiscussions', heading: 'Group Discussions' },
    { path: '/CreateDiscussions', heading: 'Create Discussions' },
    { path: '/MyDetailClasses/1', heading: /Materials$/ },
    { path: '/MyDetailSubject/1?class_id=1', heading: 'Struktur dan Fungsi Sel' },
    { path: '/MyClassesTask', heading: 'My Tasks' },
    { path: '/MyClassesExam', heading: 'My Exams' },
    { path: '/MyDetailClassesTask/1', heading: /Tasks$/ },
    { path: '/MyTask?material_id=1', heading: 'Latihan Struktur Sel' },
    { path: '/MyExams?class_id=1', heading: 'Ulangan Harian Biologi: Sel' },
  ],
};

/** Client-side navigation (React Router listens to popstate): no reload of the shell and the remote. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/** Waits for the route's heading and for every loading indicator to go, then returns the formatted axe report. */
async function scan(
  page: Page,
  { path, heading }: RouteCheck,
): Promise<{ path: string; clean: boolean; report: string }> {
  await page
    .getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' })
    .first()
    .waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: /Loading/ })
    .first()
    .waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page);
  const report = formatViolations(path, violations);
  console.log(report);
  return { path, clean: violations.length === 0, report };
}

it('the scan reports violations when there are some (an image without alt text, a button without a name)', async () => {
  const page = await app.newPage();
  await page.setContent(
    '<html lang="id"><head><title>t</title></head><body><main><h1>t</h1><img src="/favicon.ico"><button></button></main></body></html>',
  );
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(['button-name', 'image-alt']);
});

it('the login page has no axe violations', async () => {
  const page = await app.newPage();
  await page.goto('/');
  await page.getByPlaceholder('NIP/NIS').waitFor();
  const violations = await axeViolations(page);
  console.log(formatViolations('/', violations));
  expect(violations).toEqual([]);
});

describe.each<Role>(['admin', 'teacher', 'student'])('every %s route', (role) => {
  it('has no axe violations', async () => {
    const page = await app.newPage();
    await openAs(app, page, role);
    await dashboardHeading(page).waitFor();
    const failures: string[] = [];
    for (const route of ROUTES[role]) {
      if (new URL(page.url()).pathname + new URL(page.url()).search !== route.path) await navigate(page, route.path);
      const result = await scan(page, route);
      if (!result.clean) failures.push(result.report);
    }
    // One readable list: route, rule id, impact, target of each violation.
    expect(failures.join('\n')).toBe('');
  });
});

describe.each<Role>(['admin', 'teacher', 'student'])('%s dashboard on a 360 px phone', (role) => {
  it('has no axe violations', async () => {
    const page = await app.newPage({ phone: true });
    await openAs(app, page, role);
    const { report, clean } = await scan(page, { path: `${DEMO_ACCOUNTS[role].home} @360px`, heading: 'Dashboard' });
    expect(clean ? '' : report).toBe('');
  });
});

// /Review needs a submitted sheet: the demo student opens, fills and submits the demo exercise (material 1) through
// the API, then the teacher opens the review from the grades list, as the teacher UI links it.
describe('the teacher review of a submitted sheet', () => {
  it('/Review has no axe violations', async () => {
    const { student_id: studentId } = await app.api.user('student');
    const sheet = await app.api.post<{ id: number }>('/exercises-answers', 'student', {
      exercise_id: 1,
      student_id: studentId,
      answers: {},
    });
    await app.api.patch(`/exercises-answers?id=${sheet.id}`, 'student', {
      exercise_id: 1,
      student_id: studentId,
      answers: { '1': 'b', '2': 'a', '3': 'a', '4': 'Sel tumbuhan punya dinding sel dan kloroplas.', '5': '' },
    });
    await app.api.post('/exercises/calculate-grade', 'student', { exercise_id: 1, student_id: studentId });

    const page = await app.newPage();
    await openAs(app, page, 'teacher', '/Grades?exercise_id=1');
    const review = page.getByRole('link', { name: /^Review answers of / });
    await review.waitFor();
    const name = ((await review.getAttribute('aria-label')) ?? '').replace(/^Review answers of /, '');
    await review.click();
    await page.waitForURL(
      (url) => url.pathname === '/Review' && url.searchParams.get('student_id') === String(studentId),
    );
    const path = new URL(page.url()).pathname + new URL(page.url()).search;
    const { clean, report } = await scan(page, { path, heading: name });
    // The sheet really is on screen (answers, and the essay score form of a submitted sheet).
    await page
      .getByRole('region', { name: 'Question 4' })
      .getByText('Sel tumbuhan punya dinding sel dan kloroplas.')
      .waitFor();
    expect(clean ? '' : report).toBe('');
  });
});

// Keyboard only (Tab, Shift+Tab, Enter, Space, Escape): one short flow per role, asserting where focus lands.
describe('keyboard only', () => {
  /** What a screen reader would roughly announce for the focused element. */
  const focusedName = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.getAttribute('aria-label') || el?.innerText || '').replace(/\s+/g, ' ').trim();
    });

  /** Presses Tab until the focused element's name matches (fails with the path taken if it never does). */
  async function tabTo(page: Page, name: RegExp, maxPresses = 60): Promise<void> {
    const seen: string[] = [];
    for (let i = 0; i < maxPresses; i++) {
      await page.keyboard.press('Tab');
      const current = await focusedName(page);
      if (name.test(current)) return;
      seen.push(current);
    }
    throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(' → ')}`);
  }

  const focusIsInside = (page: Page, selector: string) =>
    page.evaluate((sel) => Boolean(document.activeElement?.closest(sel)), selector);

  it('a student opens a class and a material from My Classes', async () => {
    const page = await app.newPage();
    await openAs(app, page, 'student', '/MyClasses');
    await page.getByRole('heading', { level: 1, name: 'My Classes' }).waitFor();
    await tabTo(page, /^X IPA 1\b/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/MyDetailClasses/1');
    await page.getByRole('heading', { level: 1, name: /Materials$/ }).waitFor();
    await tabTo(page, /^Struktur dan Fungsi Sel/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/MyDetailSubject/1');
    await page.getByRole('heading', { level: 1, name: 'Struktur dan Fungsi Sel' }).waitFor();
  });

  it('an admin opens the Add Class dialog and closes it with Escape', async () => {
    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageClass10');
    await page.getByRole('heading', { level: 1, name: 'Manage Classes' }).waitFor();
    await tabTo(page, /^Add Class$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Class' });
    await dialog.waitFor();
    // Focus moves into the dialog, and the first Tab reaches its first field.
    expect(await focusIsInside(page, '[role="dialog"]')).toBe(true);
    await page.keyboard.press('Tab');
    expect(
      await page.getByRole('textbox', { name: 'Class Name' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the dialog.
    expect(await focusedName(page)).toBe('Add Class');
  });

  it('a teacher opens the Exam Menu with Space and follows "Create an Exam" with Enter', async () => {
    const page = await app.newPage();
    await openAs(app, page, 'teacher', '/ManageSubjects10');
    await page.getByRole('heading', { level: 1, name: 'Manage Subjects' }).waitFor();
    await tabTo(page, /^Exam Menu$/);
    await page.keyboard.press('Space');
    await page.getByRole('menu').waitFor();
    // The menu takes focus on its first item.
    expect(await focusedName(page)).toBe('Create an Exam');
    expect(await focusIsInside(page, '[role="menu"]')).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('Exam Menu');
    await page.keyboard.press('Space');
    await page.getByRole('menuitem', { name: 'Create an Exam' }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/CreateExam' && url.searchParams.get('class_id') === '1');
    // Class 1 already has the demo exam.
    await page.getByText('Exam already exists').waitFor();
  });
});
