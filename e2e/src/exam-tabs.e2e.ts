import type { Page } from 'playwright-core';
import { eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { replaceDemoExam } from './harness/exams';

// The same exam open in two tabs (or on two devices) — answers given in one are never overwritten by
// a save from the other. Saves carry only the questions changed in that tab, merged per question on the server, and a
// tab learns the answers given elsewhere from each save's reply and when it comes back into view.
const app = setupApp();

interface Sheet {
  id: number;
  answers: Record<string, string> | null;
  status: string;
}

const EXAM = {
  title: `Ujian Dua Tab ${Date.now() % 1_000_000}`,
  content: {
    '1': '2 + 2 = ?',
    '1_a': '3',
    '1_b': '4',
    '1_c': '5',
    '1_d': '6',
    '1_answer': 'b',
    '2': 'Planet terdekat dari Matahari?',
    '2_a': 'Venus',
    '2_b': 'Bumi',
    '2_c': 'Merkurius',
    '2_d': 'Mars',
    '2_answer': 'c',
    '3': 'Satuan SI untuk massa?',
    '3_a': 'Kilogram',
    '3_b': 'Newton',
    '3_c': 'Joule',
    '3_d': 'Watt',
    '3_answer': 'a',
  },
};
let classId: number;
let examId: number;
let studentId: number;

beforeAll(async () => {
  ({ classId, examId, studentId } = await replaceDemoExam(app, EXAM));
}, 60_000);

const sheetOnServer = async () =>
  (await app.api.get<Sheet[]>(`/exams-answers?exam_id=${examId}&student_id=${studentId}`, 'teacher'))[0];

async function goToQuestion(page: Page, n: number): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(`^Question ${n}\\b`) })
    .first()
    .click();
}

const saved = (page: Page) => expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));

it('two tabs of one exam: an answer in each, both kept on the server, and each tab shows both', async () => {
  const tabA = await app.newPage();
  const path = `/MyExams?class_id=${classId}`;
  await openAs(app, tabA, 'student', path);
  await expectVisible(tabA.getByText('2 + 2 = ?'));
  // The second tab: same browser, same sign-in.
  const tabB = await tabA.context().newPage();
  await tabB.goto(path);
  await expectVisible(tabB.getByText('2 + 2 = ?'));

  await tabA.bringToFront();
  await tabA.getByRole('radio', { name: 'B. 4' }).check();
  await saved(tabA);

  await tabB.bringToFront();
  await goToQuestion(tabB, 2);
  await tabB.getByRole('radio', { name: 'C. Merkurius' }).check();
  await saved(tabB);

  // Acknowledged means kept: the sheet holds both answers (before, tab B's whole map dropped question 1).
  const sheet = await eventually(sheetOnServer, (s) => Boolean(s?.answers?.['2']));
  expect(sheet.answers).toEqual({ '1': 'b', '2': 'c' });
  // Tab B learned question 1 from its save's reply.
  await goToQuestion(tabB, 1);
  expect(await tabB.getByRole('radio', { name: 'B. 4' }).isChecked()).toBe(true);

  // Tab A, back in front, reads the sheet again and shows question 2 answered in tab B.
  await tabA.bringToFront();
  // Headless Chromium sends no focus event when a tab is brought to the front: send the one a browser window sends.
  await tabA.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expectVisible(tabA.getByRole('button', { name: /^Question 2, answered/ }).first());
  await goToQuestion(tabA, 2);
  await eventually(
    () => tabA.getByRole('radio', { name: 'C. Merkurius' }).isChecked(),
    (checked) => checked,
  );
  expect(pageLog(tabA).errors).toEqual([]);
});
