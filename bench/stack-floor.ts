/**
 * Stack floor: what the decided shape costs before any of our own code runs, measured
 * beside the product in one run. Each floor page (stack-floor/build.ts) shows question 1 of the exam from the same
 * server and nothing else: our Module Federation set-up with MUI (the least the exam page can be on the decided
 * shape), the same with its whole chain preloaded from index.html, the same App in one bundle, React without MUI,
 * and no framework. If the Module Federation + MUI floor
 * misses a target, no work on our own code can meet it without changing the shape.
 * For each build, on the exam page (/MyExams?class_id=…, 360 px phone, localhost):
 *   - JS before question 1: gzip -9 of every script the page fetched until question 1 had an enabled option;
 *   - exam start, as exam-start.ts measures it (page clock to question 1's first enabled option): cold, warm, reload,
 *     in BENCH_FLOOR_ROUNDS alternating rounds of BENCH_FLOOR_REPEAT (default 3) loads per build;
 *   - Lighthouse, mobile preset, BENCH_FLOOR_LH_RUNS runs (0 skips it), median by performance score.
 * Rounds and Lighthouse runs: 3 each in the full profile (BENCH_FULL=1), 2 and 1 in the quick one (about 6 minutes).
 * Needs `npm run build` (the product's build is one of the compared). Writes results/stack-floor.json.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { CHROMIUM, launch, track } from './lib/browser';
import { FULL, isMain, RESULTS_DIR, saveResult, table, writeResultsMd } from './lib/results';
import { REPO, startServer } from './lib/server';
import { measure, median, type Mode } from './exam-start';
import { missingBuilds, prepareExam, signedInContext } from './pages';
import { buildFloors } from './stack-floor/build';

const ROUNDS = Number(process.env.BENCH_FLOOR_ROUNDS ?? (FULL ? 3 : 2));
const REPEAT = Number(process.env.BENCH_FLOOR_REPEAT ?? 3);
const LH_RUNS = Number(process.env.BENCH_FLOOR_LH_RUNS ?? (FULL ? 3 : 1));
const OUT = path.join(__dirname, 'stack-floor', 'out');

interface Build {
  label: string;
  /** STATIC_DIR of the build. */
  dir: string;
  url: string;
  examPath: string;
  dataDir: string;
  stop: () => Promise<void>;
  js?: { gzip: number; files: number };
  inPage: Record<Mode, number[]>;
  lighthouse?: { performance: number | null; lcp: number; tbt: number; runs: (number | null)[] };
}

/** gzip -9 of every script the page fetched until question 1 had an enabled option (one cold load). */
async function scriptBytes(browser: Browser, b: Build): Promise<{ gzip: number; files: number }> {
  const ctx = await signedInContext(browser, b.url);
  const page = await ctx.newPage();
  const { tally, settled } = track(page, b.url);
  await page.goto(`${b.url}${b.examPath}`);
  await page.waitForFunction(
    () => (window as unknown as { __firstOptionAt?: number }).__firstOptionAt !== undefined,
    undefined,
    { timeout: 60_000 },
  );
  await settled();
  await ctx.close();
  return { gzip: tally.bytes.js, files: tally.files.filter((f) => f.kind === 'js').length };
}

/** Lighthouse's exam page of one build, through lighthouse.ts (its own server on its own port). */
function lighthouseOf(b: Build): Build['lighthouse'] {
  const name = `stack-floor-lighthouse-${process.pid}`;
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'lighthouse.ts')], {
    cwd: __dirname,
    stdio: 'inherit',
    env: {
      ...process.env,
      STATIC_DIR: b.dir,
      BENCH_LH_PAGES: 'student exam',
      BENCH_LH_PRESETS: 'mobile',
      BENCH_LH_RUNS: String(LH_RUNS),
      BENCH_LH_RESULT: name,
    },
  });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  if (run.status !== 0 || !fs.existsSync(file)) throw new Error(`lighthouse.ts failed for ${b.label}`);
  const result = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    data: {
      results?: {
        runs: { scores: { performance: number | null } }[];
        median: { scores: { performance: number | null }; metrics: { lcp: number; tbt: number } };
      }[];
    };
  };
  fs.rmSync(file);
  writeResultsMd();
  const page = result.data.results?.[0];
  if (!page) throw new Error(`no Lighthouse result for ${b.label}`);
  return {
    performance: page.median.scores.performance,
    lcp: page.median.metrics.lcp,
    tbt: page.median.metrics.tbt,
    runs: page.runs.map((r) => r.scores.performance),
  };
}

export async function runStackFloor(): Promise<void> {
  const started = new Date().toISOString();
  const missing = missingBuilds();
  if (missing.length || !fs.existsSync(CHROMIUM)) {
    const why = missing.length
      ? `production build missing for ${missing.join(', ')} (run \`npm run build\`)`
      : `Chromium not found at ${CHROMIUM}`;
    saveResult({
      name: 'stack-floor',
      title: 'Stack floor',
      startedAt: started,
      markdown: `## Stack floor\n\n**Not measured:** ${why}.`,
      data: { skipped: why },
    });
    return;
  }
  const floors = await buildFloors(OUT);
  const labelled: [string, string][] = [
    [
      'the product (student app, exam page)',
      process.env.STATIC_DIR ? path.resolve(REPO, process.env.STATIC_DIR) : REPO,
    ],
    ['floor: Module Federation + React + MUI (our set-up)', floors['mf-mui']],
    ['floor: the same, every file of its chain hinted in index.html', floors['mf-mui-hinted']],
    ['floor: React + MUI, one bundle', floors['bundle-mui']],
    ['floor: React, no MUI, one bundle', floors['bundle-react']],
    ['floor: no framework (the bare twin)', floors.plain],
  ];
  const browser = await launch();
  const builds: Build[] = [];
  const loads: string[] = [];
  try {
    for (const [i, [label, dir]] of labelled.entries()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-stack-floor-'));
      const server = await startServer({
        port: 3880 + i,
        kind: 'sqlite',
        dataDir,
        env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR: dir },
      });
      const { classId } = await prepareExam(server.url, dataDir);
      builds.push({
        label,
        dir,
        url: server.url,
        examPath: `/MyExams?class_id=${classId}`,
        dataDir,
        stop: () => server.stop(),
        inPage: { cold: [], warm: [], reload: [] },
      });
    }
    for (const b of builds) b.js = await scriptBytes(browser, b);
    for (let r = 0; r < ROUNDS; r++) {
      for (const b of r % 2 ? [...builds].reverse() : builds) {
        const runs = await measure(browser, b.url, `${b.url}${b.examPath}`, false, REPEAT);
        for (const mode of ['cold', 'warm', 'reload'] as const) b.inPage[mode].push(...runs[mode].map((x) => x.inPage));
      }
      loads.push(os.loadavg()[0].toFixed(1));
      console.log(
        `[stack-floor] round ${r + 1}: ${builds.map((b) => `${b.label} cold ${b.inPage.cold.join('/')}`).join('; ')}`,
      );
    }
  } finally {
    await browser.close();
    for (const b of builds) {
      await b.stop();
      fs.rmSync(b.dataDir, { recursive: true, force: true });
    }
  }
  if (LH_RUNS > 0) for (const b of builds) b.lighthouse = lighthouseOf(b);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const md = [
    '## Stack floor — what the decided shape costs on the exam page before our own code (`stack-floor.ts`)',
    '',
    `Each floor page shows question 1 of the exam (same server, same data) and nothing else (bench/stack-floor/). 360 px phone viewport, localhost, no throttling; exam start on the page's own clock, median of ${ROUNDS} alternating rounds of ${REPEAT} loads per build (load average after each round: ${loads.join(', ')}). Lighthouse: mobile preset, median of ${LH_RUNS} runs.`,
    '',
    table(
      [
        'build',
        'JS before question 1 (gzip -9, files)',
        'cold (target ≤ 400 ms)',
        'warm: opened again (≤ 200)',
        'warm: reloaded',
        'Lighthouse performance (≥ 95): median, runs',
        'LCP ms (≤ 2,000)',
        'TBT ms (≤ 150)',
      ],
      builds.map((b) => [
        b.label,
        `${kb(b.js!.gzip)}, ${b.js!.files}`,
        median(b.inPage.cold),
        median(b.inPage.warm),
        median(b.inPage.reload),
        b.lighthouse ? `${b.lighthouse.performance} (${b.lighthouse.runs.join(', ')})` : '–',
        b.lighthouse?.lcp ?? '–',
        b.lighthouse?.tbt ?? '–',
      ]),
    ),
    '',
  ];
  saveResult({
    name: 'stack-floor',
    title: 'Stack floor',
    startedAt: started,
    markdown: md.join('\n'),
    data: builds.map(({ label, dir, js, inPage, lighthouse }) => ({ label, dir, js, inPage, lighthouse })),
  });
}

if (isMain(module)) {
  runStackFloor().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
