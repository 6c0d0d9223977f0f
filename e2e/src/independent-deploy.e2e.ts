import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectVisible, openAs, setupApp } from './harness/app';
import { buildChangedRemote, replaceFolder, serveFolder, type MarkedBuild } from './harness/deploy';
import { freePort, REPO_ROOT } from './harness/server';

// design.md "Independent deploys": a rebuilt remote reaches users of the running shell on their next page load,
// without rebuilding the shell or the other remotes — whether it replaces the files served under /remotes/student/
// or is uploaded to another origin that /remotes.json (REMOTES_JSON) points at.

const MARKER = `build-${crypto.randomBytes(4).toString('hex')}`;
const ORIGINAL_TEXT = 'Progress Status';

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
for (const app of ['shell', 'admin-app', 'teacher-app']) fs.symlinkSync(path.join(REPO_ROOT, app), path.join(staging, app));
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

let build: MarkedBuild | undefined;
let shellBefore = '';

beforeAll(async () => {
  shellBefore = shellFingerprint();
  build = await buildChangedRemote('student-app', ORIGINAL_TEXT, `${ORIGINAL_TEXT} ${MARKER}`);
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

  replaceFolder(stagedStudentDist, build!.dist);
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: `${ORIGINAL_TEXT} ${MARKER}` }));
  expect(shellFingerprint()).toBe(shellBefore);

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
    expect(cdn.requests).toContain('/mf-manifest.json');
    expect(cdn.requests.some((p) => p.startsWith('/remoteEntry'))).toBe(true);
    expect(shellFingerprint()).toBe(shellBefore);
  } finally {
    fs.writeFileSync(remotesJson, JSON.stringify(DEFAULT_REMOTES));
    await cdn.close();
  }
});
