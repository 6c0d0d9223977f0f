import type { Page } from 'playwright-core';
import { axeViolations, formatViolations } from './harness/a11y';
import { dashboardHeading, expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { findDemoClass, type DemoClass } from './harness/exams';

// Formulas: the teacher types LaTeX in a material (Quill's formula box, with a live preview) and in a question
// (between \( and \)); a student on a 360 px phone sees both typeset by KaTeX, which no first screen loads.
const app = setupApp();

interface Material {
  id: number;
  title: string;
  content: string;
}
interface Exercise {
  id: number;
  content: Record<string, string>;
}

const tag = `${Date.now() % 1_000_000}`;
const TITLE = `Bandul ${tag}`;
const PENDULUM = 'T=2\\pi\\sqrt{\\frac{l}{g}}';
const QUESTION = 'Periode bandul \\(T = 2\\pi\\sqrt{l/g}\\) bila l dijadikan 4 kali?';
let demo: DemoClass;
let grade: number;

/** Every request URL the page makes from now on that belongs to KaTeX (its chunk, stylesheet or fonts). */
function katexRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/katex/i.test(request.url())) seen.push(request.url());
  });
  return seen;
}

beforeAll(async () => {
  demo = await findDemoClass(app);
  const { classes } = await app.api.get<{ classes: { id: number; grade: number }[] }>('/classes/mine', 'teacher');
  grade = classes.find((c) => c.id === demo.cls.id)!.grade;
}, 60_000);

it('a teacher types a formula in a material and a question; a student on a phone sees both typeset', async () => {
  // ---- the teacher: a material with a formula, through the editor
  const teacher = await app.newPage();
  const teacherKatex = katexRequests(teacher);
  await openAs(app, teacher, 'teacher');
  await expectVisible(dashboardHeading(teacher));
  expect(teacherKatex).toEqual([]); // the first screen loads no KaTeX

  await teacher.goto(`/CreateSubjects${grade}?class=${demo.cls.id}`);
  await teacher.getByLabel('Subject Title').fill(TITLE);
  await teacher.getByLabel('Short Description').fill('Getaran harmonis');
  const editor = teacher.getByRole('textbox', { name: 'Subject Content' });
  await editor.click();
  await teacher.keyboard.type('Periode bandul: ');
  await teacher.getByRole('button', { name: 'Formula', exact: true }).click();
  const box = teacher.getByRole('textbox', { name: /^Formula in LaTeX/ });
  await box.fill(PENDULUM);
  // the live preview typesets what is typed
  await expectVisible(teacher.locator('.formula-preview .katex'));
  await box.press('Enter');
  await expectVisible(editor.locator('.ql-formula .katex'));
  await teacher.getByRole('button', { name: 'Submit' }).click();
  await teacher.waitForURL((url) => url.pathname === `/ManageSubjects${grade}`);

  const { materials } = await app.api.get<{ materials: Material[] }>(
    `/materials/from-class?id=${demo.cls.id}&pageSize=100`,
    'teacher',
  );
  const material = materials.find((m) => m.title === TITLE)!;
  // stored with its LaTeX, escaped, in the attribute and as the text an older reader shows
  expect(material.content).toContain(`<span class="ql-formula" data-value="${PENDULUM}">${PENDULUM}</span>`);

  // opened again in the editor, the formula is a formula (typeset), and saving keeps it as it was stored
  await teacher.goto(`/EditSubjects?id=${material.id}`);
  await expectVisible(teacher.getByRole('textbox', { name: 'Subject Content' }).locator('.ql-formula .katex'));
  await teacher.getByLabel('Short Description').fill('Getaran harmonis sederhana');
  await teacher.getByRole('button', { name: 'Submit' }).click();
  await teacher.waitForURL((url) => url.pathname !== '/EditSubjects'); // back where the teacher came from
  const { materials: after } = await app.api.get<{ materials: Material[] }>(
    `/materials/from-class?id=${demo.cls.id}&pageSize=100`,
    'teacher',
  );
  expect(after.find((m) => m.id === material.id)?.content).toBe(material.content);

  // ---- the teacher: an exercise question with a formula between \( and \), previewed live
  await teacher.goto(`/CreateExercise?material_id=${material.id}`);
  await teacher.getByLabel('Exercise title').fill(`Latihan ${TITLE}`);
  await teacher
    .getByRole('radiogroup', { name: 'Question 1 type' })
    .getByRole('radio', { name: 'Multiple choice' })
    .check();
  await teacher.getByRole('textbox', { name: 'Question 1 text' }).fill(QUESTION);
  for (const [letter, option] of [
    ['A', 'Tetap'],
    ['B', '\\(2T\\)'],
    ['C', '\\(4T\\)'],
    ['D', '\\(T/2\\)'],
  ]) {
    await teacher.getByRole('textbox', { name: `Question 1 option ${letter}` }).fill(option);
  }
  await teacher
    .getByRole('radiogroup', { name: 'Question 1 correct answer' })
    .getByRole('radio', { name: 'B', exact: true })
    .check();
  const preview = teacher.getByRole('region', { name: 'Question 1 as students see it' });
  await expectVisible(preview.locator('.katex').first());
  expect(await preview.locator('.katex').count()).toBe(4);
  await teacher.getByRole('button', { name: 'Create Exercise' }).click();
  await teacher.waitForURL((url) => url.pathname !== '/CreateExercise');
  const [exercise] = await app.api.get<Exercise[]>(`/exercises?material_id=${material.id}`, 'teacher');
  expect(exercise.content).toMatchObject({ '1': QUESTION, '1_b': '\\(2T\\)', '1_answer': 'b' });
  // the teacher's preview typesets it too
  await teacher.goto(`/PreviewExercise?material_id=${material.id}`);
  await expectVisible(teacher.locator('.formula .katex').first());
  expect(teacherKatex.length).toBeGreaterThan(0);
  expect(pageLog(teacher).errors).toEqual([]);

  // ---- the student, on a 360 px phone
  const student = await app.newPage({ phone: true });
  const studentKatex = katexRequests(student);
  await openAs(app, student, 'student');
  await expectVisible(dashboardHeading(student));
  expect(studentKatex).toEqual([]); // the student's first screen loads no KaTeX either

  await student.goto(`/MyDetailSubject/${material.id}`);
  await expectVisible(student.getByRole('heading', { name: TITLE }));
  const formula = student.locator('.ql-formula .katex');
  await expectVisible(formula);
  // typeset (a fraction and a root), not the LaTeX text; MathML carries it for screen readers
  expect(await student.locator('.ql-formula .mfrac').count()).toBe(1);
  expect(await student.locator('.ql-formula .sqrt').count()).toBe(1);
  expect(await student.locator('.ql-formula annotation').textContent()).toBe(PENDULUM);
  expect(studentKatex.some((url) => /\.woff2$/.test(url))).toBe(true); // KaTeX's fonts came with it
  await expectNoSidewaysScroll(student);
  const materialViolations = await axeViolations(student);
  expect(formatViolations('material with a formula', materialViolations)).toBe(
    formatViolations('material with a formula', []),
  );

  await student.goto(`/MyTask?material_id=${material.id}`);
  await expectVisible(student.getByText(/^Periode bandul/));
  await expectVisible(student.locator('.formula .katex').first());
  // the question and three of its options hold a formula, each typeset
  expect(await student.locator('.formula .katex').count()).toBe(4);
  await expectVisible(student.getByRole('radio', { name: /^B\./ }));
  await expectNoSidewaysScroll(student);
  const sheetViolations = await axeViolations(student);
  expect(formatViolations('question with formulas', sheetViolations)).toBe(
    formatViolations('question with formulas', []),
  );
  expect(pageLog(student).errors).toEqual([]);
});
