import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { decodePayload } from './harness/api';
import { eventually, expectVisible, loginAs, pageLog, setupApp } from './harness/app';
import { findDemoClass, replaceExam, type DemoClass } from './harness/exams';

// A session renewed while the user is active never ends mid-exam; one that ends anyway
// (expired, password reset) asks for a sign-in over the page, and the page carries on with nothing lost.
const app = setupApp();

interface Item {
  id: number;
  title?: string;
}
interface Sheet {
  answers: Record<string, string> | null;
}

const tag = `${Date.now() % 1_000_000}`;
let cls: DemoClass['cls'];
let exam: Item;
let studentId: number;

/** A token of the same session with other times, signed with the server's own secret (DATA_DIR/jwt-secret). */
function retimedToken(token: string, times: { iat: number; exp: number }): string {
  const secret = fs.readFileSync(path.join(app.server.dataDir, 'jwt-secret'), 'utf8').trim();
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...decodePayload(token), ...times })}`;
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const setToken = (page: Page, token: string) => page.evaluate((t) => localStorage.setItem('token', t), token);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const saveStatus = (page: Page) => page.getByTestId('save-status');
const sessionDialog = (page: Page) => page.getByRole('dialog', { name: 'Your session has ended' });

beforeAll(async () => {
  const demo = await findDemoClass(app);
  ({ cls, studentId } = demo);
  const mc = (n: number, q: string) => ({
    [n]: q,
    [`${n}_a`]: 'Satu',
    [`${n}_b`]: 'Dua',
    [`${n}_c`]: 'Tiga',
    [`${n}_d`]: 'Empat',
    [`${n}_answer`]: 'b',
  });
  const content = { ...mc(1, 'Soal satu?'), ...mc(2, 'Soal dua?'), ...mc(3, 'Soal tiga?'), ...mc(4, 'Soal empat?') };
  exam = { id: await replaceExam(app, demo, { title: `Ujian sesi ${tag}`, content }) };
}, 60_000);

async function openExam(page: Page): Promise<void> {
  await page.goto('/MyClassesExam');
  await page
    .getByRole('link', { name: new RegExp(`^${cls.name}`) })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/MyExams');
  await expectVisible(page.getByText('Soal satu?'));
}

async function answer(page: Page, n: number, option: string): Promise<void> {
  await page.getByRole('button', { name: `Question ${n}`, exact: true }).click();
  await page
    .getByRole('radio', { name: new RegExp(`^${option}\\.`) })
    .first()
    .check();
}

const sheetOnServer = async () =>
  (await app.api.get<Sheet[]>(`/exams-answers?exam_id=${exam.id}&student_id=${studentId}`, 'student'))[0]?.answers ??
  {};

it("a student active in an exam has the session renewed: answers keep going through past the old token's end", async () => {
  const page = await app.newPage({ phone: true });
  await loginAs(page, 'student');
  await openExam(page);

  // The session is near its end (issued long ago, 15 s left): answering renews it.
  const signedIn = await storedToken(page);
  const nearEnd = retimedToken(signedIn, { iat: nowSeconds() - 86_000, exp: nowSeconds() + 15 });
  const nearEndExp = decodePayload(nearEnd).exp;
  await setToken(page, nearEnd);
  await answer(page, 1, 'B');
  await expectVisible(saveStatus(page).getByText('Saved', { exact: true }));
  const renewed = await eventually(
    () => storedToken(page),
    (t) => t !== nearEnd,
  );
  expect(decodePayload(renewed).exp).toBeGreaterThan(nearEndExp + 3600);
  // Past the old token's end, answers still go through without any sign-in.
  await eventually(
    async () => nowSeconds(),
    (now) => now > nearEndExp + 1,
    30_000,
  );
  await answer(page, 2, 'C');
  await expectVisible(saveStatus(page).getByText('Saved', { exact: true }));
  expect(await sessionDialog(page).count()).toBe(0);
  expect(await sheetOnServer()).toEqual({ '1': 'b', '2': 'c' });
  expect(pageLog(page).errors).toEqual([]);
});

it('a student whose session ended mid-exam signs in over the exam, stays on it, and no answer is lost', async () => {
  const page = await app.newPage({ phone: true });
  await loginAs(page, 'student');
  await openExam(page);
  const before = await sheetOnServer();

  // The session has ended (expired). Saves (and a heartbeat the page may send meanwhile, on a slow machine) are held
  // until two answers are tapped, so both wait behind the refusal.
  await setToken(page, retimedToken(await storedToken(page), { iat: nowSeconds() - 86_500, exp: nowSeconds() - 5 }));
  let releaseSaves!: () => void;
  const savesHeld = new Promise<void>((resolve) => {
    releaseSaves = resolve;
  });
  await page.route('**/api/v1/exams-answers**', async (route) => {
    if (route.request().method() !== 'GET') await savesHeld;
    await route.continue().catch(() => undefined);
  });
  await answer(page, 3, 'D');
  await answer(page, 4, 'A');
  releaseSaves();
  await expectVisible(sessionDialog(page));
  await page.unroute('**/api/v1/exams-answers**');
  // Nothing is claimed saved that the server does not have.
  expect(await saveStatus(page).getAttribute('data-state')).not.toBe('saved');
  expect(await sheetOnServer()).toEqual(before);
  expect(new URL(page.url()).pathname).toBe('/MyExams');

  const dialog = sessionDialog(page);
  await expect(dialog.getByLabel('NIP/NIS').inputValue()).resolves.toBe('2024100001');
  await dialog.getByLabel('Password').fill('siswa123');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expectVisible(saveStatus(page).getByText('Saved', { exact: true }));
  const synced = await eventually(sheetOnServer, (a) => a['4'] === 'a');
  expect(synced).toEqual({ ...before, '3': 'd', '4': 'a' });
  // Still on the exam, the chosen option shown.
  expect(new URL(page.url()).pathname).toBe('/MyExams');
  await expect(page.getByRole('radio', { name: /^A\./ }).first().isChecked()).resolves.toBe(true);
  expect(pageLog(page).errors).toEqual([]);
});

it('a teacher whose session ended (password reset) during Submit signs in over the form and the exercise is created', async () => {
  const teacher = await app.api.user('teacher');
  const material = await app.api.post<Item>('/materials', 'teacher', {
    title: `Sel ${tag}`,
    description: 'Bagian-bagian sel',
    content: '<p>Sel adalah unit terkecil kehidupan.</p>',
    class_id: cls.id,
  });
  const page = await app.newPage();
  await loginAs(page, 'teacher');
  await page.goto(`/CreateExercise?material_id=${material.id}`);
  await page.getByLabel('Exercise title').fill('Latihan Sel');
  await page
    .getByRole('radiogroup', { name: 'Question 1 type' })
    .getByRole('radio', { name: 'Multiple choice' })
    .check();
  await page.getByRole('textbox', { name: 'Question 1 text' }).fill('Organel penghasil energi?');
  for (const [letter, text] of [
    ['A', 'Ribosom'],
    ['B', 'Mitokondria'],
    ['C', 'Lisosom'],
    ['D', 'Vakuola'],
  ]) {
    await page.getByRole('textbox', { name: `Question 1 option ${letter}` }).fill(text);
  }
  await page
    .getByRole('radiogroup', { name: 'Question 1 correct answer' })
    .getByRole('radio', { name: 'B', exact: true })
    .check();

  // The admin resets the teacher's password meanwhile: this session ends.
  const { initial_password } = await app.api.post<{ initial_password: string }>(
    `/teachers/reset-password?id=${teacher.teacher_id}`,
    'admin',
    {},
  );
  await page.getByRole('button', { name: 'Create Exercise' }).click();
  const dialog = sessionDialog(page);
  await expectVisible(dialog);
  expect(new URL(page.url()).pathname).toBe('/CreateExercise');
  expect(pageLog(page).dialogs).not.toContain('Successfully created exercise');
  await expect(dialog.getByLabel('NIP/NIS').inputValue()).resolves.toBe('198501012010011001');
  await dialog.getByLabel('Password').fill(initial_password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL((url) => url.pathname !== '/CreateExercise');
  expect(pageLog(page).dialogs).toContain('Successfully created exercise');
  const exercises = await app.api.get<Item[]>(`/exercises?material_id=${material.id}`, 'admin');
  expect(exercises.map((e) => e.title)).toEqual(['Latihan Sel']);
  expect(pageLog(page).errors).toEqual([]);
});
