import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { dashboardHeading, expectVisible, openAs, setupApp } from './harness/app';
import { buildChangedRemote, replaceFolder, serveFolder, type MarkedBuild } from './harness/deploy';
import { freePort, REPO_ROOT } from './harness/server';

// A rebuilt remote reaches users of the running shell on their next page load, without rebuilding the shell or the
// other remotes — whether it replaces the files served under /remotes/student/ or is uploaded to another origin that
// /remotes.json (REMOTES_JSON) points at. A remote owns its routes and menu, so that holds for a new screen too.

const MARKER = `build-${crypto.randomBytes(4).toString('hex')}`;
const ORIGINAL_TEXT = 'Progress Status';

// The rebuilt student remote also gets a screen and a menu entry that no build of the shell has ever seen.
const NEW_PATH = '/StudyPlanner';
const NEW_MENU_LABEL = 'Study Planner';
const NEW_HEADING = `Study Planner ${MARKER}`;
const LAST_ROUTE = "{ path: '/MyExams', screen: ExamPage },";
const LAST_MENU_ENTRY = "{ label: 'menu.groupDiscussions', to: '/GroupDiscussions', match: ['/CreateDiscussions'] },";
// The dashboard's heading is a message (locales/en.json); the marker goes next to where the page shows it.
const ORIGINAL_TEXT_CALL = "{t('dashboard.progress.title')}";
const STUDENT_CHANGES = [
  { text: ORIGINAL_TEXT_CALL, replacement: `${ORIGINAL_TEXT_CALL} ${MARKER}` },
  {
    text: LAST_ROUTE,
    replacement: `${LAST_ROUTE}\n  { path: '${NEW_PATH}', screen: () => <PageTitle>${NEW_HEADING}</PageTitle> },`,
  },
  // A label without a message of its own: i18next shows the key itself, which is the label.
  { text: LAST_MENU_ENTRY, replacement: `${LAST_MENU_ENTRY}\n  { label: '${NEW_MENU_LABEL}', to: '${NEW_PATH}' },` },
];

// The server serves from a staging folder: the real shell and admin/teacher dists (symlinked, never written) and a
// copy of student-app/dist that the test "deploys" into.
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-deploy-'));
const stagedStudentDist = path.join(staging, 'student-app', 'dist');
const remotesJson = path.join(staging, 'remotes.json');
const DEFAULT_REMOTES = {
  admin: '/remotes/admin/mf-manifest.json',
  teacher: '/remotes/teacher/mf-manifest.json',
  student: '/remotes/student/mf-manifest.json',
};
for (const app of ['shell', 'admin-app', 'teacher-app'])
  fs.symlinkSync(path.join(REPO_ROOT, app), path.join(staging, app));
if (fs.existsSync(path.join(REPO_ROOT, 'student-app', 'dist'))) {
  replaceFolder(stagedStudentDist, path.join(REPO_ROOT, 'student-app', 'dist'));
}
fs.writeFileSync(remotesJson, JSON.stringify(DEFAULT_REMOTES));

const app = setupApp({ env: { STATIC_DIR: staging, REMOTES_JSON: remotesJson } });

/** Fingerprint of the built shell, to show it was not rebuilt. */
function shellFingerprint(): string {
  const dist = path.join(REPO_ROOT, 'shell', 'dist');
  const hash = crypto.createHash('sha256');
  for (const name of fs.readdirSync(dist).sort()) {
    const file = path.join(dist, name);
    if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** The files of a remote build's exposed App, as its manifest lists them: they change with every changed build. */
function appFilesOf(dist: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  return manifest.exposes.find((e) => e.name === 'App')!.assets.js.sync;
}

/** The start chain the server wrote into the page (its data element: shared-rules/src/start-chain.ts). */
async function startChainOf(page: Page): Promise<{ files: Record<string, string[]> }> {
  return JSON.parse((await page.locator('#kelasku-start-chain').textContent()) ?? 'null') as {
    files: Record<string, string[]>;
  };
}

let build: MarkedBuild | undefined;
let shellBefore = '';

beforeAll(async () => {
  shellBefore = shellFingerprint();
  build = await buildChangedRemote('student-app', STUDENT_CHANGES);
}, 360_000);

afterAll(() => {
  build?.cleanup();
  fs.rmSync(staging, { recursive: true, force: true });
  // The repository's own student-app stays as it was: no copy left behind, its dist untouched.
  expect(fs.readdirSync(REPO_ROOT).filter((n) => n.startsWith('.e2e-build-'))).toEqual([]);
});

it('a student remote replaced in place is loaded by the running shell on reload', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'student');
  await expectVisible(page.getByRole('heading', { name: ORIGINAL_TEXT, exact: true }));

  const appBefore = appFilesOf(stagedStudentDist);
  replaceFolder(stagedStudentDist, build!.dist);
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: `${ORIGINAL_TEXT} ${MARKER}` }));
  expect(shellFingerprint()).toBe(shellBefore);
  // The page itself named the new build's files (the server reads each remote's manifest per deploy).
  const appAfter = appFilesOf(stagedStudentDist);
  expect(appAfter).not.toEqual(appBefore);
  const named = (await startChainOf(page)).files.student;
  expect(named).toEqual(expect.arrayContaining(appAfter.map((file) => `/remotes/student/${file}`)));
  expect(named.filter((file) => appBefore.some((old) => file.endsWith(`/${old}`) && !appAfter.includes(old)))).toEqual(
    [],
  );

  // Put the original back for the next test.
  replaceFolder(stagedStudentDist, path.join(REPO_ROOT, 'student-app', 'dist'));
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: ORIGINAL_TEXT, exact: true }));
});

it('a student remote uploaded to another origin is loaded once /remotes.json points at it (CORS)', async () => {
  const cdn = await serveFolder(build!.dist, await freePort());
  try {
    const page = await app.newPage();
    await openAs(app, page, 'student');
    await expectVisible(page.getByRole('heading', { name: ORIGINAL_TEXT, exact: true }));
    expect(cdn.requests).toEqual([]);

    fs.writeFileSync(remotesJson, JSON.stringify({ ...DEFAULT_REMOTES, student: `${cdn.url}/mf-manifest.json` }));
    await page.reload();
    await expectVisible(page.getByRole('heading', { name: `${ORIGINAL_TEXT} ${MARKER}` }));
    expect((await startChainOf(page)).files.student).toContain(`${cdn.url}/mf-manifest.json`);
    expect(cdn.requests).toContain('/mf-manifest.json');
    expect(cdn.requests.some((p) => p.startsWith('/remoteEntry'))).toBe(true);
    expect(shellFingerprint()).toBe(shellBefore);
  } finally {
    fs.writeFileSync(remotesJson, JSON.stringify(DEFAULT_REMOTES));
    await cdn.close();
  }
});

it('a new student screen and menu entry, deployed with the student remote alone, are served and shown by the unchanged shell', async () => {
  const page = await app.newPage();
  await openAs(app, page, 'student');
  await dashboardHeading(page).waitFor();
  const sidebar = page.getByRole('navigation', { name: 'Kelasku Student navigation' });
  await expectVisible(sidebar.getByRole('link', { name: 'Group Discussions' }));
  expect(await sidebar.getByRole('link', { name: NEW_MENU_LABEL }).count()).toBe(0);

  replaceFolder(stagedStudentDist, build!.dist);
  try {
    // A direct URL of the new path (a reload): served, and highlighted in the sidebar.
    await page.goto(NEW_PATH);
    await expectVisible(page.getByRole('heading', { name: NEW_HEADING, level: 1 }));
    expect(new URL(page.url()).pathname).toBe(NEW_PATH);
    const entry = sidebar.getByRole('link', { name: NEW_MENU_LABEL });
    await expectVisible(entry);
    expect(await entry.getAttribute('aria-current')).toBe('page');

    // The menu entry leads there from another screen too.
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await dashboardHeading(page).waitFor();
    await entry.click();
    await expectVisible(page.getByRole('heading', { name: NEW_HEADING, level: 1 }));
    expect(new URL(page.url()).pathname).toBe(NEW_PATH);

    // Signed out, the new path leads to the login page like every student path.
    await page.evaluate(() => localStorage.clear());
    await page.goto(NEW_PATH);
    await page.waitForURL((url) => url.pathname === '/');
    await expectVisible(page.getByPlaceholder('NIP/NIS'));
    expect(shellFingerprint()).toBe(shellBefore);
  } finally {
    replaceFolder(stagedStudentDist, path.join(REPO_ROOT, 'student-app', 'dist'));
  }
});
