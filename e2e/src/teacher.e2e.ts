import type { Page } from 'playwright-core';
import { confirmInDialog, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { openWindowNow, wibIso } from './harness/wib';

// Issue "teacher": subjects (create/edit/delete), an exercise with MC + essay, an exam.
const app = setupApp();

interface TeacherClass {
  id: number;
  name: string;
  grade: number;
}
interface Material {
  id: number;
  title: string;
  description: string;
  content: string;
  class_id: number;
}
interface Assessment {
  id: number;
  title: string;
  content: Record<string, string>;
  start_time?: string;
  end_time?: string;
}

const unique = () => `${Date.now() % 1_000_000}`;

async function myClass(): Promise<TeacherClass> {
  const { classes } = await app.api.get<{ classes: TeacherClass[] }>('/classes/mine', 'teacher');
  expect(classes.length).toBeGreaterThan(0); // the demo teacher teaches at least one class
  return [...classes].sort((a, b) => a.id - b.id)[0];
}

async function materialsOf(classId: number): Promise<Material[]> {
  return (await app.api.get<{ materials: Material[] }>(`/materials/from-class?id=${classId}&pageSize=100`, 'teacher'))
    .materials;
}

/** Fills question n of an assessment form (the card for it must exist). */
async function fillMcQuestion(
  page: Page,
  n: number,
  text: string,
  options: [string, string, string, string],
  answer: 'A' | 'B' | 'C' | 'D',
) {
  await page
    .getByRole('radiogroup', { name: `Question ${n} type` })
    .getByRole('radio', { name: 'Multiple choice' })
    .check();
  await page.getByRole('textbox', { name: `Question ${n} text` }).fill(text);
  for (const [i, letter] of (['A', 'B', 'C', 'D'] as const).entries()) {
    await page.getByRole('textbox', { name: `Question ${n} option ${letter}` }).fill(options[i]);
  }
  await page
    .getByRole('radiogroup', { name: `Question ${n} correct answer` })
    .getByRole('radio', { name: answer, exact: true })
    .check();
}

async function fillEssayQuestion(page: Page, n: number, text: string, reference: string) {
  await page
    .getByRole('radiogroup', { name: `Question ${n} type` })
    .getByRole('radio', { name: 'Essay' })
    .check();
  await page.getByRole('textbox', { name: `Question ${n} text` }).fill(text);
  await page.getByRole('textbox', { name: `Question ${n} reference answer` }).fill(reference);
}

it('creates, edits and deletes a subject', async () => {
  const cls = await myClass();
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/ManageSubjects${cls.grade}`);
  await expectVisible(page.getByRole('heading', { name: 'Manage Subjects' }));
  await page.getByRole('link', { name: 'Create Subject' }).click();
  await page.waitForURL((url) => url.pathname === `/CreateSubjects${cls.grade}`);

  // Validation in the spec's order, shown above the form.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectVisible(page.getByText('Title is required.'));
  const title = `Fotosintesis ${unique()}`;
  await page.getByLabel('Subject Title').fill(title);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectVisible(page.getByText('Description is required.'));
  await page.getByLabel('Short Description').fill('Proses tumbuhan membuat makanan');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectVisible(page.getByText('Content is required.'));

  const editor = page.getByRole('textbox', { name: 'Subject Content' });
  expect(await editor.getAttribute('data-placeholder')).toBe('Fill your subject content here');
  await editor.click();
  await page.keyboard.type('Tumbuhan hijau mengubah cahaya menjadi energi kimia.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname === `/ManageSubjects${cls.grade}`);
  await expectVisible(page.getByRole('heading', { name: title, exact: true }));
  const created = (await materialsOf(cls.id)).find((m) => m.title === title);
  expect(created?.description).toBe('Proses tumbuhan membuat makanan');
  expect(created?.content).toContain('Tumbuhan hijau mengubah cahaya menjadi energi kimia.');

  // Preview shows the content.
  await page.getByRole('link', { name: `Preview this subject: ${title}` }).click();
  await expectVisible(page.getByRole('heading', { name: title, exact: true }));
  await expectVisible(page.getByText('Tumbuhan hijau mengubah cahaya menjadi energi kimia.'));
  await page.goBack();

  // Edit.
  const renamed = `${title} (revisi)`;
  await page.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit Subject' }).click();
  await page.waitForURL((url) => url.pathname === '/EditSubjects');
  await expect(page.getByLabel('Subject Title').inputValue()).resolves.toBe(title);
  await page.getByLabel('Subject Title').fill(renamed);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectVisible(page.getByRole('heading', { name: renamed, exact: true }));
  expect((await materialsOf(cls.id)).find((m) => m.id === created!.id)?.title).toBe(renamed);

  // Delete after confirmation.
  await page.getByRole('button', { name: `Options for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Subject' }).click();
  await expectVisible(page.getByRole('dialog').getByText(`are you sure you want to delete ${renamed}?`));
  await confirmInDialog(page, 'Delete');
  await page.getByRole('heading', { name: renamed, exact: true }).waitFor({ state: 'detached' });
  expect((await materialsOf(cls.id)).some((m) => m.id === created!.id)).toBe(false);
  expect(pageLog(page).errors).toEqual([]);
});

it('creates an exercise with a multiple-choice and an essay question', async () => {
  const cls = await myClass();
  const material = await app.api.post<Material>('/materials', 'teacher', {
    title: `Sel ${unique()}`,
    description: 'Bagian-bagian sel',
    content: '<p>Sel adalah unit terkecil kehidupan.</p>',
    class_id: cls.id,
  });
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/DetailSubjects?id=${material.id}`);
  await page.getByRole('link', { name: 'Create an exercise for this subject' }).click();
  await page.waitForURL((url) => url.pathname === '/CreateExercise');

  await page.getByLabel('Exercise title').fill('Latihan Sel');
  await fillMcQuestion(page, 1, 'Organel penghasil energi?', ['Ribosom', 'Mitokondria', 'Lisosom', 'Vakuola'], 'B');
  await page.getByRole('button', { name: 'Add question' }).click();
  await fillEssayQuestion(page, 2, 'Jelaskan fungsi membran sel.', 'Mengatur keluar masuk zat.');
  await page.getByRole('button', { name: 'Create Exercise' }).click();
  await page.waitForURL((url) => url.pathname !== '/CreateExercise');
  expect(pageLog(page).dialogs).toContain('Successfully created exercise');

  const [exercise] = await app.api.get<Assessment[]>(`/exercises?material_id=${material.id}`, 'teacher');
  expect(exercise).toMatchObject({ title: 'Latihan Sel' });
  expect(exercise.content).toMatchObject({
    '1': 'Organel penghasil energi?',
    '1_a': 'Ribosom',
    '1_b': 'Mitokondria',
    '1_c': 'Lisosom',
    '1_d': 'Vakuola',
    '1_answer': 'b',
    '2_essay': 'Jelaskan fungsi membran sel.',
  });

  // A second one for the same material is refused by the create screen.
  await page.goto(`/CreateExercise?material_id=${material.id}`);
  await expectVisible(page.getByText('Exercise already exists'));
  // The preview shows the questions.
  await page.goto(`/PreviewExercise?material_id=${material.id}`);
  await expectVisible(page.getByText('Organel penghasil energi?'));
  await expectVisible(page.getByText('Jelaskan fungsi membran sel.'));
});

it('creates an exam for a class with a WIB time window', async () => {
  const cls = await myClass();
  // One exam per class: clear the demo one (if any) so the create screen offers the form.
  for (const exam of await app.api.get<Assessment[]>(`/exams?class_id=${cls.id}`, 'teacher')) {
    await app.api.delete(`/exams?id=${exam.id}`, 'teacher');
  }
  const window = openWindowNow();
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/ManageSubjects${cls.grade}`);
  await page.getByRole('button', { name: 'Exam Menu' }).click();
  await page.getByRole('menuitem', { name: 'Create an Exam' }).click();
  await page.waitForURL((url) => url.pathname === '/CreateExam');

  await page.getByLabel('Exam title').fill('Ujian Tengah Semester');
  await page.getByLabel('Exam date').fill(window.date);
  await page.getByLabel('Start time (WIB)').fill(window.start);
  await page.getByLabel('End time (WIB)').fill(window.end);
  await fillMcQuestion(page, 1, '2 + 3 = ?', ['4', '5', '6', '7'], 'B');
  await page.getByRole('button', { name: 'Add question' }).click();
  await fillEssayQuestion(page, 2, 'Sebutkan tiga bilangan prima.', '2, 3, 5');
  await page.getByRole('button', { name: 'Create Exam' }).click();
  await page.waitForURL((url) => url.pathname !== '/CreateExam');
  expect(pageLog(page).dialogs).toContain('Successfully created an exam');

  const [exam] = await app.api.get<Assessment[]>(`/exams?class_id=${cls.id}`, 'teacher');
  expect(exam).toMatchObject({
    title: 'Ujian Tengah Semester',
    start_time: wibIso(window.date, window.start),
    end_time: wibIso(window.date, window.end),
  });
  expect(exam.content).toMatchObject({ '1': '2 + 3 = ?', '1_answer': 'b', '2_essay': 'Sebutkan tiga bilangan prima.' });

  // The preview shows the window in WIB, written as everywhere in the product: '08.00 - 09.30 WIB'.
  await page.goto(`/PreviewAnExam?class_id=${cls.id}`);
  await expectVisible(page.getByText('2 + 3 = ?'));
  const shown = (hhmm: string) => hhmm.replace(':', '.');
  await expectVisible(page.getByText(`${shown(window.start)} - ${shown(window.end)} WIB`, { exact: true }).first());
});

it('the dashboard does not move under a reader on a phone while its panels arrive (layout shift under 0.01)', async () => {
  const page = await app.newPage({ phone: true });
  // Every layout shift of the page, as Lighthouse counts them (those right after a tap or key are not counted).
  await page.context().addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openAs(app, page, 'teacher', '/DashboardTeacher');
  // Everything in: the review list (or its empty state), both charts, the last panel.
  const review = page.getByRole('region', { name: 'To review' });
  await expectVisible(review.getByText('Nothing to review').or(review.getByRole('list')).first());
  await expectVisible(page.getByRole('region', { name: 'Average Class Performance' }).locator('svg').first());
  await expectVisible(page.getByRole('region', { name: 'Submission Progress' }).locator('svg').first());
  await expectVisible(page.getByRole('region', { name: 'Quote of the Day' }));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  expect(pageLog(page).errors).toEqual([]);
});
