import type { Page } from 'playwright-core';
import { expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { findDemoClass } from './harness/exams';

// The student in Bahasa Indonesia on a phone (360 × 740): the page starts in Indonesian (the
// language chosen on this device), the demo student's dashboard and menu are Indonesian, one tap from the to-do list
// opens an exercise, and "Kumpulkan" ends with the score in a decimal comma.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const EXERCISE = `Latihan Ekosistem ${tag}`;
let exerciseId: number;
let studentId: number;

beforeAll(async () => {
  const demo = await findDemoClass(app);
  studentId = demo.studentId;
  const material = await app.api.post<{ id: number }>('/materials', 'teacher', {
    title: `Bab Ekosistem ${tag}`,
    description: 'Ekosistem',
    content: '<p>Ekosistem</p>',
    class_id: demo.cls.id,
  });
  // Three questions of 100 marks: one right answer is worth 33.33, a score with decimals.
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
        '3': 'Contoh karnivora?',
        '3_a': 'Rumput',
        '3_b': 'Kambing',
        '3_c': 'Harimau',
        '3_d': 'Jamur',
        '3_answer': 'c',
      },
    })
  ).id;
}, 90_000);

/** A message key shown instead of its text (e.g. 'sheet.submit') means a message is missing. */
async function expectNoMessageKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(
    text.match(
      /\b(?:menu|dashboard|todo|sheet|submit|saveStatus|scoreDialog|task|exam|submitted)\.[a-zA-Z]+(?:\.[a-zA-Z]+)*\b/g,
    ) ?? [],
  ).toEqual([]);
}

it('dashboard → to-do list → exercise → "Kumpulkan" → the score with a decimal comma, in Indonesian on a phone', async () => {
  const page = await app.newPage({ phone: true });
  await page.context().addInitScript(() => localStorage.setItem('kelasku:language', 'id'));
  await openAs(app, page, 'student', '/DashboardStudent');

  // The dashboard and the student's menu.
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Beranda', exact: true }));
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
  await expectVisible(page.getByRole('region', { name: 'Status Kemajuan' }));
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await expectVisible(page.getByRole('link', { name: 'Kelas Saya', exact: true }));
  await expectVisible(page.getByRole('button', { name: 'Tugas & Ujian' }));
  await page.keyboard.press('Escape');
  const todo = page.getByRole('region', { name: 'Yang perlu dikerjakan' });
  const exerciseLink = todo
    .getByRole('list', { name: 'Tugas yang perlu dikumpulkan' })
    .getByRole('link', { name: new RegExp(EXERCISE) });
  await expectVisible(exerciseLink);
  await expectNoMessageKeys(page);

  // The exercise: answer question 1 only.
  await exerciseLink.click();
  await page.waitForURL((url) => url.pathname === '/MyTask');
  await expectVisible(page.getByRole('heading', { level: 1, name: EXERCISE }));
  await expectVisible(page.getByRole('heading', { name: 'Soal 1 dari 3' }));
  await page.getByRole('radio', { name: 'A. Rumput' }).check();
  const bar = page.getByRole('region', { name: 'Bilah lembar jawaban' });
  await expectVisible(bar.getByText('Tersimpan', { exact: true }));
  await expectNoMessageKeys(page);

  // Submit: the confirmation names the unanswered questions, then the score.
  await bar.getByRole('button', { name: 'Kumpulkan', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Konfirmasi Pengumpulan Tugas' });
  await expectVisible(confirm.getByText('Apakah Anda yakin ingin mengumpulkan tugas Anda?'));
  await expectVisible(confirm.getByText('2 dari 3 soal belum dijawab: 2, 3', { exact: true }));
  await confirm.getByRole('button', { name: 'Ya, kumpulkan' }).click();

  const result = page.getByRole('dialog', { name: 'Sudah dikumpulkan' });
  await expectVisible(result);
  const [grade] = await app.api.get<{ score: number }[]>(
    `/exercises/get-grade?exercise_id=${exerciseId}&student_id=${studentId}`,
    'student',
  );
  expect(Number.isInteger(grade.score)).toBe(false);
  const score = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 }).format(grade.score);
  expect(score).toContain(',');
  await expectVisible(result.getByText(`Nilai Anda: ${score}`));
  await expectNoMessageKeys(page);
  expect(pageLog(page).errors).toEqual([]);
});
