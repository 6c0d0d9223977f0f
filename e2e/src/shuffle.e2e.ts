import type { Page } from 'playwright-core';
import { eventually, expectVisible, openAs, openWithToken, pageLog, setupApp } from './harness/app';

// An exercise with "Shuffle question order" and "Shuffle answer options" on. Two students of the class
// get different orders, a reload keeps each order, answers are saved under the original numbers and letters, and the
// grades equal those of an unshuffled copy graded with the same answers.
const app = setupApp();

interface Item {
  id: number;
}
interface Grade {
  exercise_id: number;
  score: number;
  detail: Record<string, unknown>;
}

const tag = `${Date.now() % 1_000_000}`;
const WORDS = ['Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam'];
const KEY = ['a', 'c', 'c', 'a', 'a', 'b'];
/** What both students choose, by original question: four right (1, 3, 5, 6), two wrong. */
const CHOICE = ['a', 'b', 'c', 'd', 'a', 'b'];
const content: Record<string, string> = {};
WORDS.forEach((w, i) => {
  const n = i + 1;
  content[String(n)] = `Soal ${w} ${tag}?`;
  for (const l of ['a', 'b', 'c', 'd']) content[`${n}_${l}`] = `${w}-${l}`;
  content[`${n}_answer`] = KEY[i];
});

let exercise: Item;
let plain: Item;
let material: Item;
let second: { token: string; studentId: number; name: string; nis: string };
let secondOrder: { question: number; options: string[] }[] = [];

beforeAll(async () => {
  const cls = await app.api.demoClass();
  // A second student in the same class, signed in with their first password.
  const created = await app.api.post<{ id: number; nis: string; initial_password: string }>('/students', 'admin', {
    name: `Siswa Acak ${tag}`,
    nis: `77${tag.padStart(6, '0')}`,
    grade: 10,
    status: 'Active',
    join_classes: false,
  });
  await app.api.post('/classes/assign-students', 'admin', { id: cls.id, student_id: [created.id] });
  second = {
    token: await app.api.login(created.nis, created.initial_password),
    studentId: created.id,
    name: `Siswa Acak ${tag}`,
    nis: created.nis,
  };

  const newMaterial = () =>
    app.api.post<Item>('/materials', 'teacher', {
      title: `Acak ${tag}`,
      description: 'd',
      content: '<p>c</p>',
      class_id: cls.id,
    });
  material = await newMaterial();
  exercise = await app.api.post<Item>('/exercises', 'teacher', {
    title: `Latihan Acak ${tag}`,
    total_marks: 60,
    material_id: material.id,
    content,
    shuffle_questions: true,
    shuffle_options: true,
  });
  plain = await app.api.post<Item>('/exercises', 'teacher', {
    title: `Latihan Urut ${tag}`,
    total_marks: 60,
    material_id: (await newMaterial()).id,
    content,
  });
}, 60_000);

/** Position by position: the original question shown there (1-based) and its option labels as shown. */
async function readOrder(page: Page): Promise<{ question: number; options: string[] }[]> {
  const seen = [];
  for (let p = 1; p <= WORDS.length; p++) {
    await page.getByRole('button', { name: new RegExp(`^Question ${p}(, answered)?$`) }).click();
    const panel = page.getByRole('region', { name: `Question ${p} of ${WORDS.length}` });
    await expectVisible(panel);
    const text = (await panel.textContent()) ?? '';
    const question = WORDS.findIndex((w) => text.includes(`Soal ${w} ${tag}?`)) + 1;
    seen.push({ question, options: await panel.locator('label:has(input[type="radio"])').allTextContents() });
  }
  return seen;
}

async function takeShuffled(page: Page) {
  await expectVisible(page.getByText(`Soal`, { exact: false }).first());
  const order = await readOrder(page);
  expect(order.map((o) => o.question).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  for (const { options } of order) expect(options.map((l) => l.slice(0, 2))).toEqual(['A.', 'B.', 'C.', 'D.']);

  // Answer by the option's text (the original letter the student means), wherever it is shown.
  for (let p = 1; p <= WORDS.length; p++) {
    const n = order[p - 1].question;
    await page.getByRole('button', { name: new RegExp(`^Question ${p}(, answered)?$`) }).click();
    const label = `${WORDS[n - 1]}-${CHOICE[n - 1]}`;
    await page
      .getByRole('region', { name: `Question ${p} of 6` })
      .getByRole('radio', { name: new RegExp(`^[A-D]\\. ${label}$`) })
      .check();
  }
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));

  // A reload shows the same order, with the answers in place.
  await page.reload();
  await expectVisible(page.getByText(`Soal`, { exact: false }).first());
  expect(await readOrder(page)).toEqual(order);
  const n1 = order[0].question;
  await page.getByRole('button', { name: /^Question 1(, answered)?$/ }).click();
  await expect(
    page.getByRole('radio', { name: new RegExp(`${WORDS[n1 - 1]}-${CHOICE[n1 - 1]}$`) }).isChecked(),
  ).resolves.toBe(true);

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, submit' }).click();
  await expectVisible(page.getByRole('dialog', { name: 'Submitted' }));
  return order;
}

it('two students get their own stable orders; grades equal the unshuffled computation', async () => {
  const demo = await app.api.user('student');
  const page1 = await app.newPage();
  await openAs(app, page1, 'student', `/MyTask?material_id=${material.id}`);
  const order1 = await takeShuffled(page1);
  const page2 = await app.newPage();
  await openWithToken(page2, second.token, `/MyTask?material_id=${material.id}`);
  const order2 = await takeShuffled(page2);
  secondOrder = order2;
  expect(order2).not.toEqual(order1);
  expect(order1.map((o) => o.question)).not.toEqual([1, 2, 3, 4, 5, 6]);

  // Saved under the original numbers and letters.
  const expected = Object.fromEntries(CHOICE.map((c, i) => [String(i + 1), c]));
  for (const id of [demo.student_id!, second.studentId]) {
    const sub = await app.api.get<{ answers: Record<string, string> }>(
      `/exercises/submission?exercise_id=${exercise.id}&student_id=${id}`,
      'teacher',
    );
    expect(Object.fromEntries(Object.entries(sub.answers).map(([n, a]) => [n, a.toLowerCase()]))).toEqual(expected);
  }

  // The unshuffled twin, answered the same through the original API.
  await app.api.post('/exercises-answers', 'student', {
    exercise_id: plain.id,
    student_id: demo.student_id,
    answers: expected,
  });
  const reference = await app.api.post<Grade>('/exercises/calculate-grade', 'student', {
    exercise_id: plain.id,
    student_id: demo.student_id,
  });
  expect(reference.score).toBe(40);
  const gradeOf = (id: number) =>
    eventually(
      () => app.api.get<Grade[]>(`/exercises/get-grade?exercise_id=${exercise.id}&student_id=${id}`, 'teacher'),
      (list) => list.length > 0,
    );
  for (const id of [demo.student_id!, second.studentId]) {
    const [g] = await gradeOf(id);
    expect(g.score).toBe(reference.score);
    expect(g.detail).toEqual(reference.detail);
  }
  expect(pageLog(page1).errors).toEqual([]);
  expect(pageLog(page2).errors).toEqual([]);
});

it("the teacher's preview shows the original order, and a chosen student's order", async () => {
  expect(secondOrder).toHaveLength(WORDS.length); // set by the test above
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/PreviewExercise?material_id=${material.id}`);
  const first = page.getByRole('region', { name: 'Question 1', exact: true });
  await expectVisible(first.getByText(`Soal Satu ${tag}?`));
  await page.getByRole('combobox', { name: 'Show the order of' }).click();
  await page.getByRole('option', { name: `${second.name} (${second.nis})` }).click();
  const [{ question, options }] = secondOrder;
  await expectVisible(first.getByText(`Soal ${WORDS[question - 1]} ${tag}?`));
  const shown = await first.getByRole('listitem').allTextContents();
  // Same letters and texts as the student saw (the key chip aside).
  expect(shown.map((t) => t.replace('Correct answer', ''))).toEqual(options.map((o) => o.replace('. ', '.')));
  expect(pageLog(page).errors).toEqual([]);
});
