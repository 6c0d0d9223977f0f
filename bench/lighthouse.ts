/**
 * Lighthouse (13.5, mobile and desktop presets) on the production build served by the real server with the demo school:
 * the login page and each role's dashboard, categories performance, accessibility and best practices, plus FCP, LCP,
 * TBT and CLS. Chromium is Debian's (/usr/bin/chromium, `CHROMIUM_PATH`), launched by chrome-launcher; Lighthouse drives
 * a page through its own puppeteer-core.
 * Signed-in pages: a real token from POST /api/v1/auth is put where the shell keeps it (localStorage `token` and
 * `userData`, shared-api/src/session.ts) by a script that runs before the page's own scripts on every new document
 * (the login page gets a script that removes them). Lighthouse clears the HTTP cache before each run: cold loads.
 * Env: STATIC_DIR (folder holding shell/dist, admin-app/dist, …; default the repository), BENCH_LH_LOGIN_RUNS
 * (runs of the login page on mobile, default 3, median reported: its score is the target), BENCH_LH_RUNS (runs of
 * every other page and preset, default 1), BENCH_LH_REPORTS (folder: also save every full report there as JSON, to
 * open in the Lighthouse viewer), BENCH_LH_PAGES (subset, e.g. `login,student`: a page's name or its first word),
 * BENCH_LH_PRESETS (default `mobile,desktop`), BENCH_LH_RESULT and BENCH_LH_TITLE (result file name and section title,
 * default `lighthouse`, e.g. to keep a run of another build beside it), BENCH_LH_VISIT (`first`, the default: Lighthouse
 * clears the caches, the service worker and its storage before each run; `return`: the page is loaded once beforehand
 * until its service worker controls it, and Lighthouse keeps every cache: the daily return visit).
 * Each row also shows where the median run's main-thread time went: Lighthouse's own breakdown by kind of work and the
 * scripts that cost most (its `mainthread-work-breakdown` and `bootup-time` audits, CPU time × its slowdown).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { account, CHROMIUM } from './lib/browser';
import { isMain, saveResult, table } from './lib/results';
import { REPO, startServer } from './lib/server';

const PORT = 3870;
const LOGIN_RUNS = Number(process.env.BENCH_LH_LOGIN_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 1);
const STATIC_DIR = process.env.STATIC_DIR ?? REPO;
const REPORTS_DIR = process.env.BENCH_LH_REPORTS;
const ONLY_PAGES = process.env.BENCH_LH_PAGES?.split(',').map((s) => s.trim());
type Visit = 'first' | 'return';
const VISIT: Visit = process.env.BENCH_LH_VISIT === 'return' ? 'return' : 'first';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The login page's targets (mobile preset). */
const TARGET = { performance: 95, accessibility: 100, 'best-practices': 100 };

type Preset = 'mobile' | 'desktop';
type Role = 'admin' | 'teacher' | 'student';

interface PageSpec {
  name: string;
  path: string;
  role?: Role;
}

/** The demo student's open exam (the demo school has one, open all day): its page's address. */
const EXAM_PAGE = '/MyExams?class_id=<exam class>';

/** The login page, then each role's dashboard and main list screen, and the exam page. */
const PAGES: PageSpec[] = [
  { name: 'login', path: '/' },
  { name: 'admin dashboard', path: '/DashboardAdmin', role: 'admin' },
  { name: 'admin student accounts', path: '/ManageAccStudent', role: 'admin' },
  { name: 'teacher dashboard', path: '/DashboardTeacher', role: 'teacher' },
  { name: 'teacher subjects', path: '/ManageSubjects10', role: 'teacher' },
  { name: 'student dashboard', path: '/DashboardStudent', role: 'student' },
  { name: 'student classes', path: '/MyClasses', role: 'student' },
  { name: 'student exam', path: EXAM_PAGE, role: 'student' },
];
const PRESETS = (process.env.BENCH_LH_PRESETS?.split(',').map((s) => s.trim()) ?? ['mobile', 'desktop']) as Preset[];

/** A page's address: the exam page names the class of the student's open exam (from their to-do list). */
async function pathOf(url: string, spec: PageSpec, session?: { token: string }): Promise<string> {
  if (spec.path !== EXAM_PAGE) return spec.path;
  const res = await fetch(`${url}/api/v1/students/todo`, {
    headers: { authorization: `Bearer ${session?.token ?? ''}` },
  });
  const todo = (await res.json()) as { exams?: { class_id: number }[] };
  const classId = todo.exams?.[0]?.class_id;
  if (!classId) throw new Error(`the demo student has no open exam (GET /students/todo answered ${res.status})`);
  return `/MyExams?class_id=${classId}`;
}

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** ms (CLS: unitless) */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** failed audits that weigh in a score (score < 1), with their titles */
  failed: { id: string; title: string; score: number | null; displayValue?: string }[];
  finalUrl: string;
  warnings: string[];
  /** Lighthouse's own failure (e.g. NO_NAVSTART), still there after the retries */
  runtimeError?: string;
  profile: Profile;
}

/** Where a run's main-thread time went (ms): by kind of work, and the scripts that cost most. */
interface Profile {
  byKind: Record<string, number>;
  scripts: { file: string; total: number; scripting: number; parseCompile: number }[];
}

type AuditItems = Record<string, unknown>[];
const itemsOf = (lhr: import('lighthouse').Result, id: string): AuditItems =>
  (lhr.audits[id]?.details as { items?: AuditItems } | undefined)?.items ?? [];

/** A script's address as its file name ('mui.1a2b3c4d.js'), or Lighthouse's label for time no script owns. */
const fileOf = (url: string) => (url.startsWith('http') ? (new URL(url).pathname.split('/').pop() ?? url) : url);

function profileOf(lhr: import('lighthouse').Result): Profile {
  const byKind = Object.fromEntries(
    itemsOf(lhr, 'mainthread-work-breakdown').map((i) => [String(i.groupLabel), Math.round(Number(i.duration))]),
  );
  const scripts = itemsOf(lhr, 'bootup-time')
    .map((i) => ({
      file: fileOf(String(i.url)),
      total: Math.round(Number(i.total)),
      scripting: Math.round(Number(i.scripting)),
      parseCompile: Math.round(Number(i.scriptParseCompile)),
    }))
    .sort((a, b) => b.total - a.total)
    .slice(0, 5);
  return { byKind, scripts };
}

interface PageResult {
  page: string;
  path: string;
  preset: Preset;
  runs: Run[];
  median: Run;
}

/** A signed-in session for `role`: the token and the user data the shell would store after a login. */
async function sessionFor(url: string, role: Role): Promise<{ token: string; userData: string }> {
  const a = account(role);
  const res = await fetch(`${url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: a.username, password: a.password }),
  });
  if (!res.ok) throw new Error(`login as ${role} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { token, userData: Buffer.from(token.split('.')[1], 'base64url').toString() };
}

function toRun(lhr: import('lighthouse').Result): Run {
  const num = (id: string) =>
    Math.round((lhr.audits[id]?.numericValue ?? NaN) * (id === 'cumulative-layout-shift' ? 1000 : 1)) /
    (id === 'cumulative-layout-shift' ? 1000 : 1);
  const weighted = new Set(
    CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? []),
  );
  const failed = Object.values(lhr.audits)
    .filter(
      (a) =>
        weighted.has(a.id) &&
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue }));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
    ) as Run['scores'],
    metrics: {
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
    },
    failed,
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError?.code,
    profile: profileOf(lhr),
  };
}

const byPerformance = (a: Run, b: Run) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1);
const medianRun = (runs: Run[]) => [...runs].sort(byPerformance)[Math.floor((runs.length - 1) / 2)];

/** Lighthouse module, loaded once (it is an ES module). */
type LighthouseModule = typeof import('lighthouse');
type Browser = import('puppeteer-core').Browser;

/**
 * One Lighthouse run in a new tab, retried (at most twice) when Lighthouse reports a broken trace: on a busy machine
 * it sometimes misses the navigation start (NO_NAVSTART) and then has no metrics at all.
 */
async function auditOnce(
  lh: LighthouseModule,
  browser: Browser,
  url: string,
  preset: Preset,
  session: { token: string; userData: string } | undefined,
) {
  const page = await browser.newPage();
  try {
    // Runs before the app's scripts on every document of this tab: signed in as the page's role, or signed out
    // (Lighthouse 13 clears caches before a run but not localStorage, which all tabs of the profile share).
    await page.evaluateOnNewDocument(
      (origin: string, s: { token: string; userData: string } | null) => {
        if (location.origin !== origin) return;
        if (s) {
          localStorage.setItem('token', s.token);
          localStorage.setItem('userData', s.userData);
        } else {
          localStorage.removeItem('token');
          localStorage.removeItem('userData');
        }
      },
      new URL(url).origin,
      session ?? null,
    );
    if (VISIT === 'return') await visitBefore(page, url);
    const result = await lh.default(
      url,
      { logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: VISIT === 'return' },
      preset === 'desktop' ? lh.desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url} (${preset})`);
    return result;
  } finally {
    await page.close();
  }
}

/**
 * The visit before a return visit: the page loads until its service worker is ready, then once more under its
 * control (what the worker caches as the page runs is cached then).
 */
async function visitBefore(page: import('puppeteer-core').Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.evaluate(async () => {
    await navigator.serviceWorker?.ready;
  });
  await page.reload({ waitUntil: 'networkidle0' });
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  if (!controlled) throw new Error(`no service worker controls ${url} on the second load`);
}

export async function runLighthouse(): Promise<void> {
  const started = new Date().toISOString();
  const shellIndex = path.join(STATIC_DIR, 'shell', 'dist', 'index.html');
  if (!fs.existsSync(shellIndex) || !fs.existsSync(CHROMIUM)) {
    const why = !fs.existsSync(shellIndex)
      ? `production build missing (${shellIndex}; run \`npm run build\`)`
      : `Chromium not found at ${CHROMIUM}`;
    saveResult({
      name: process.env.BENCH_LH_RESULT ?? 'lighthouse',
      title: process.env.BENCH_LH_TITLE ?? 'Lighthouse',
      startedAt: started,
      markdown: `## Lighthouse\n\n**Not measured:** ${why}.`,
      data: { skipped: why },
    });
    return;
  }
  // Lighthouse and its launcher are ES modules.
  const lh = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const puppeteer = (await import('puppeteer-core')).default;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-lighthouse-'));
  const server = await startServer({ port: PORT, kind: 'sqlite', dataDir, env: { SEED_DEMO: '1', STATIC_DIR } });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const results: PageResult[] = [];
  let error: string | undefined;
  let retries = 0;
  const audit = async (url: string, preset: Preset, session?: { token: string; userData: string }) => {
    for (let attempt = 1; ; attempt++) {
      const result = await auditOnce(lh, browser, url, preset, session);
      if (!result.lhr.runtimeError || attempt === 3) return result;
      retries++;
      console.log(`[lighthouse] ${url} ${preset}: ${result.lhr.runtimeError.code}, running again`);
    }
  };
  try {
    for (const spec of PAGES.filter(
      (p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name) || ONLY_PAGES.includes(p.name.split(' ')[0]),
    )) {
      const session = spec.role ? await sessionFor(server.url, spec.role) : undefined;
      const pagePath = await pathOf(server.url, spec, session);
      for (const preset of PRESETS) {
        const runs: Run[] = [];
        const n = spec.name === 'login' && preset === 'mobile' ? LOGIN_RUNS : RUNS;
        for (let i = 0; i < n; i++) {
          const result = await audit(`${server.url}${pagePath}`, preset, session);
          if (REPORTS_DIR) {
            fs.mkdirSync(REPORTS_DIR, { recursive: true });
            fs.writeFileSync(
              path.join(REPORTS_DIR, `${spec.name.replace(/ /g, '-')}-${preset}-${i + 1}.json`),
              JSON.stringify(result.lhr),
            );
          }
          const run = toRun(result.lhr);
          runs.push(run);
          console.log(
            `[lighthouse] ${spec.name} ${preset}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}; FCP ${run.metrics.fcp} ms, LCP ${run.metrics.lcp} ms, TBT ${run.metrics.tbt} ms → ${run.finalUrl}`,
          );
        }
        results.push({ page: spec.name, path: pagePath, preset, runs, median: medianRun(runs) });
      }
    }
  } catch (e) {
    error = (e as Error).stack ?? String(e);
    console.error(`[lighthouse] ${error}\n${server.logTail()}`);
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  saveResult({
    name: process.env.BENCH_LH_RESULT ?? 'lighthouse',
    title: process.env.BENCH_LH_TITLE ?? 'Lighthouse',
    startedAt: started,
    markdown: markdown(results, retries, error),
    data: { staticDir: STATIC_DIR, chromium: CHROMIUM, retries, results, error },
  });
}

function markdown(results: PageResult[], retries: number, error?: string): string {
  const mark = (r: PageResult, c: keyof typeof TARGET) => {
    const v = r.median.scores[c];
    return r.page === 'login' && r.preset === 'mobile'
      ? `${v} ${v !== null && v >= TARGET[c] ? '✅' : '❌'}`
      : String(v);
  };
  const md = [
    `## ${process.env.BENCH_LH_TITLE ?? 'Lighthouse'} — production build, Debian Chromium (headless), Lighthouse 13.5 default throttling`,
    '',
    `Mobile = Lighthouse's default (Moto G Power-class phone, simulated slow 4G, 4× CPU slowdown); desktop = its desktop preset.`,
    `Login page on mobile: median of ${LOGIN_RUNS} runs (by performance score), targets performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}, best practices ${TARGET['best-practices']}; every other row: ${RUNS === 1 ? '1 run' : `median of ${RUNS}`}.`,
    `Signed-in pages are loaded with the token in localStorage; ${VISIT === 'return' ? 'return visit: each run after a load of the page that its service worker controlled, every cache kept' : 'first visit: cold cache, no service worker'}. Build served: ${STATIC_DIR === REPO ? 'the repository' : `\`${STATIC_DIR}\``}.`,
    'TBT is the CPU time measured on this machine × 4: with a high load average (see the table at the top) it and the performance score are pessimistic.',
    '',
    table(
      [
        'page',
        'preset',
        'performance',
        'accessibility',
        'best practices',
        'FCP (ms)',
        'LCP (ms)',
        'TBT (ms)',
        'CLS',
        'runs (performance)',
      ],
      results.map((r) => [
        `${r.page} \`${r.path}\``,
        r.preset,
        mark(r, 'performance'),
        mark(r, 'accessibility'),
        mark(r, 'best-practices'),
        r.median.metrics.fcp,
        r.median.metrics.lcp,
        r.median.metrics.tbt,
        r.median.metrics.cls,
        r.runs.map((x) => x.scores.performance).join(', '),
      ]),
    ),
    '',
  ];
  md.push(...profileMarkdown(results));
  const failures = results.filter((r) => r.median.failed.length);
  if (failures.length) {
    md.push('Audits that cost points (median run):', '');
    for (const r of failures)
      md.push(
        `- ${r.page}, ${r.preset}: ${r.median.failed.map((f) => `${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}`).join('; ')}`,
      );
    md.push('');
  }
  if (retries)
    md.push(`${retries} run(s) repeated because Lighthouse lost the trace (NO_NAVSTART, a busy machine).`, '');
  const broken = results.filter((r) => r.median.runtimeError);
  if (broken.length)
    md.push(
      `Lighthouse failed on: ${broken.map((r) => `${r.page} ${r.preset} (${r.median.runtimeError})`).join(', ')}.`,
      '',
    );
  if (error) md.push(`**Error:** \`${error.split('\n')[0]}\``, '');
  return md.join('\n');
}

/** Where the median run's main-thread time went, per page (Lighthouse's breakdown, ms after its CPU slowdown). */
function profileMarkdown(results: PageResult[]): string[] {
  const kinds = [...new Set(results.flatMap((r) => Object.keys(r.median.profile.byKind)))];
  return [
    'Where the main-thread time went (median run, ms): by kind of work, and the five scripts that cost most (total = evaluation + parse/compile + other work they caused).',
    '',
    table(
      ['page', 'preset', ...kinds, 'costliest scripts (total / parse-compile ms)'],
      results.map((r) => [
        r.page,
        r.preset,
        ...kinds.map((k) => r.median.profile.byKind[k] ?? 0),
        r.median.profile.scripts.map((x) => `${x.file} ${x.total} / ${x.parseCompile}`).join('; '),
      ]),
    ),
    '',
  ];
}

if (isMain(module)) {
  runLighthouse().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
