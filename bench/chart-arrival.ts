/**
 * When the dashboards' charts arrive (@mui/x-charts in a chunk of its own, after the numbers).
 *
 *   npx tsx bench/chart-arrival.ts        (needs `npm run build` and Chromium)
 *
 * Signs in as the demo admin and teacher in a fresh browser context (empty cache), 360 × 740 phone viewport, on plain
 * localhost and behind slow-4G throttling, and times from the Login click: the statistics response, the chart
 * chunk's request and arrival (the largest JS file requested after the statistics arrived) and the first chart drawn.
 * BENCH_CHART_ARRIVAL_RUNS (default 5) loads per role and network; medians reported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { account, kb, launch, SLOW_4G } from './lib/browser';
import { isMain, saveResult, table } from './lib/results';
import { REPO, startServer } from './lib/server';
import { percentile } from './lib/stats';

const RUNS = Number(process.env.BENCH_CHART_ARRIVAL_RUNS ?? 5);
const ROLES = ['admin', 'teacher'] as const;
// A bar that x-charts drew through our bar slot, or the teacher's area.
const CHART_DRAWN = '.MuiChartsSurface-root rect[data-delay-ms], .MuiLineChart-areaPlot path';

interface Arrival {
  statsReceived: number;
  chunkRequested: number;
  chunkReceived: number;
  chartDrawn: number;
  chunkBytes: number;
}

async function once(browser: Browser, url: string, role: (typeof ROLES)[number], slow: boolean): Promise<Arrival> {
  // Service workers blocked: the first visit has none yet, and a worker's own requests escape the page's throttling.
  const ctx = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await ctx.newPage();
    if (slow) await (await ctx.newCDPSession(page)).send('Network.emulateNetworkConditions', SLOW_4G);
    await page.goto(`${url}/`);
    const a = account(role);
    await page.getByPlaceholder('NIP/NIS').fill(a.username);
    await page.getByPlaceholder('Password').fill(a.password);
    await page.evaluate(() => performance.mark('login-click'));
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForSelector(CHART_DRAWN, { state: 'attached', timeout: 120_000 });
    const drawnAt = await page.evaluate(() => performance.now());
    const { chunkUrl, ...times } = await page.evaluate(
      ({ drawn, statsPath }) => {
        const click = performance.getEntriesByName('login-click')[0].startTime;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const stats = resources.find((r) => new URL(r.name).pathname === statsPath)!;
        const chunk = resources
          .filter((r) => r.name.endsWith('.js') && r.startTime >= stats.responseEnd)
          .sort((x, y) => y.decodedBodySize - x.decodedBodySize)[0];
        return {
          statsReceived: stats.responseEnd - click,
          chunkRequested: chunk.startTime - click,
          chunkReceived: chunk.responseEnd - click,
          chartDrawn: drawn - click,
          chunkUrl: chunk.name,
        };
      },
      { drawn: drawnAt, statsPath: `/api/v1/stats/${role}` },
    );
    // Sized like bench/check-budgets.ts: gzip -9 of the file.
    const body = await (await ctx.request.get(chunkUrl)).body();
    return { ...times, chunkBytes: gzipSync(body, { level: 9 }).length };
  } finally {
    await ctx.close();
  }
}

export async function runChartArrival(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-charts-'));
  const server = await startServer({
    port: 3871,
    kind: 'sqlite',
    dataDir,
    env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR: REPO },
  });
  const browser = await launch();
  const rows: (string | number)[][] = [];
  const data: Record<string, Arrival[]> = {};
  try {
    for (const slow of [false, true]) {
      for (const role of ROLES) {
        const runs: Arrival[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await once(browser, server.url, role, slow));
        const network = slow ? 'slow 4G' : 'localhost';
        data[`${role} ${network}`] = runs;
        const median = (k: keyof Arrival) =>
          Math.round(
            percentile(
              runs.map((r) => r[k]).sort((x, y) => x - y),
              50,
            ),
          );
        rows.push([
          role,
          network,
          median('statsReceived'),
          median('chunkRequested'),
          median('chunkReceived'),
          median('chartDrawn'),
          kb(median('chunkBytes')),
        ]);
        console.log(rows.at(-1)!.join(' | '));
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const markdown = [
    `## Chart arrival — the dashboards' @mui/x-charts chunk after the statistics (\`chart-arrival.ts\`), median of ${RUNS}`,
    '',
    'Fresh browser context per load (empty cache), 360 × 740 viewport, the production build served by the real server on a demo school. Times in ms from the Login click; the chart chunk is the largest JS file requested after the statistics arrived, its size as gzip -9 (as in the bundle budgets). Service workers blocked (a first visit).',
    '',
    table(
      [
        'role',
        'network',
        'statistics received',
        'chart chunk requested',
        'chart chunk received',
        'first chart drawn',
        'chart chunk size',
      ],
      rows,
    ),
  ].join('\n');
  saveResult({ name: 'chart-arrival', title: 'Chart arrival', startedAt: new Date().toISOString(), markdown, data });
}

if (isMain(module)) void runChartArrival();
