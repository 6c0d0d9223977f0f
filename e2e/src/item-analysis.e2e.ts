import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';

// On a phone (360 × 740) the teacher goes from an exercise's grades to its item analysis, reads the
// per-question table and a chart, and downloads the analysis as CSV.
const app = setupApp();

interface Item {
  id: number;
}

const tag = `${Date.now() % 1_000_000}`;
let exercise: Item;

beforeAll(async () => {
  const student = await app.api.user('student');
  const cls = await app.api.demoClass();
  const material = await app.api.post<Item>('/materials', 'teacher', {
    title: `Ekosistem ${tag}`,
    description: 'Rantai makanan',
    content: '<p>Produsen dan konsumen</p>',
    class_id: cls.id,
  });
  exercise = await app.api.post<Item>('/exercises', 'teacher', {
    title: `Latihan Ekosistem ${tag}`,
    total_marks: 90,
    material_id: material.id,
    content: {
      '1': 'Produsen dalam ekosistem?',
      '1_a': 'Rumput',
      '1_b': 'Kambing',
      '1_c': 'Harimau',
      '1_d': 'Jamur',
      '1_answer': 'a',
      '2': 'Pengurai?',
      '2_a': 'Rumput',
      '2_b': 'Kambing',
      '2_c': 'Harimau',
      '2_d': 'Jamur',
      '2_answer': 'd',
      '3_essay': 'Jelaskan rantai makanan.',
    },
  });
  // One student answers: question 1 right, question 2 wrong (B), and an essay.
  await app.api.post('/exercises-answers', 'student', {
    exercise_id: exercise.id,
    student_id: student.student_id,
    answers: { 1: 'a', 2: 'b', 3: 'Rumput dimakan kambing, kambing dimakan harimau.' },
  });
  await app.api.post('/exercises/calculate-grade', 'student', {
    exercise_id: exercise.id,
    student_id: student.student_id,
  });
}, 60_000);

it('grades → Analysis on a phone: the table, a chart and the CSV file', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'teacher', `/Grades?exercise_id=${exercise.id}`);
  await expectVisible(page.getByRole('heading', { name: 'Exercise Grades' }));
  await page.getByRole('link', { name: 'Analysis', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/Analysis' && url.search === `?exercise_id=${exercise.id}`);
  await expectVisible(page.getByRole('heading', { name: 'Exercise Analysis' }));

  const table = page.getByRole('table', { name: 'Multiple choice questions' });
  await expectVisible(table);
  const cells = async (question: string) =>
    table
      .getByRole('row')
      .filter({ has: page.getByText(question, { exact: true }) })
      .locator('th, td')
      .allTextContents();
  // Question, Answered, Correct, Key, A, B, C, D, No answer
  expect(await cells('Q1')).toEqual(['Q1Produsen dalam ekosistem?', '1', '100% (1)', 'A', '1', '0', '0', '0', '0']);
  expect(await cells('Q2')).toEqual(['Q2Pengurai?', '1', '0% (0)', 'D', '0', '1', '0', '0', '0']);
  await expectVisible(page.getByRole('table', { name: 'Essay questions' }));

  // The chart is drawn (its own chunk, after the tables): an SVG with one bar per score range holding a student.
  const chart = page.getByRole('img', { name: 'Chart: students per score range' });
  await expectVisible(chart);
  const bars = chart.locator('svg rect.MuiBarChart-element');
  await bars.first().waitFor({ state: 'attached' });
  expect(await bars.count()).toBe(10);
  // One student submitted: exactly one bar stands (bars grow in with an animation, hence the wait).
  await page.waitForFunction(
    (figure) =>
      Array.from(figure.querySelectorAll('rect.MuiBarChart-element')).filter(
        (r) => Number(r.getAttribute('height')) > 0,
      ).length === 1,
    await chart.elementHandle(),
  );
  expect((await chart.boundingBox())!.width).toBeGreaterThan(250);
  await expectNoSidewaysScroll(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export analysis (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`exercise-${exercise.id}-analysis.csv`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-analysis-')), 'analysis.csv');
  await download.saveAs(file);
  const lines = fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(lines[0]).toBe(`Exercise;Latihan Ekosistem ${tag}`);
  expect(lines).toContain('1;Multiple choice;Produsen dalam ekosistem?;1;1;100;A;1;0;0;0;0;0;;;;;');
  expect(lines).toContain('2;Multiple choice;Pengurai?;1;0;0;D;0;1;0;0;0;0;;;;;');
  expect(lines.some((l) => l.startsWith('3;Essay;Jelaskan rantai makanan.;1;'))).toBe(true);
  expect(pageLog(page).errors).toEqual([]);
});
