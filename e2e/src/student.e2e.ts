import type { Page } from 'playwright-core';
import { eventually, expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { findDemoClass, replaceExam, type DemoClass } from './harness/exams';

// Issue "student", on a 360 px phone: read a material and discuss it, take the exercise and see the grade, take
// the exam — answering while offline, and checking on the server that every answer arrived after reconnecting.
const app = setupApp();

interface Material {
  id: number;
  title: string;
}
interface Item {
  id: number;
}
interface Sheet {
  id: number;
  answers: Record<string, string> | null;
  status: string;
  score?: number | null;
}
interface Grade {
  exercise_id?: number;
  exam_id?: number;
  score: number;
}
interface Discussion {
  id: number;
  topic: string;
  description: string;
  replies: { reply: string; name: string }[] | null;
}

const tag = `${Date.now() % 1_000_000}`;
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const MATERIAL = {
  title: `Ekosistem ${tag}`,
  description: 'Komponen biotik dan abiotik',
  text: 'Ekosistem adalah hubungan timbal balik.',
};
let cls: DemoClass['cls'];
let material: Material;
let exercise: Item;
let exam: Item;
let studentId: number;

beforeAll(async () => {
  // A class of the demo teacher that the demo student is in, with fresh content arranged through the API.
  const demo = await findDemoClass(app);
  ({ cls, studentId } = demo);
  material = await app.api.post<Material>('/materials', 'teacher', {
    title: MATERIAL.title,
    description: MATERIAL.description,
    content: `<p>${MATERIAL.text}</p>`,
    class_id: cls.id,
    teacher_id: demo.teacherId,
  });
  exercise = await app.api.post<Item>('/exercises', 'teacher', {
    title: `Latihan ${tag}`,
    total_marks: 100,
    material_id: material.id,
    teacher_id: demo.teacherId,
    content: {
      '1': 'Contoh komponen abiotik?',
      '1_a': 'Rumput',
      '1_b': 'Cahaya matahari',
      '1_c': 'Jamur',
      '1_d': 'Cacing',
      '1_answer': 'b',
      '2_essay': 'Jelaskan apa itu ekosistem.',
    },
  });
  const examContent = {
    '1': '3 x 4 = ?',
    '1_a': '7',
    '1_b': '12',
    '1_c': '34',
    '1_d': '1',
    '1_answer': 'b',
    '2': 'Ibu kota Indonesia?',
    '2_a': 'Bandung',
    '2_b': 'Surabaya',
    '2_c': 'Jakarta',
    '2_d': 'Medan',
    '2_answer': 'c',
    '3_essay': 'Sebutkan satu hewan herbivora.',
  };
  exam = { id: await replaceExam(app, demo, { title: `Ujian ${tag}`, content: examContent }) };
}, 60_000);

/** Opens the phone's drawer and follows a sidebar link (inside `group` when given). */
async function viaSidebar(page: Page, label: string, group?: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  if (group) await page.getByRole('button', { name: group }).click();
  await page.getByRole('link', { name: label, exact: true }).click();
}

async function chooseOption(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: label }).check();
}

it('reads a material and discusses it', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'student');
  await viaSidebar(page, 'My Classes');
  await page
    .getByRole('link', { name: startsWith(cls.name) })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === `/MyDetailClasses/${cls.id}`);
  await page.getByRole('link', { name: startsWith(MATERIAL.title) }).click();
  await page.waitForURL((url) => url.pathname === `/MyDetailSubject/${material.id}`);
  await expectVisible(page.getByRole('heading', { name: MATERIAL.title }));
  await expectVisible(page.getByText(MATERIAL.text));
  await expectVisible(page.getByText('There are no discussion for this material yet', { exact: false }));
  await expectNoSidewaysScroll(page);

  // Ask.
  const topic = `Rantai makanan ${tag}`;
  await page.getByRole('button', { name: 'Ask a Question' }).click();
  await page.getByRole('dialog').getByLabel('Topic').fill(topic);
  await page.getByRole('dialog').getByLabel('Description').fill('Apa bedanya rantai makanan dan jaring makanan?');
  await page.getByRole('dialog').getByRole('button', { name: 'Post Question' }).click();
  await expectVisible(page.getByRole('heading', { name: topic }));

  // Reply.
  await page
    .getByRole('textbox', { name: `Write an Answer to ${topic}` })
    .fill('Jaring makanan terdiri dari banyak rantai.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  const discussions = async () =>
    (await app.api.get<{ discussions: Discussion[] }>(`/discussions-material?id=${material.id}`, 'student'))
      .discussions;
  const stored = await eventually(discussions, (list) => (list[0]?.replies?.length ?? 0) > 0);
  expect(stored).toEqual([
    expect.objectContaining({
      topic,
      description: expect.stringContaining('Apa bedanya rantai makanan dan jaring makanan?'),
      replies: [
        expect.objectContaining({ reply: expect.stringContaining('Jaring makanan terdiri dari banyak rantai.') }),
      ],
    }),
  ]);
  // Sending a reply opens the replies by itself once the server has answered (it may be after the poll above).
  const replies = page.getByRole('list', { name: `Replies to ${topic}` });
  await expectVisible(replies.getByText('Jaring makanan terdiri dari banyak rantai.'));
  await expectVisible(page.getByRole('button', { name: 'Hide Replies' }));
  expect(pageLog(page).errors).toEqual([]);
});

it('takes the exercise and sees the grade', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'student');
  await viaSidebar(page, 'Tasks', 'Tasks & Exams');
  await page.waitForURL((url) => url.pathname === '/MyClassesTask');
  await page
    .getByRole('link', { name: startsWith(cls.name) })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === `/MyDetailClassesTask/${cls.id}`);
  const task = page.getByRole('link', { name: startsWith(MATERIAL.title) });
  await expectVisible(task.getByText('Grade: -'));
  await task.click();
  await page.waitForURL((url) => url.pathname === '/MyTask');

  await expectVisible(page.getByText('Contoh komponen abiotik?'));
  await expectNoSidewaysScroll(page);
  await chooseOption(page, 'B. Cahaya matahari');
  await page.getByRole('button', { name: 'Question 2', exact: true }).click();
  await expectVisible(page.getByText('Jelaskan apa itu ekosistem.'));
  await page
    .getByLabel('Your answer')
    .fill('Ekosistem adalah hubungan timbal balik antara makhluk hidup dan lingkungannya.');
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));
  await expectVisible(page.getByRole('button', { name: 'Question 1, answered' }));

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expectVisible(confirm.getByText('Confirmation of Assignment Submission'));
  await expectVisible(confirm.getByText('Are you sure you want to hand over your exercise?'));
  await confirm.getByRole('button', { name: 'Yes, submit' }).click();

  const grades = await eventually(
    () => app.api.get<Grade[]>(`/exercises/get-all-grade?student_id=${studentId}`, 'student'),
    (list) => list.some((g) => g.exercise_id === exercise.id),
  );
  const grade = grades.find((g) => g.exercise_id === exercise.id)!;
  expect(grade.score).toBeGreaterThanOrEqual(50); // the MC answer is right: at least its half of 100
  const shown = String(Number(grade.score.toFixed(2)));
  await expectVisible(page.getByRole('dialog', { name: 'Submitted' }).getByText(shown));
  await page.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL((url) => url.pathname === `/MyDetailClassesTask/${cls.id}`);
  await expectVisible(page.getByRole('link', { name: startsWith(MATERIAL.title) }).getByText(`Grade: ${shown}`));
  expect(pageLog(page).errors).toEqual([]);
});

it('answers the exam while offline, and every answer reaches the server after reconnecting', async () => {
  const page = await app.newPage({ phone: true });
  const sheetOnServer = async () =>
    (await app.api.get<Sheet[]>(`/exams-answers?exam_id=${exam.id}&student_id=${studentId}`, 'student'))[0];

  await openAs(app, page, 'student', '/MyClassesExam');
  await page
    .getByRole('link', { name: startsWith(cls.name) })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/MyExams');
  await expectVisible(page.getByText('3 x 4 = ?'));
  await expectNoSidewaysScroll(page);

  // Online: question 1.
  await chooseOption(page, 'B. 12');
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));
  expect((await sheetOnServer())?.answers).toEqual({ '1': 'b' });

  // Offline: questions 2 and 3 stay on the device, and the page says so.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Question 2', exact: true }).click();
  await chooseOption(page, 'C. Jakarta');
  await page.getByRole('button', { name: 'Question 3', exact: true }).click();
  await page.getByLabel('Your answer').fill('Sapi');
  await expectVisible(page.getByTestId('save-status').getByText(/Offline/));
  expect((await sheetOnServer())?.answers).toEqual({ '1': 'b' });

  // Back online: the queue sends everything, without a reload.
  await page.context().setOffline(false);
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));
  const synced = await eventually(sheetOnServer, (s) => s?.answers?.['3'] === 'Sapi');
  expect(synced.answers).toEqual({ '1': 'b', '2': 'c', '3': 'Sapi' });

  // Submit: the sheet locks and a grade exists.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expectVisible(confirm.getByText('Confirmation of Exam Submission'));
  await expectVisible(confirm.getByText('Are you sure you want to submit your exam?'));
  await confirm.getByRole('button', { name: 'Yes, submit' }).click();
  const locked = await eventually(sheetOnServer, (s) => s?.status === 'Inactive');
  expect(locked.status).toBe('Inactive');
  const grades = await app.api.get<Grade[]>(`/exams/get-all-grade?student_id=${studentId}`, 'student');
  const grade = grades.find((g) => g.exam_id === exam.id);
  expect(grade?.score).toBeGreaterThanOrEqual(66.66); // both MC answers right: 2 of 3 questions
  expect(pageLog(page).errors).toEqual([]);
});
