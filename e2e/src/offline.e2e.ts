import type { Page } from 'playwright-core';
import { dashboardHeading, eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { replaceDemoExam, type OpenExam } from './harness/exams';
import { switchableNetwork, type SwitchableNetwork } from './harness/switchable-network';

// The app opens without a network (service worker, shell/src/sw): a student on a phone whose connection drops
// reloads the exam page, sees it with the answers given so far, keeps answering, and every answer reaches the server
// once the connection is back.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
const EXAM = {
  title: `Ujian Tanpa Sinyal ${tag}`,
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
    '3': 'Hasil dari 6 × 7?',
    '3_a': '36',
    '3_b': '40',
    '3_c': '42',
    '3_d': '48',
    '3_answer': 'c',
  },
};
let exam: OpenExam;
let network: SwitchableNetwork;

beforeAll(async () => {
  exam = await replaceDemoExam(app, EXAM);
  network = await switchableNetwork(app.server.port);
}, 60_000);
afterAll(() => network?.close());

interface Sheet {
  answers: Record<string, string> | null;
}
const answersOnServer = async () =>
  (await app.api.get<Sheet[]>(`/exams-answers?exam_id=${exam.examId}&student_id=${exam.studentId}`, 'teacher'))[0]
    ?.answers ?? {};

async function goToQuestion(page: Page, n: number): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(`^Question ${n}\\b`) })
    .first()
    .click();
}

it('a student reloads the exam page offline, keeps answering, and every answer reaches the server when back online', async () => {
  const page = await app.newPage({ phone: true, context: { baseURL: network.url, serviceWorkers: 'allow' } });
  await openAs(app, page, 'student', '/DashboardStudent');
  // The first visit installs the worker; from then on it keeps what the app loads.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

  const examPage = `/MyExams?class_id=${exam.classId}`;
  await page.goto(examPage);
  await expectVisible(page.getByText('Ibu kota Indonesia?'));
  await page.getByRole('radio', { name: 'B. Jakarta' }).check();
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));

  network.setOnline(false);
  await page.reload();
  // No browser "no internet" page: the exam is there, with the answer given before.
  await expectVisible(page.getByText('Ibu kota Indonesia?'));
  // the kept sheet arrives after the exam's content
  await expectVisible(page.getByRole('radio', { name: 'B. Jakarta', checked: true }));
  await goToQuestion(page, 2);
  await page.getByRole('radio', { name: 'A. Semeru' }).check();
  await expectVisible(page.getByTestId('save-status').getByText(/Offline/));
  expect(await answersOnServer()).toEqual({ '1': 'b' });

  network.setOnline(true);
  await goToQuestion(page, 3);
  await page.getByRole('radio', { name: 'C. 42' }).check();
  const answers = await eventually(answersOnServer, (a) => Object.keys(a).length === 3, 45_000);
  expect(answers).toEqual({ '1': 'b', '2': 'a', '3': 'c' });
  await expectVisible(page.getByTestId('save-status').getByText('Saved', { exact: true }));
  expect(pageLog(page).errors).toEqual([]);
}, 180_000);

it('opens offline from a kept page whose start chain names files this device never fetched (a deploy it missed)', async () => {
  const page = await app.newPage({ phone: true, context: { baseURL: network.url, serviceWorkers: 'allow' } });
  await openAs(app, page, 'student', '/DashboardStudent');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.reload(); // through the worker: the page and the remote are kept
  await dashboardHeading(page).waitFor();

  // The kept page's chain (the data element shared-rules/src/start-chain.ts names) now lists other content-hashed
  // files for the student: as if the remote had been redeployed since, and this device had never fetched them.
  const rewritten = await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const kept = await cache.match('/');
      if (!kept) continue;
      const html = await kept.text();
      const data = /(<script[^>]*id=["']?kelasku-start-chain["']?[^>]*>)([\s\S]*?)(<\/script>)/.exec(html);
      if (!data?.[2]) return false;
      const chain = JSON.parse(data[2]) as { files: Record<string, string[]> };
      chain.files.student = chain.files.student.map((file) => file.replace(/\.[0-9a-f]{8}\.js$/, '.0badf00d.js'));
      const text = JSON.stringify(chain).replace(/</g, '\\u003c');
      await cache.put('/', new Response(html.replace(data[0], `${data[1]}${text}${data[3]}`), kept));
      return true;
    }
    return false;
  });
  expect(rewritten).toBe(true);

  network.setOnline(false);
  try {
    await page.reload();
    await dashboardHeading(page).waitFor();
    expect(pageLog(page).errors).toEqual([]);
  } finally {
    network.setOnline(true);
  }
}, 120_000);

it('is installable: the page names a web-app manifest with icons, served by the app', async () => {
  const page = await app.newPage();
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await fetch(`${app.server.url}${href}`)).json()) as {
    icons: { src: string; sizes: string }[];
    start_url: string;
    display: string;
  };
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const res = await fetch(`${app.server.url}${icon.src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  }
});
