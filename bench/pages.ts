/**
 * Pages: what the production build makes a browser download, and how fast an exam becomes usable.
 *   - gzip bytes of JS / CSS / images / fonts for the login page and each role's first screen (Chromium via
 *     playwright-core; the real server serves the builds and the demo school);
 *   - time until the first question of a 50-question exam with images (~29 KB PNG each, ~1.4 MB of content) is
 *     interactive (its first option is enabled, then clicked and checked), on a 360×740 phone viewport:
 *       in-app: from a click on the class in "My Classes Exams";  reload: full page load with a warm cache;
 *       cold: a fresh browser profile (nothing cached) opening /MyExams?class_id=…;  each also with a slow phone
 *       (4× CPU throttling, 1.6 Mbit/s down, 150 ms RTT);
 *   - Lighthouse scores are measured by bench/lighthouse.ts (its own section of RESULTS.md).
 * Needs `npm run build` first. Env: BENCH_PAGES_REPEAT (default 3); STATIC_DIR (default: the repository) to measure
 * builds made elsewhere (e.g. `STATIC_DIR=/tmp/me`, holding <app>/dist).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { account, CHROMIUM, kb, launch, measureWeights, totalBytes, type PageWeights, type Tally } from './lib/browser';
import { isMain, saveResult, table } from './lib/results';
import { examContent, openDb } from './lib/school';
import { pngDataUrl } from './lib/png';
import { REPO, startServer } from './lib/server';

const REPEAT = Number(process.env.BENCH_PAGES_REPEAT ?? 3);
const QUESTIONS = 50;
const BUDGET = { loginJs: 150 * 1024, loginAll: 250 * 1024, roleJs: 350 * 1024, examMs: 300 };
export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Where the production builds are served from: STATIC_DIR (e.g. a private build folder), else the repository. */
const STATIC_DIR = path.resolve(REPO, process.env.STATIC_DIR || '.');

export function missingBuilds(): string[] {
  return ['shell', 'admin-app', 'teacher-app', 'student-app'].filter(
    (a) => !fs.existsSync(path.join(STATIC_DIR, a, 'dist', a === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
}

const wib = (d: Date) => new Date(d.getTime() + 7 * 3600_000).toISOString().slice(0, 19) + '+07:00';

/**
 * Replaces the exam of the demo student's first class with 50 MC questions with images, open now. Saved through the
 * API as a teacher saves it (the class teacher when that is the demo teacher, else the admin): the server takes the
 * pictures out of the content (server/src/domain/images.ts), so the exam JSON holds image URLs, as for a real exam.
 */
export async function prepareExam(
  url: string,
  dataDir: string,
): Promise<{ classId: number; className: string; contentBytes: number; savedBytes: number }> {
  const handle = openDb(undefined, path.join(dataDir, 'kelasku.sqlite'));
  let cls: { id: number; name: string; teacher: string };
  try {
    const db = handle.db;
    const student = await db
      .selectFrom('students as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id'])
      .where('u.username', '=', account('student').username)
      .executeTakeFirstOrThrow();
    cls = await db
      .selectFrom('assigned_students_class as a')
      .innerJoin('classes as c', 'c.id', 'a.class_id')
      .innerJoin('teachers as t', 't.id', 'c.teacher_id')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['c.id', 'c.name', 'u.username as teacher'])
      .where('a.student_id', '=', student.id)
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
  } finally {
    await handle.close();
  }
  const who = cls.teacher === account('teacher').username ? account('teacher') : account('admin');
  const login = await fetch(`${url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.username, password: who.password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${who.username}: ${login.status}`);
  const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
  const call = async (method: string, pathAndQuery: string, body?: unknown) => {
    const res = await fetch(`${url}/api/v1${pathAndQuery}`, {
      method,
      ...(body === undefined
        ? { headers: { authorization } }
        : { headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathAndQuery}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };

  const images = Array.from({ length: 10 }, (_, i) => pngDataUrl(160, 120, 100 + i, 0.25));
  const { content } = examContent(QUESTIONS, 42);
  for (let n = 1; n <= QUESTIONS; n++) content[`${n}_pict`] = images[n % images.length];
  // Deleting the old exam also deletes its answer sheets and grades.
  const existing = JSON.parse(await call('GET', `/exams?class_id=${cls.id}`)) as Array<{ id: number }>;
  for (const e of existing) await call('DELETE', `/exams?id=${e.id}`);
  const now = Date.now();
  const saved = await call('POST', '/exams', {
    title: 'Ujian 50 soal bergambar',
    class_id: cls.id,
    total_marks: 100,
    content,
    start_time: wib(new Date(now - 5 * 60_000)),
    end_time: wib(new Date(now + 3 * 3600_000)),
  });
  const savedContent = (JSON.parse(saved) as { content: Record<string, string> }).content;
  return {
    classId: cls.id,
    className: cls.name,
    contentBytes: JSON.stringify(content).length,
    savedBytes: JSON.stringify(savedContent).length,
  };
}

async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8) * 0.9,
    uploadThroughput: (750e3 / 8) * 0.9,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The demo student's token, signed in once per server: a login per run would hit the login rate limit. */
const tokens = new Map<string, Promise<string>>();

async function studentToken(url: string): Promise<string> {
  const { username, password } = account('student');
  const res = await fetch(`${url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  if (!tokens.has(url)) tokens.set(url, studentToken(url));
  const token = await tokens.get(url)!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as unknown;
  const ctx = await browser.newContext(PHONE);
  await ctx.addInitScript(
    ([t, c]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t);
        localStorage.setItem('userData', c);
      }
    },
    [token, JSON.stringify(claims)] as const,
  );
  await ctx.addInitScript(RECORD_FIRST_OPTION_IN_PAGE);
  return ctx;
}

/**
 * Runs in the page before its own scripts: notes, in page time (ms since the navigation started), when an enabled
 * answer option first appears in the DOM. The test's own view (firstQuestion) adds the round trips of driving the
 * browser; this one does not. (A string, not a function: tsx would add helpers the page does not have.)
 */
const RECORD_FIRST_OPTION_IN_PAGE = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__firstOptionAt === undefined && document.querySelector('input[type="radio"]:not(:disabled)')) {
      window.__firstOptionAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
})();`;

/** The in-page time noted by RECORD_FIRST_OPTION_IN_PAGE, for the page now shown (reload and cold loads). */
export async function firstOptionInPage(page: Page): Promise<number> {
  const at = await page.evaluate(() => (window as unknown as { __firstOptionAt?: number }).__firstOptionAt);
  if (at === undefined) throw new Error('the page never noted its first answer option');
  return Math.round(at);
}

/** ms from `start` until question 1's first option is enabled, and until a click on it shows it checked. */
async function firstQuestion(page: Page, start: number): Promise<{ interactive: number; answered: number }> {
  const option = page.getByRole('radio').first();
  await option.waitFor({ state: 'visible', timeout: 60_000 });
  while (!(await option.isEnabled())) await page.waitForTimeout(5);
  const interactive = performance.now() - start;
  await option.check();
  const answered = performance.now() - start;
  return { interactive: Math.round(interactive), answered: Math.round(answered) };
}

interface ExamTimes {
  mode: string;
  network: string;
  interactive: number[];
  answered: number[];
  /** Reload and cold: ms from navigation start until the page itself had an enabled option (no test round trips). */
  inPage?: number[];
}

/** What a page fetched, in page time (ms since navigation start): where a reload's time goes. */
export interface TimelineEntry {
  what: string;
  start: number;
  end: number;
}
let reloadTimeline: TimelineEntry[] = [];
let coldTimeline: TimelineEntry[] = [];

export async function timeline(page: Page): Promise<TimelineEntry[]> {
  return page.evaluate(() => {
    const now = Math.round(performance.now());
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => {
      const url = new URL(e.name);
      return {
        what: `${url.pathname}${url.search}`.slice(0, 80),
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
      };
    });
    return [
      { what: 'document (index.html)', start: 0, end: Math.round(nav.responseEnd) },
      {
        what: 'DOMContentLoaded',
        start: Math.round(nav.domContentLoadedEventStart),
        end: Math.round(nav.domContentLoadedEventEnd),
      },
      ...entries,
      { what: 'first option enabled (seen by the test)', start: now, end: now },
    ].sort((a, b) => a.start - b.start);
  });
}

async function examTiming(
  browser: Browser,
  url: string,
  classId: number,
  className: string,
  slow: boolean,
): Promise<ExamTimes[]> {
  const label = slow ? 'slow phone (4× CPU, 1.6 Mbit/s, 150 ms RTT)' : 'no throttling';
  const inApp: ExamTimes = {
    mode: 'in-app (click in My Classes Exams)',
    network: label,
    interactive: [],
    answered: [],
  };
  const reload: ExamTimes = { mode: 'reload (warm cache)', network: label, interactive: [], answered: [], inPage: [] };
  const cold: ExamTimes = { mode: 'cold (empty cache)', network: label, interactive: [], answered: [], inPage: [] };
  for (let i = 0; i < REPEAT; i++) {
    const ctx = await signedInContext(browser, url);
    const page = await ctx.newPage();
    if (slow) await slowPhone(page);
    let t = performance.now();
    await page.goto(`${url}/MyExams?class_id=${classId}`);
    const c = await firstQuestion(page, t);
    cold.interactive.push(c.interactive);
    cold.answered.push(c.answered);
    cold.inPage!.push(await firstOptionInPage(page));
    if (i === 0 && !slow) coldTimeline = await timeline(page);

    t = performance.now();
    await page.reload();
    const r = await firstQuestion(page, t);
    reload.interactive.push(r.interactive);
    reload.answered.push(r.answered);
    reload.inPage!.push(await firstOptionInPage(page));
    if (i === 0 && !slow) reloadTimeline = await timeline(page);

    await page.goto(`${url}/MyClassesExam`);
    const link = page.getByText(className, { exact: false }).first();
    await link.waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    t = performance.now();
    await link.click();
    const a = await firstQuestion(page, t);
    inApp.interactive.push(a.interactive);
    inApp.answered.push(a.answered);
    await ctx.close();
  }
  return [inApp, reload, cold];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

function weightRow(name: string, t: Tally, jsBudget?: number): (string | number)[] {
  const ok = jsBudget === undefined ? '' : t.bytes.js <= jsBudget ? ' ✅' : ' ❌';
  return [
    name,
    `${kb(t.bytes.js)}${ok}`,
    kb(t.bytes.css),
    kb(t.bytes.image),
    kb(t.bytes.font),
    kb(t.bytes.html + t.bytes.json + t.bytes.other),
    kb(totalBytes(t)),
    t.files.length,
  ];
}

export async function runPages(): Promise<void> {
  const missing = missingBuilds();
  const started = new Date().toISOString();
  if (missing.length || !fs.existsSync(CHROMIUM)) {
    const why = missing.length
      ? `production build missing for ${missing.join(', ')} (run \`npm run build\`)`
      : `Chromium not found at ${CHROMIUM}`;
    saveResult({
      name: 'pages',
      title: 'Pages',
      startedAt: started,
      markdown: `## Pages\n\n**Not measured:** ${why}.`,
      data: { skipped: why },
    });
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-pages-'));
  const server = await startServer({
    port: 3860,
    kind: 'sqlite',
    dataDir,
    env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR },
  });
  const browser = await launch();
  let weights: PageWeights | undefined;
  let exam: ExamTimes[] = [];
  let examInfo: Awaited<ReturnType<typeof prepareExam>> | undefined;
  let error: string | undefined;
  try {
    weights = await measureWeights(browser, server.url);
    examInfo = await prepareExam(server.url, dataDir);
    exam = [
      ...(await examTiming(browser, server.url, examInfo.classId, examInfo.className, false)),
      ...(await examTiming(browser, server.url, examInfo.classId, examInfo.className, true)),
    ];
  } catch (e) {
    error = (e as Error).stack ?? String(e);
    console.error(`[pages] ${error}\n${server.logTail()}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const md = ['## Pages — production build in Chromium (gzip -9 of every file the page fetched)', ''];
  if (weights) {
    md.push(
      table(
        ['page', 'JS', 'CSS', 'images', 'fonts', 'HTML/JSON/other', 'all', 'files'],
        [
          weightRow('login page (budget JS ≤ 150 KB, all ≤ 250 KB)', weights.login, BUDGET.loginJs),
          ...(['admin', 'teacher', 'student'] as const).map((r) =>
            weightRow(
              `${r} first screen ${weights.roles[r].path}, incl. login page (budget JS ≤ 350 KB)`,
              weights.roles[r].total,
              BUDGET.roleJs,
            ),
          ),
          ...(['admin', 'teacher', 'student'] as const).map((r) =>
            weightRow(`${r}: after sign-in only`, weights.roles[r].afterLogin),
          ),
        ],
      ),
      '',
      `Login page all-in: ${kb(totalBytes(weights.login))} (budget 250 KB ${totalBytes(weights.login) <= BUDGET.loginAll ? '✅' : '❌'}).`,
      '',
    );
  }
  if (exam.length && examInfo) {
    md.push(
      `### First exam question interactive — ${QUESTIONS} questions with images (${(examInfo.contentBytes / 1024).toFixed(0)} KB of content as the teacher sent it, ${(examInfo.savedBytes / 1024).toFixed(0)} KB as stored and served: pictures are separate /api/v1/images/ files), 360×740 phone viewport, median of ${REPEAT} (target ≤ ${BUDGET.examMs} ms)`,
      '',
      table(
        [
          'navigation',
          'conditions',
          'first option enabled, seen by the test (ms)',
          'first answer checked (ms)',
          'all runs (enabled)',
          'in the page: enabled option in the DOM (ms since navigation start)',
        ],
        exam.map((e) => [
          e.mode,
          e.network,
          `${median(e.interactive)}${e.network === 'no throttling' ? (median(e.interactive) <= BUDGET.examMs ? ' ✅' : ' ❌') : ''}`,
          median(e.answered),
          e.interactive.join(', '),
          e.inPage?.length ? `${median(e.inPage)} (${e.inPage.join(', ')})` : '–',
        ]),
      ),
      '',
      "The target is judged on what the test sees: its clock starts before it asks the browser to navigate and stops when it has found the option enabled, round trips to the browser included. The last column is the page's own clock (a MutationObserver installed before the page's scripts), without those round trips.",
      '',
    );
  }
  for (const [kind, entries] of [
    ['a cold load', coldTimeline],
    ['a reload', reloadTimeline],
  ] as const) {
    if (!entries.length) continue;
    md.push(
      `#### Where ${kind} goes (first run, no throttling; ms since the navigation started; images left out)`,
      '',
      table(
        ['what', 'start', 'end'],
        entries.filter((e) => !e.what.startsWith('/api/v1/images/')).map((e) => [e.what, e.start, e.end]),
      ),
      '',
    );
  }
  md.push('Lighthouse scores: see the Lighthouse section (`bench/lighthouse.ts`).', '');
  if (error) md.push(`**Error:** \`${error.split('\n')[0]}\``, '');
  saveResult({
    name: 'pages',
    title: 'Pages',
    startedAt: started,
    markdown: md.join('\n'),
    data: { weights, exam, examInfo, coldTimeline, reloadTimeline, error },
  });
}

if (isMain(module)) {
  runPages().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
