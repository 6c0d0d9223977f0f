/**
 * Bundle budget gate for CI (exit 1 when over budget). Needs the production build (`npm run build`) and Chromium.
 *
 *   npx tsx bench/check-budgets.ts        (or: npm run check-budgets -w bench)
 *   STATIC_DIR=/tmp/me npm run check-budgets -w bench   (a private build: <dir>/shell/dist, <dir>/admin-app/dist…)
 *
 * Starts the real server on a scratch SQLite school (demo seed) serving shell/dist and the remotes' dist folders, opens the login page
 * and each role's first screen in Chromium, and sums gzip -9 of every JS file fetched from the app (API calls
 * excluded). The set of files depends only on the build and the seeded demo data, so the result is the same on
 * every run of the same build. Budgets (docs design §4): login page JS ≤ 150 KB and everything ≤ 250 KB;
 * a role's first screen (login page included) ≤ 350 KB JS, without MUI's form and dialog chunks (no dashboard shows a form field or a dialog on arrival). Writes bench/results/budgets.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, kb, launch, measureWeights, totalBytes, type Tally } from './lib/browser';
import { isMain, saveResult, table } from './lib/results';
import { REPO, startServer } from './lib/server';

const KB = 1024;
export const BUDGETS = { loginJs: 150 * KB, loginAll: 250 * KB, roleJs: 350 * KB };

/**
 * Targets we miss, written down instead of hidden: a role listed here is held at `ceiling` (so it cannot grow
 * unnoticed) and still reported over budget. The admin and teacher dashboards draw their charts with @mui/x-charts
 * (issue #15): its chunk (93.6 KB admin, 99.8 KB teacher, gzip -9) and what it pulls in (the tooltip's Popper, a copy of
 * @mui/system's internals) load after the statistics arrived, and count here like everything else the dashboard loads.
 * With plain-SVG charts these screens measured 296.9 and 302.2 KB. README "Deviations from the decided stack and the budgets".
 * Raised by 8 and 6 KB on 2026-11-28: every screen now carries the sign-in's wipe of another user's data
 * (shared-api/src/device-owner.ts) and the byte, password and search rules of shared-rules (measured 416.4 and 432.1 KB,
 * before the sealed-answers delivery and the initial-password offer became lazy chunks).
 */
export const KNOWN_OVER_BUDGET: Partial<Record<'admin' | 'teacher' | 'student', { ceiling: number; reason: string }>> = {
  admin: { ceiling: 418 * KB, reason: '@mui/x-charts after the statistics, and the shared-computer wipe and rules (416.4 KB measured)' },
  teacher: { ceiling: 436 * KB, reason: '@mui/x-charts after the statistics, and the shared-computer wipe and rules (432.1 KB measured)' },
};

const formChunkBytes = (t: Tally) => t.files.filter((f) => /^\/mui-(forms|dialogs)\.\w+\.js$/.test(f.path)).reduce((sum, f) => sum + f.gzip, 0);

export async function checkBudgets(): Promise<boolean> {
  // The folder holding <app>/dist for every app, as the server's STATIC_DIR: the repository unless overridden.
  const staticDir = process.env.STATIC_DIR ?? REPO;
  const missing = ['shell', 'admin-app', 'teacher-app', 'student-app'].filter((a) => !fs.existsSync(path.join(staticDir, a, 'dist', a === 'shell' ? 'index.html' : 'mf-manifest.json')));
  if (missing.length) {
    console.error(`check-budgets: production build missing in ${staticDir} for ${missing.join(', ')} — run \`npm run build\` first`);
    return false;
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`check-budgets: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return false;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-budgets-'));
  const port = Number(process.env.BUDGET_PORT ?? 3870);
  const server = await startServer({ port, kind: 'sqlite', dataDir, env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR: staticDir } });
  const browser = await launch();
  try {
    const w = await measureWeights(browser, server.url);
    const checks: { what: string; value: number; budget: number; ceiling?: number; reason?: string }[] = [
      { what: 'login page JS', value: w.login.bytes.js, budget: BUDGETS.loginJs },
      { what: 'login page, everything', value: totalBytes(w.login), budget: BUDGETS.loginAll },
      ...(['admin', 'teacher', 'student'] as const).map((r) => ({
        what: `${r} first screen JS (${w.roles[r].path}, login page included)`,
        value: w.roles[r].total.bytes.js,
        budget: BUDGETS.roleJs,
        ceiling: KNOWN_OVER_BUDGET[r]?.ceiling,
        reason: KNOWN_OVER_BUDGET[r]?.reason,
      })),
      // No dashboard shows a form field or a dialog on arrival: MUI's form and dialog chunks (webpack/federation.ts) wait for one.
      ...(['admin', 'teacher', 'student'] as const).map((r) => ({
        what: `${r} first screen: MUI form and dialog chunks`,
        value: formChunkBytes(w.roles[r].afterLogin),
        budget: 0,
      })),
    ];
    const limitOf = (c: (typeof checks)[number]) => c.ceiling ?? c.budget;
    const verdict = (c: (typeof checks)[number]) =>
      c.value <= c.budget ? 'pass' : c.value <= limitOf(c) ? `over budget (known: ${c.reason}; held at ${kb(limitOf(c))})` : `**FAIL** (+${kb(c.value - limitOf(c))})`;
    const passed = checks.every((c) => c.value <= limitOf(c));
    const md = [
      '## Bundle budgets (bench/check-budgets.ts)',
      '',
      table(['check', 'gzip', 'budget', 'result'], checks.map((c) => [c.what, kb(c.value), kb(c.budget), verdict(c)])),
      '',
      ...(['admin', 'teacher', 'student'] as const).map((r) => `- ${r}: ${w.roles[r].afterLogin.files.filter((f) => f.kind === 'js').length} JS files after sign-in; largest: ${[...w.roles[r].afterLogin.files].filter((f) => f.kind === 'js').sort((a, b) => b.gzip - a.gzip).slice(0, 4).map((f) => `${f.path} ${kb(f.gzip)}`).join(', ')}`),
    ].join('\n');
    // A private build's figures are printed only: bench/results describes the repository's build.
    if (staticDir === REPO) saveResult({ name: 'budgets', title: 'Bundle budgets', startedAt: new Date().toISOString(), markdown: md, data: { checks, passed, weights: w } });
    else console.log(`\n${md}\n(build in ${staticDir}: bench/results not written)`);
    for (const c of checks) console.log(`  ${c.what}: ${kb(c.value)} (budget ${kb(c.budget)}) — ${verdict(c)}`);
    console.log(passed ? 'check-budgets: no budget exceeded beyond the known exceptions' : 'check-budgets: OVER BUDGET');
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
