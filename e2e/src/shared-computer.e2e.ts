import type { Page } from 'playwright-core';
import { decodePayload } from './harness/api';
import { eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { replaceDemoExam, type OpenExam } from './harness/exams';
import { switchableNetwork, type SwitchableNetwork } from './harness/switchable-network';

// A lab computer shared by students A and B, one browser profile: whoever signs in next finds nothing of the last
// one, and answers A could not send before signing out are sealed, delivered by B's next online page load, graded.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const ESSAY = `Jawaban rahasia A ${tag}`;
const EXAM = {
  title: `Ujian Lab ${tag}`,
  content: {
    '1': 'Ibu kota Indonesia?',
    '1_a': 'Bandung',
    '1_b': 'Jakarta',
    '1_c': 'Medan',
    '1_d': 'Surabaya',
    '1_answer': 'b',
    '2': 'Gunung tertinggi di Jawa?',
    '2_a': 'Semeru',
    '2_b': 'Merapi',
    '2_c': 'Bromo',
    '2_d': 'Slamet',
    '2_answer': 'a',
    '3_essay': 'Apa itu fotosintesis?',
    '3_essay_answer': 'cahaya',
  },
};
let exam: OpenExam;
let network: SwitchableNetwork;
let studentA: { userId: number; nis: string };
let studentB: { nis: string; password: string };

interface Person {
  id: number;
  nis: string;
  display_name?: string;
}
interface Sheet {
  answers: Record<string, string> | null;
}

beforeAll(async () => {
  exam = await replaceDemoExam(app, EXAM);
  network = await switchableNetwork(app.server.port);
  const a = await app.api.user('student');
  studentA = { userId: a.user_id, nis: '2024100001' };
  const { students } = await app.api.get<{ students: Person[] }>(
    `/classes/students?id=${exam.classId}&pageSize=100`,
    'admin',
  );
  const b = students.find((s) => s.id !== exam.studentId)!;
  const { initial_password } = await app.api.post<{ initial_password: string }>(
    `/students/reset-password?id=${b.id}`,
    'admin',
    {},
  );
  studentB = { nis: b.nis, password: initial_password };
}, 60_000);
afterAll(() => network?.close());

const answersOfA = async () =>
  (await app.api.get<Sheet[]>(`/exams-answers?exam_id=${exam.examId}&student_id=${exam.studentId}`, 'teacher'))[0]
    ?.answers ?? {};

/** Everything the browser keeps for this origin, read directly: localStorage, IndexedDB, Cache Storage (with bodies). */
async function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const caches_: Record<string, { url: string; body: string }[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      caches_[name] = await Promise.all(
        (await cache.keys()).map(async (request) => {
          const response = await cache.match(request);
          const body =
            response && /json|text/.test(response.headers.get('content-type') ?? '') ? await response.text() : '';
          return { url: request.url, body };
        }),
      );
    }
    const local: Record<string, string> = { ...localStorage };
    return {
      local,
      indexedDb: (await indexedDB.databases()).map((d) => d.name),
      caches: caches_,
    };
  });
}

/** Nothing of A readable: no session, answers, tickets or kept reads of A; A's essay nowhere in clear. */
function expectNothingOfA(device: Awaited<ReturnType<typeof deviceContents>>) {
  const readable = JSON.stringify({
    ...device,
    local: Object.fromEntries(Object.entries(device.local).filter(([k]) => !k.startsWith('kelasku:sealed:'))),
  });
  expect(readable).not.toContain(ESSAY);
  expect(readable).not.toContain(`__kelasku_user=${studentA.userId}`);
  expect(readable).not.toContain('Gunung tertinggi'); // the exam's content
  expect(
    Object.keys(device.local).filter((k) => /^kelasku:(answers|draft|delivery):|^kelasku\.seen\./.test(k)),
  ).toEqual([]);
  for (const sealed of Object.entries(device.local).filter(([k]) => k.startsWith('kelasku:sealed:')))
    expect(sealed[1]).not.toContain(ESSAY);
  expect(device.indexedDb).toEqual([]);
  const user = device.local.userData ? (JSON.parse(device.local.userData) as { user_id: number }).user_id : null;
  expect(user).not.toBe(studentA.userId);
}

async function signInAs(page: Page, nis: string, password: string) {
  await page.getByPlaceholder('NIP/NIS').fill(nis);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/DashboardStudent');
}

it("A answers offline and signs out (warned): nothing of A stays readable, B's next online load delivers A's answers and they are graded; after a password reset B signs in through the dialog and finds nothing of A", async () => {
  const page = await app.newPage({ phone: true, context: { baseURL: network.url, serviceWorkers: 'allow' } });
  await openAs(app, page, 'student', '/DashboardStudent');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.goto(`/MyExams?class_id=${exam.classId}`);
  await expectVisible(page.getByText('Ibu kota Indonesia?'));
  await page.getByRole('radio', { name: 'B. Jakarta' }).check();
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));

  network.setOnline(false);
  await page
    .getByRole('button', { name: /^Question 2\b/ })
    .first()
    .click();
  await page.getByRole('radio', { name: 'A. Semeru' }).check();
  await page
    .getByRole('button', { name: /^Question 3\b/ })
    .first()
    .click();
  await page.getByRole('textbox').last().fill(ESSAY);
  await expectVisible(page.getByTestId('save-status').getByText(/Offline/));

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const warning = page.getByRole('dialog', { name: 'Not everything is on the server yet' });
  await expectVisible(warning.getByText(/Some answers have not reached the server yet/));
  await warning.getByRole('button', { name: 'Sign out anyway' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(pageLog(page).dialogs).toContain('Succesfully logout');

  // Before B signs in: nothing of A readable anywhere the page could look; A's answers only sealed.
  const device = await deviceContents(page);
  expectNothingOfA(device);
  expect(Object.keys(device.local).filter((k) => k.startsWith('kelasku:sealed:'))).toHaveLength(1);
  expect(await answersOfA()).toEqual({ '1': 'b' });

  network.setOnline(true);
  await signInAs(page, studentB.nis, studentB.password);
  await page.reload(); // B's next online page load
  const delivered = await eventually(answersOfA, (a) => Object.keys(a).length === 3, 30_000);
  expect(delivered['2']).toBe('a');
  expect(Object.values(delivered)).toContain(ESSAY);
  expect(
    Object.keys(await page.evaluate(() => ({ ...localStorage }))).filter((k) => k.startsWith('kelasku:sealed:')),
  ).toEqual([]);
  const grade = await app.api.post<{ score: number; detail: unknown }>('/exams/calculate-grade', 'teacher', {
    exam_id: exam.examId,
    student_id: exam.studentId,
  });
  // Graded with them: question 2 was answered offline, before A signed out.
  expect(grade.detail).toMatchObject({ '1': { correct: true }, '2': { correct: true } });

  // B signs out; A signs in again on the same browser and reads the (now graded) exam; the admin resets A's password.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signInAs(page, studentA.nis, 'siswa123');
  await page.goto(`/MyExams?class_id=${exam.classId}`);
  await expectVisible(page.getByText('Ibu kota Indonesia?'));
  await eventually(
    async () => JSON.stringify(await deviceContents(page)),
    (d) => d.includes(`__kelasku_user=${studentA.userId}`),
  );
  expect(JSON.stringify(await deviceContents(page))).toContain(`__kelasku_user=${studentA.userId}`); // A's reads are kept

  await app.api.post(`/students/reset-password?id=${exam.studentId}`, 'admin', {});
  await page.reload(); // A's page asks the server again: the session has ended
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expectVisible(dialog);
  // B signs in through the dialog: a full load to B's own dashboard, nothing of A left.
  await dialog.getByLabel('NIP/NIS').fill(studentB.nis);
  await dialog.getByLabel('Password').fill(studentB.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/DashboardStudent');
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
  const afterDialog = await deviceContents(page);
  expectNothingOfA(afterDialog);
  expect(decodePayload(afterDialog.local.token).user_id).not.toBe(studentA.userId);
  expect(pageLog(page).errors).toEqual([]);
}, 300_000);
