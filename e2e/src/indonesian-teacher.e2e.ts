import type { Page } from 'playwright-core';
import { expectVisible, openAs, pageLog, setupApp } from './harness/app';

// The teacher in Bahasa Indonesia: the page starts in Indonesian (the language chosen on this
// device), the demo teacher's dashboard is in Indonesian, one tap from its "Perlu diperiksa" list opens an exercise's
// grades ("Nilai Tugas"), and "Analisis" shows the item analysis with the average in a decimal comma.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const EXERCISE = `Latihan Ekosistem ${tag}`;
let className: string;
let exerciseId: number;
let studentName: string;

beforeAll(async () => {
  const student = await app.api.user('student');
  const cls = await app.api.demoClass();
  className = cls.name;
  studentName = (await app.api.get<{ name: string }>(`/students/details?id=${student.student_id}`, 'teacher')).name;
  const material = await app.api.post<{ id: number }>('/materials', 'teacher', {
    title: `Bab Ekosistem ${tag}`,
    description: 'Ekosistem',
    content: '<p>Ekosistem</p>',
    class_id: cls.id,
  });
  // Three questions of 100 marks: each is worth 33.33, so the average has decimals.
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
        '2': 'Contoh pengurai?',
        '2_a': 'Rumput',
        '2_b': 'Kambing',
        '2_c': 'Harimau',
        '2_d': 'Jamur',
        '2_answer': 'd',
        '3_essay': 'Apa itu ekosistem?',
      },
    })
  ).id;
  await app.api.post('/exercises-answers', 'student', {
    exercise_id: exerciseId,
    answers: { 1: 'a', 2: 'b', 3: 'Hubungan makhluk hidup.' },
  });
  await app.api.post('/exercises/calculate-grade', 'student', { exercise_id: exerciseId });
}, 90_000);

/** A message key shown instead of its text (e.g. 'grades.title.exercise') means a message is missing. */
async function expectNoMessageKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(/\b(?:menu|dashboard|review|grades|analysis|lib)\.[a-zA-Z]+(?:\.[a-zA-Z]+)*\b/g) ?? []).toEqual([]);
}

it('dashboard → Nilai → Analisis in Indonesian, with decimal commas', async () => {
  const page = await app.newPage();
  await page.context().addInitScript(() => localStorage.setItem('kelasku:language', 'id'));
  await openAs(app, page, 'teacher', '/DashboardTeacher');

  // The dashboard and the teacher's sidebar.
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Beranda', exact: true }));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
  await expectVisible(page.getByRole('link', { name: 'Beranda', exact: true }));
  await expectVisible(page.getByRole('region', { name: 'Rata-rata Nilai Kelas' }));
  await expectVisible(page.getByRole('region', { name: 'Ujian Mendatang' }));
  const panel = page.getByRole('region', { name: 'Perlu diperiksa' });
  await expectVisible(panel);
  const classes = panel.getByRole('group', { name: 'Kelas Anda' });
  // The demo teacher teaches three classes, so the chips are there once the classes have loaded (click waits).
  await classes.getByRole('button', { name: className }).click();
  const row = panel.getByRole('link').filter({ hasText: EXERCISE });
  await expectVisible(row.getByText('1 siswa perlu diperiksa'));
  await expectVisible(row.getByText(/^Tugas · Bab Ekosistem/));
  await expectNoMessageKeys(page);

  // The exercise's grades, filtered to the sheets to review.
  await row.click();
  await page.waitForURL(
    (url) => url.pathname === '/Grades' && url.searchParams.get('exercise_id') === String(exerciseId),
  );
  await expectVisible(page.getByRole('heading', { name: 'Nilai Tugas' }));
  await expectVisible(page.getByRole('button', { name: 'Perlu diperiksa', pressed: true }));
  const table = page.getByRole('table', { name: 'Nilai tugas' });
  await expectVisible(table.getByText(studentName, { exact: true }));
  await expectVisible(table.getByRole('columnheader', { name: 'Nama' }));
  await expectVisible(table.getByRole('link', { name: `Periksa jawaban ${studentName}` }));
  await expectNoMessageKeys(page);

  // The item analysis: its average in marks, as the server computed it, with a decimal comma.
  const analysis = await app.api.get<{ average: number; total_marks: number }>(
    `/exercises/analysis?exercise_id=${exerciseId}`,
    'teacher',
  );
  expect(Number.isInteger(analysis.average)).toBe(false);
  const inIndonesian = (n: number) => new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 }).format(n);
  await page.getByRole('link', { name: 'Analisis', exact: true }).click();
  await page.waitForURL(
    (url) => url.pathname === '/Analysis' && url.searchParams.get('exercise_id') === String(exerciseId),
  );
  await expectVisible(page.getByRole('heading', { name: 'Analisis Butir Soal Tugas' }));
  const average = page.locator('dt', { hasText: 'Rata-rata nilai' }).locator('xpath=following-sibling::dd[1]');
  await expectVisible(average);
  expect(await average.textContent()).toBe(`${inIndonesian(analysis.average)} / ${inIndonesian(analysis.total_marks)}`);
  expect(await average.textContent()).toContain(',');
  await expectVisible(page.getByRole('table', { name: 'Soal pilihan ganda' }));
  await expectVisible(page.getByRole('button', { name: 'Ekspor analisis (CSV)' }));
  await expectVisible(page.getByRole('img', { name: 'Grafik: jumlah siswa per rentang nilai' }));
  await expectNoMessageKeys(page);
  expect(pageLog(page).errors).toEqual([]);
});
