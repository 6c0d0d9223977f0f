/**
 * Bundle budget gate for CI (exit 1 when over budget). Needs the production build (`npm run build`) and Chromium.
 *
 *   npx tsx bench/check-budgets.ts        (or: npm run check-budgets -w bench)
 *   STATIC_DIR=/tmp/me npm run check-budgets -w bench   (a private build: <dir>/shell/dist, <dir>/admin-app/dist…)
 *
 * Starts the real server on a scratch SQLite school (demo seed, and a 50-question exam open now for the demo
 * student's class) serving shell/dist and the remotes' dist folders. Each listed screen is opened directly, as a
 * signed-in user reopening the app (empty HTTP cache, no service worker; the login page signed out), and counted up to
 * its usable mark (bench/lib/usable.ts): the script files and their gzip -9 bytes fetched before it. Budget per screen
 * (docs design §4): ≤ 20 script files and ≤ 200 KB JS; the login page also ≤ 150 KB JS. The set of files depends only
 * on the build and the seeded data, so the result is the same on every run of the same build. Also reported, not
 * gated: the share-scope entries, emotion's CSS rules and the long tasks before the mark (the last with the load
 * average: it moves with the machine). Writes bench/results/budgets.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, kb, launch } from './lib/browser';
import { costUntilUsable, type UsableCost } from './lib/usable';
import { isMain, LOAD_AT_START, saveResult, table } from './lib/results';
import { REPO, startServer } from './lib/server';
import { account } from './lib/browser';
import { PHONE, prepareExam } from './pages';

const KB = 1024;
export const BUDGETS = { loginJs: 150 * KB, screenJs: 200 * KB, screenFiles: 20 };

export type ScreenName =
  | 'login'
  | 'DashboardAdmin'
  | 'ManageAccStudent'
  | 'DashboardTeacher'
  | 'ManageSubjects10'
  | 'DashboardStudent'
  | 'MyClasses'
  | 'exam page';

/** Every first screen the budgets hold, who opens it, and where (the exam page: the student's class's exam). */
export const SCREENS: {
  name: ScreenName;
  role: 'admin' | 'teacher' | 'student' | null;
  path: (classId: number) => string;
}[] = [
  { name: 'login', role: null, path: () => '/' },
  { name: 'DashboardAdmin', role: 'admin', path: () => '/DashboardAdmin' },
  { name: 'ManageAccStudent', role: 'admin', path: () => '/ManageAccStudent' },
  { name: 'DashboardTeacher', role: 'teacher', path: () => '/DashboardTeacher' },
  { name: 'ManageSubjects10', role: 'teacher', path: () => '/ManageSubjects10' },
  { name: 'DashboardStudent', role: 'student', path: () => '/DashboardStudent' },
  { name: 'MyClasses', role: 'student', path: () => '/MyClasses' },
  { name: 'exam page', role: 'student', path: (classId) => `/MyExams?class_id=${classId}` },
];

/**
 * What every signed-in screen loads before its own code, measured 2026-11-28 (budgets.json): the shell's `boot` chunk
 * (React, React DOM, i18next and its backend, and TanStack Query since the shell signs in through it: 98.9 KB), its
 * `mui` chunk (what two or more first screens show, and emotion: 55.5 KB since MUI's styles barrel is shared as a slim
 * re-export, webpack/mui-styles-slim.ts; 64.8 KB before, 73.7 KB until the frame became plain elements and a static
 * style sheet) and its `main.js` (the federation runtime: 32.4 KB) make 187 KB together, before any file of the screen
 * itself; then the `frame` chunk (the API client on ky, the router, and the device id and shared rules they import:
 * 30.2 KB; 39.0 KB with axios) and the role's remoteEntry.js (13–16 KB) and remote-frame (10–11 KB).
 */
const SIGNED_IN_FLOOR =
  'boot + mui + main.js are 187 KB before any screen code, frame (API client on ky, router) 30 KB more';

/**
 * Each ceiling is the largest of repeated runs of one build plus ~2 KB, and the lazy chunk seen racing the mark where
 * one was: what loads before the mark moves with which lazy chunk wins the race against it (the admin dashboard's
 * charts' 7.3 KB chunk in 1 run of 4; the exam page's past exams, 0.6 KB), a weakness of this measure still to be fixed.
 */
const RACE = 'ceiling: the largest run plus ~2 KB and a racing chunk, lazy chunks race the mark';

/**
 * Targets not reached yet, written down instead of hidden: a screen listed here is held at its measured `files` /
 * `jsGzip` (so it cannot grow unnoticed) and still reported over budget, with what is missing and why. Every screen is
 * within the 20 files since 2026-11-28 (the account and subject lists load their dialogs and menus on first use, the
 * shared rules have no side effects, the remotes' small common modules sit in remote-frame).
 */
export const KNOWN_OVER_BUDGET: Partial<Record<ScreenName, { files?: number; jsGzip?: number; gap: string }>> = {
  DashboardAdmin: { jsGzip: 274 * KB, gap: `${SIGNED_IN_FLOOR}; ${RACE}` },
  ManageAccStudent: {
    jsGzip: 280.5 * KB,
    gap: `${SIGNED_IN_FLOOR}; and the table, the sort toggle, the search field; ${RACE}`,
  },
  DashboardTeacher: { jsGzip: 271 * KB, gap: `${SIGNED_IN_FLOOR}; ${RACE}` },
  ManageSubjects10: { jsGzip: 268.5 * KB, gap: `${SIGNED_IN_FLOOR}; ${RACE}` },
  DashboardStudent: { jsGzip: 264 * KB, gap: `${SIGNED_IN_FLOOR}; ${RACE}` },
  MyClasses: { jsGzip: 260.5 * KB, gap: `${SIGNED_IN_FLOOR}; ${RACE}` },
  'exam page': { jsGzip: 275 * KB, gap: `${SIGNED_IN_FLOOR}; ${RACE}` },
};

async function tokenOf(url: string, role: 'admin' | 'teacher' | 'student'): Promise<string> {
  const { username, password } = account(role);
  const res = await fetch(`${url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

interface Check {
  what: string;
  value: number;
  budget: number;
  ceiling?: number;
  gap?: string;
  format: (n: number) => string;
}

const formChunkBytes = (c: UsableCost) =>
  c.scripts.filter((f) => /^\/mui-(forms|dialogs)\.\w+\.js$/.test(f.path)).reduce((sum, f) => sum + f.gzip, 0);

/** The checks of one screen: files and bytes before its usable mark (and, on a dashboard, no MUI form or dialog chunk). */
export function checksOf(name: ScreenName, cost: UsableCost): Check[] {
  const known = KNOWN_OVER_BUDGET[name];
  const count = (n: number) => String(n);
  return [
    {
      what: `${name}: script files before usable`,
      value: cost.scripts.length,
      budget: BUDGETS.screenFiles,
      ceiling: known?.files,
      gap: known?.gap,
      format: count,
    },
    {
      what: `${name}: JS before usable`,
      value: cost.jsGzip,
      budget: BUDGETS.screenJs,
      ceiling: known?.jsGzip,
      gap: known?.gap,
      format: kb,
    },
    ...(name === 'login'
      ? [
          {
            what: 'login: JS before usable (login page budget)',
            value: cost.jsGzip,
            budget: BUDGETS.loginJs,
            format: kb,
          },
        ]
      : []),
    // No dashboard shows a form field or a dialog on arrival: MUI's form and dialog chunks (webpack/federation.ts) wait for one.
    ...(/^Dashboard/.test(name)
      ? [
          {
            what: `${name}: MUI form and dialog chunks before usable`,
            value: formChunkBytes(cost),
            budget: 0,
            format: kb,
          },
        ]
      : []),
  ];
}

/**
 * The checks of every screen's measured costs against the budgets and ceilings, and their Markdown section. Also
 * rebuilt from a stored run (bench/results/budgets.json) when a ceiling changes: the measurement stays as measured.
 */
export function budgetsReport(costs: Record<ScreenName, UsableCost>, load: readonly number[]) {
  const checks = SCREENS.flatMap((s) => checksOf(s.name, costs[s.name]));
  const limitOf = (c: Check) => c.ceiling ?? c.budget;
  const verdict = (c: Check) =>
    c.value <= c.budget
      ? 'pass'
      : c.value <= limitOf(c)
        ? `over budget (known: ${c.gap}; held at ${c.format(limitOf(c))})`
        : `**FAIL** (+${c.format(c.value - limitOf(c))})`;
  const passed = checks.every((c) => c.value <= limitOf(c));
  const md = [
    '## Bundle budgets (bench/check-budgets.ts)',
    '',
    'Each screen opened directly (empty cache, no service worker, signed in), counted up to its `kelasku:usable` mark.',
    '',
    table(
      ['check', 'measured', 'budget', 'result'],
      checks.map((c) => [c.what, c.format(c.value), c.format(c.budget), verdict(c)]),
    ),
    '',
    `Before the usable mark (long tasks: load average ${load.join(' / ')} at start, they move with it):`,
    '',
    table(
      [
        'screen',
        'usable at (ms)',
        'script files',
        'JS gzip',
        'share-scope entries (loaded)',
        'emotion CSS rules',
        'long tasks (blocking ms)',
      ],
      SCREENS.map(({ name }) => {
        const c = costs[name];
        return [
          name,
          c.usableAt,
          c.scripts.length,
          kb(c.jsGzip),
          `${c.shareScope.entries} (${c.shareScope.loaded})`,
          c.emotionRules,
          `${c.longTasks.count} (${c.longTasks.blockingMs})`,
        ];
      }),
    ),
    '',
    ...SCREENS.map(
      ({ name }) =>
        `- ${name}: largest ${[...costs[name].scripts]
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 4)
          .map((f) => `${f.path} ${kb(f.gzip)}`)
          .join(', ')}`,
    ),
  ].join('\n');
  return { checks, passed, md, verdict };
}

export async function checkBudgets(): Promise<boolean> {
  // The folder holding <app>/dist for every app, as the server's STATIC_DIR: the repository unless overridden.
  const staticDir = process.env.STATIC_DIR ?? REPO;
  const missing = ['shell', 'admin-app', 'teacher-app', 'student-app'].filter(
    (a) => !fs.existsSync(path.join(staticDir, a, 'dist', a === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
  if (missing.length) {
    console.error(
      `check-budgets: production build missing in ${staticDir} for ${missing.join(', ')} — run \`npm run build\` first`,
    );
    return false;
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`check-budgets: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return false;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-budgets-'));
  const port = Number(process.env.BUDGET_PORT ?? 3870);
  const server = await startServer({
    port,
    kind: 'sqlite',
    dataDir,
    env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR: staticDir },
  });
  const browser = await launch();
  try {
    const { classId } = await prepareExam(server.url, dataDir);
    const tokens = new Map<string, string>();
    const costs = {} as Record<ScreenName, UsableCost>;
    for (const screen of SCREENS) {
      let token: string | null = null;
      if (screen.role) {
        if (!tokens.has(screen.role)) tokens.set(screen.role, await tokenOf(server.url, screen.role));
        token = tokens.get(screen.role)!;
      }
      costs[screen.name] = await costUntilUsable(
        browser,
        server.url,
        screen.path(classId),
        token,
        screen.role === 'student' ? PHONE : {},
      );
    }
    const { checks, passed, md, verdict } = budgetsReport(costs, LOAD_AT_START);
    // A private build's figures are printed only: bench/results describes the repository's build.
    if (staticDir === REPO)
      saveResult({
        name: 'budgets',
        title: 'Bundle budgets',
        startedAt: new Date().toISOString(),
        markdown: md,
        data: { checks, passed, costs },
      });
    else console.log(`\n${md}\n(build in ${staticDir}: bench/results not written)`);
    for (const c of checks)
      console.log(`  ${c.what}: ${c.format(c.value)} (budget ${c.format(c.budget)}) — ${verdict(c)}`);
    console.log(
      passed ? 'check-budgets: no budget exceeded beyond the known exceptions' : 'check-budgets: OVER BUDGET',
    );
    return passed;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(module)) {
  checkBudgets().then(
    (ok) => process.exit(ok ? 0 : 1),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
