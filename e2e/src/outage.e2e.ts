import type { BrowserContext, Page, Route } from 'playwright-core';
import type { Role } from './harness/api';
import { dashboardHeading, eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { replaceDemoExam } from './harness/exams';

// Remote outage: with one role's remote unreachable (503) or broken (200 with invalid JS), the shell shows a
// clear message with Retry, the other roles keep working, and a student's answer queue keeps everything answered
// offline until the remote and the API are back. platform.e2e.ts covers message + Retry for a failing remote on its
// own; here the failure is combined with an API outage, a reload, and other roles signed in at the same time.
// The outage is played in the browser (context.route in every context, i.e. the remote's host is down for everyone).
const app = setupApp();

interface Sheet {
  id: number;
  answers: Record<string, string> | null;
  status: string;
}

const tag = `${Date.now() % 1_000_000}`;
const EXAM = {
  title: `Ujian Pemadaman ${tag}`,
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
    '4_essay': 'Sebutkan dua sumber energi terbarukan.',
  },
};
const OFFLINE_ESSAY = 'Matahari dan angin.';
let classId: number;
let examId: number;
let studentId: number;

const failureMessage = (role: Role) => `The ${role} pages could not be loaded. Check your connection and try again.`;

/** The files of a role's remote, read the way the shell finds them: /remotes.json → mf-manifest.json. */
async function remoteFiles(role: Role): Promise<{ prefix: string; entry: string; exposeChunk: string }> {
  const remotes = (await (await fetch(`${app.server.url}/remotes.json`)).json()) as Record<string, string>;
  const manifestUrl = new URL(remotes[role], app.server.url);
  const manifest = (await (await fetch(manifestUrl)).json()) as {
    metaData: { remoteEntry: { name: string } };
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  const prefix = manifestUrl.pathname.replace(/[^/]*$/, '');
  const app_ = manifest.exposes.find((e) => e.name === 'App' || e.name === './App');
  if (!app_) throw new Error(`${role} manifest exposes no App: ${JSON.stringify(manifest.exposes)}`);
  return {
    prefix,
    entry: `${prefix}${manifest.metaData.remoteEntry.name}`,
    exposeChunk: `${prefix}${app_.assets.js.sync[0]}`,
  };
}

type Breakage = 'unreachable' | 'invalid-js';

/** Makes one role's remote fail in a context: every file 503, or one JS file 200 with a body that is not JavaScript. */
async function breakRemote(context: BrowserContext, pathPattern: RegExp, how: Breakage): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    how === 'unreachable'
      ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' })
      : route.fulfill({
          status: 200,
          contentType: 'text/javascript',
          body: '<!doctype html><title>oops</title> }{ not javascript',
        });
  await context.route(pathPattern, handler);
  return () => context.unroute(pathPattern, handler);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** A teacher and an admin, each in their own browser, doing something that needs their remote and the API. */
async function otherRolesWork(pages: { teacher?: Page; admin?: Page; student?: Page }): Promise<void> {
  if (pages.teacher) {
    await openAs(app, pages.teacher, 'teacher', `/PreviewAnExam?class_id=${classId}`);
    await expectVisible(pages.teacher.getByRole('heading', { name: EXAM.title }));
    await expectVisible(pages.teacher.getByText('Planet terdekat dari Matahari?'));
  }
  if (pages.admin) {
    await openAs(app, pages.admin, 'admin', '/ManageClass10');
    await expectVisible(pages.admin.getByRole('heading', { name: 'Manage Classes' }));
    await expectVisible(pages.admin.getByText('X IPA 1').first());
  }
  if (pages.student) {
    await openAs(app, pages.student, 'student', '/MyClasses');
    await expectVisible(pages.student.getByRole('heading', { level: 1, name: 'My Classes' }));
    await expectVisible(pages.student.getByRole('link', { name: /^X IPA 1/ }).first());
  }
}

it('a student answers offline, reloads onto a broken student remote, and every answer reaches the server after Retry', async () => {
  const student = await app.newPage();
  const teacher = await app.newPage();
  const admin = await app.newPage();
  const files = await remoteFiles('student');

  await openAs(app, student, 'student', `/MyExams?class_id=${classId}`);
  await expectVisible(student.getByText('2 + 2 = ?'));
  await student.getByRole('radio', { name: 'B. 4' }).check();
  await expectVisible(student.getByTestId('save-status').getByText('Saved', { exact: true }));
  const sheet = await sheetOnServer();
  expect(sheet.answers).toEqual({ '1': 'b' });
  const storageKey = `kelasku:answers:exam:${sheet.id}`;

  // The student's connection to the API drops (requests fail as on a dead network); three more answers are given.
  const apiDown = /\/api\//;
  const abortApi = (route: Route) => route.abort('internetdisconnected');
  await student.context().route(apiDown, abortApi);
  await goToQuestion(student, 2);
  await student.getByRole('radio', { name: 'C. Merkurius' }).check();
  await goToQuestion(student, 3);
  await student.getByRole('radio', { name: 'A. Kilogram' }).check();
  await goToQuestion(student, 4);
  await student.getByLabel('Your answer').fill(OFFLINE_ESSAY);
  await expectVisible(student.getByTestId('save-status').getByText(/Offline/));
  const offlineAnswers = { '1': 'b', '2': 'c', '3': 'a', '4': OFFLINE_ESSAY };
  await eventually(
    () => student.evaluate((key) => localStorage.getItem(key), storageKey),
    (raw) => raw !== null && (JSON.parse(raw) as { answers: Record<string, string> }).answers['4'] === OFFLINE_ESSAY,
  );
  expect((await sheetOnServer()).answers).toEqual({ '1': 'b' });

  // Now the student remote's host fails for everyone, and the student reloads the page.
  const remotePattern = new RegExp(`^[^?]*${escapeRe(files.prefix)}`);
  const restore = await Promise.all(
    [student, teacher, admin].map((p) => breakRemote(p.context(), remotePattern, 'unreachable')),
  );
  await student.reload();
  await expectVisible(student.getByText(failureMessage('student')));
  const retry = student.getByRole('button', { name: 'Retry' });
  await expectVisible(retry);
  // Nothing was lost: the queue still holds every offline answer on the device, unacknowledged.
  const kept = JSON.parse(
    (await student.evaluate((key) => localStorage.getItem(key), storageKey)) ?? 'null',
  ) as unknown;
  expect(kept).toMatchObject({ pending: true, answers: offlineAnswers });
  // On the server: nothing new, or all of them. As the page hid for the reload, the answer sheet sent its queue
  // (sheet-session.ts, on visibilitychange); sent while the old page unloads, that request got past the test's refusal
  // of every API call in 1 run of 5 here. Never a part of them, and the queue above still holds every answer.
  expect([{ '1': 'b' }, offlineAnswers]).toContainEqual((await sheetOnServer()).answers);

  // Meanwhile the teacher and the admin keep working (their remotes and the API are fine).
  await otherRolesWork({ teacher, admin });

  // The remote and the API come back; Retry loads the student app, which sends the kept answers.
  await Promise.all(restore.map((r) => r()));
  await student.context().unroute(apiDown, abortApi);
  await retry.click();
  await expectVisible(student.getByText('2 + 2 = ?'));
  const synced = await eventually(sheetOnServer, (s) => s.answers?.['4'] === OFFLINE_ESSAY);
  expect(synced.answers).toEqual(offlineAnswers);
  await expectVisible(student.getByTestId('save-status').getByText('Saved', { exact: true }));
  expect(await student.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
  // The screen shows the answers given offline.
  expect(await student.getByRole('radio', { name: 'B. 4' }).isChecked()).toBe(true);
  await goToQuestion(student, 4);
  expect(await student.getByLabel('Your answer').inputValue()).toBe(OFFLINE_ESSAY);
  expect(pageLog(student).errors).toEqual([]);
});

describe.each<[Role, 'entry' | 'exposeChunk', { teacher?: boolean; admin?: boolean; student?: boolean }]>([
  ['teacher', 'entry', { admin: true, student: true }],
  ['admin', 'exposeChunk', { teacher: true, student: true }],
])('the %s remote served as invalid JavaScript (%s)', (role, file, others) => {
  it('shows the message with Retry, the other roles keep working, and Retry recovers once it is fixed', async () => {
    const broken = await app.newPage();
    const pages = {
      teacher: others.teacher ? await app.newPage() : undefined,
      admin: others.admin ? await app.newPage() : undefined,
      student: others.student ? await app.newPage() : undefined,
    };
    const files = await remoteFiles(role);
    const pattern = new RegExp(`^[^?]*${escapeRe(files[file])}`);
    const contexts = [broken, ...Object.values(pages).filter((p): p is Page => Boolean(p))].map((p) => p.context());
    let served = 0;
    broken.on('response', (r) => {
      if (pattern.test(r.url()) && r.status() === 200) served += 1;
    });
    const restore = await Promise.all(contexts.map((c) => breakRemote(c, pattern, 'invalid-js')));

    await openAs(app, broken, role);
    await expectVisible(broken.getByText(failureMessage(role)));
    const retry = broken.getByRole('button', { name: 'Retry' });
    await expectVisible(retry);
    expect(served).toBeGreaterThan(0); // the broken file really was delivered (200), not refused
    await otherRolesWork(pages);

    await Promise.all(restore.map((r) => r()));
    await retry.click();
    await dashboardHeading(broken).waitFor();
  });
});
