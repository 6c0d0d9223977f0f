import type { Locator, Page } from 'playwright-core';
import { eventually, expectNotCovered, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { findDemoClass, replaceExam, type DemoClass } from './harness/exams';

// A student's phone (360 × 740) and laptop (1366 × 768): the exam's pinned bar, the submit confirmation's list of
// unanswered questions, "Send answer" never under the floating "Scroll to top", and the dashboard's to-do list.
const app = setupApp();
const LAPTOP = { viewport: { width: 1366, height: 768 } };

interface Item {
  id: number;
  title?: string;
}
interface Discussion {
  id: number;
  topic: string;
  replies: { reply: string }[] | null;
}

const tag = `${Date.now() % 1_000_000}`;
const LONG = 'Bacalah teks berikut dengan saksama sebelum menjawab pertanyaan. '.repeat(40);
let cls: DemoClass['cls'];
let material: Item;
let exam: Item;
let studentId: number;

beforeAll(async () => {
  const demo = await findDemoClass(app);
  ({ cls, studentId } = demo);
  // A long material (the page scrolls well past 300 px) with an exercise.
  material = await app.api.post<Item>('/materials', 'teacher', {
    title: `Teks Eksposisi ${tag}`,
    description: 'Membaca',
    content: `<p>${LONG}</p><p>${LONG}</p>`,
    class_id: cls.id,
  });
  await app.api.post<Item>('/exercises', 'teacher', {
    title: `Latihan Eksposisi ${tag}`,
    total_marks: 100,
    material_id: material.id,
    content: {
      '1': 'Teks eksposisi berisi?',
      '1_a': 'Fakta',
      '1_b': 'Khayalan',
      '1_c': 'Dongeng',
      '1_d': 'Puisi',
      '1_answer': 'a',
    },
  });
  // Ten questions, the last one long; open now.
  const content: Record<string, string> = {};
  for (let n = 1; n <= 10; n++) {
    Object.assign(content, {
      [n]: n === 10 ? `Soal terakhir. ${LONG}` : `Soal nomor ${n}?`,
      [`${n}_a`]: 'A',
      [`${n}_b`]: 'B',
      [`${n}_c`]: 'C',
      [`${n}_d`]: 'D',
      [`${n}_answer`]: 'a',
    });
  }
  exam = { id: await replaceExam(app, demo, { title: `Ujian Bahasa ${tag}`, content }) };
}, 60_000);

/** The locator's box lies fully inside the viewport. */
async function expectOnScreen(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect({
    top: box!.y >= 0,
    bottom: box!.y + box!.height <= height + 0.5,
    left: box!.x >= 0,
    right: box!.x + box!.width <= width + 0.5,
  }).toEqual({ top: true, bottom: true, left: true, right: true });
}

async function scrollTo(page: Page, where: 'top' | 'bottom'): Promise<void> {
  await page.evaluate((w) => window.scrollTo(0, w === 'top' ? 0 : document.documentElement.scrollHeight), where);
  await page.waitForTimeout(150);
}

it('the to-do list shows the open exam, the exercise not yet handed in and the new material, each one tap away', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'student', '/DashboardStudent');
  const todo = page.getByRole('region', { name: 'To do' });
  await expectVisible(todo);

  const examLink = todo
    .getByRole('list', { name: 'Exams' })
    .getByRole('link', { name: new RegExp(`Ujian Bahasa ${tag}`) });
  await expectVisible(examLink);
  await expectVisible(examLink.getByText(new RegExp(`^${cls.name} · Open now, until \\d\\d\\.\\d\\d WIB$`)));
  const exerciseLink = todo
    .getByRole('list', { name: 'Exercises to hand in' })
    .getByRole('link', { name: new RegExp(`Latihan Eksposisi ${tag}`) });
  await expectVisible(exerciseLink);
  const materialLink = todo
    .getByRole('list', { name: 'New materials' })
    .getByRole('link', { name: new RegExp(`Teks Eksposisi ${tag}`) });
  await expectVisible(materialLink);

  await examLink.click();
  await page.waitForURL((url) => url.pathname === '/MyExams' && url.searchParams.get('class_id') === String(cls.id));
  await expectVisible(page.getByText('Soal nomor 1?'));
  await page.goBack();
  await exerciseLink.click();
  await page.waitForURL(
    (url) => url.pathname === '/MyTask' && url.searchParams.get('material_id') === String(material.id),
  );
  await expectVisible(page.getByText('Teks eksposisi berisi?'));
  await page.goBack();
  await materialLink.click();
  await page.waitForURL((url) => url.pathname === `/MyDetailSubject/${material.id}`);
  await expectVisible(page.getByRole('heading', { name: `Teks Eksposisi ${tag}` }));

  // The material links to its exercise.
  await page.getByRole('region', { name: 'Exercise' }).getByRole('link', { name: 'Open exercise' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/MyTask' && url.searchParams.get('material_id') === String(material.id),
  );
  await expectVisible(page.getByText('Teks eksposisi berisi?'));

  // Opened: the material is no longer new on this device.
  await page.goto('/DashboardStudent');
  await expectVisible(page.getByRole('region', { name: 'To do' }).getByRole('list', { name: 'Exams' }));
  const newMaterials = page.getByRole('region', { name: 'To do' }).getByRole('list', { name: 'New materials' });
  await expect(newMaterials.getByRole('link', { name: new RegExp(`Teks Eksposisi ${tag}`) }).count()).resolves.toBe(0);
  expect(pageLog(page).errors).toEqual([]);
});

it('"Send answer" is never under the floating "Scroll to top", and a tap on it sends', async () => {
  const topic = `Ide pokok ${tag}`;
  await app.api.post<Discussion>('/discussions-material', 'student', {
    topic,
    description: 'Di paragraf mana ide pokoknya?',
    replies: null,
    material_id: material.id,
  });
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'student', `/MyDetailSubject/${material.id}?class_id=${cls.id}`);
  await expectVisible(page.getByRole('heading', { name: topic }));
  await page.getByRole('textbox', { name: `Write an Answer to ${topic}` }).fill('Di paragraf pertama.');

  // Bring "Send answer" to the bottom-right corner, where the floating button sits once the page is scrolled.
  const send = page.getByRole('button', { name: 'Send answer' });
  await send.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - (window.innerHeight - 20)));
  await page.waitForTimeout(500); // the floating button's zoom transition
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expectNotCovered(send);

  const box = (await send.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const stored = await eventually(
    async () =>
      (await app.api.get<{ discussions: Discussion[] }>(`/discussions-material?id=${material.id}`, 'student'))
        .discussions,
    (list) => (list.find((d) => d.topic === topic)?.replies?.length ?? 0) > 0,
  );
  expect(stored.find((d) => d.topic === topic)?.replies).toEqual([
    expect.objectContaining({ reply: expect.stringContaining('Di paragraf pertama.') }),
  ]);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300); // the tap did not scroll to the top instead
  expect(pageLog(page).errors).toEqual([]);
});

describe.each([
  ['phone', { phone: true }],
  ['laptop', { context: LAPTOP }],
] as const)('exam on a %s', (device, options) => {
  it('keeps the time, the save state, the question list and Submit pinned; the confirmation lists the unanswered questions', async () => {
    // Eight of ten answered (not 4 and 7).
    const answers = Object.fromEntries([1, 2, 3, 5, 6, 8, 9, 10].map((n) => [String(n), 'a']));
    const sheet = await app.api.post<Item>('/exams-answers', 'student', { exam_id: exam.id, answers });
    await app.api.patch(`/exams-answers?id=${sheet.id}`, 'student', {
      exam_id: exam.id,
      student_id: studentId,
      answers,
    });

    const page = await app.newPage(options);
    await openAs(app, page, 'student', `/MyExams?class_id=${cls.id}`);
    await expectVisible(page.getByText('Soal nomor 1?'));
    const bar = page.getByRole('region', { name: 'Answer sheet bar' });

    // To the last question (through the list on a phone, the grid beside the question on a laptop).
    if (device === 'phone') {
      await bar.getByRole('button', { name: 'Questions' }).click();
      await page
        .getByRole('dialog', { name: 'Question list' })
        .getByRole('button', { name: 'Question 10, answered' })
        .click();
    } else {
      await page.getByRole('button', { name: 'Question 10, answered' }).click();
    }
    await expectVisible(page.getByText(/^Soal terakhir\./));
    for (const where of ['bottom', 'top'] as const) {
      await scrollTo(page, where);
      await expectOnScreen(page, bar);
      for (const control of [
        bar.getByRole('timer', { name: 'Time left' }),
        bar.getByTestId('save-status'),
        bar.getByRole('button', { name: 'Submit', exact: true }),
      ]) {
        await expectNotCovered(control);
      }
      if (device === 'phone') await expectNotCovered(bar.getByRole('button', { name: 'Questions' }));
    }

    // The confirmation names what is left.
    await bar.getByRole('button', { name: 'Submit', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation of Exam Submission' });
    await expectVisible(confirm.getByText('Are you sure you want to submit your exam?'));
    await expectVisible(confirm.getByText('2 of 10 questions unanswered: 4, 7', { exact: true }));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Offline: the bar says so, still on screen.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('radio', { name: 'B. B' }).check();
    await scrollTo(page, 'top');
    await expectVisible(bar.getByText('Offline — answers kept on this device', { exact: true }));
    await expectOnScreen(page, bar.getByText('Offline — answers kept on this device', { exact: true }));
    await page.context().setOffline(false);
    await expectVisible(bar.getByText('Saved', { exact: true }));
    expect(pageLog(page).errors).toEqual([]);
  });
});
