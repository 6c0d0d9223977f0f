/**
 * A/B of how two production builds start on a throttled phone (Chromium's own throttling, not Lighthouse's
 * simulation): the demo student opens /DashboardStudent in a fresh profile (cold) and reloads it (warm cache), with
 * 4× CPU throttling, 1.6 Mbit/s and 150 ms RTT. Per build: TBT from the page's own long tasks (sum of time over 50 ms),
 * LCP, and the time until the network is idle, 3 rounds × 2 pages, builds alternating so machine load hits both.
 * Usage: `A_DIR=/tmp/old B_DIR=/tmp/new npx tsx ab-start.ts` (each holding shell/dist, admin-app/dist, …; build one,
 * copy the dist folders away, change, build the other). Prints a table; writes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { account, launch } from './lib/browser';
import { table } from './lib/results';
import { startServer } from './lib/server';

const BUILDS = { A: process.env.A_DIR, B: process.env.B_DIR };
const ROUNDS = 3;

// A string, not a function: tsx would add helpers the page does not have.
const OBSERVE = `(() => {
  window.__longTasks = []; window.__lcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

type Sample = { tbt: number; lcp: number; idle: number };

async function main(): Promise<void> {
  if (!BUILDS.A || !BUILDS.B) throw new Error('set A_DIR and B_DIR to two folders holding the builds');
  const samples: Record<string, Sample[]> = {};
  const browser = await launch();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, dir] of Object.entries(BUILDS)) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-ab-'));
        const server = await startServer({
          port: 3862,
          kind: 'sqlite',
          dataDir,
          env: { SEED_DEMO: '1', EXAM_AUTO_SUBMIT: '0', STATIC_DIR: dir! },
        });
        try {
          const { username, password } = account('student');
          const res = await fetch(`${server.url}/api/v1/auth`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          });
          const { token } = (await res.json()) as { token: string };
          const claims = Buffer.from(token.split('.')[1], 'base64url').toString();
          for (let i = 0; i < 2; i++) {
            const ctx = await browser.newContext({
              viewport: { width: 360, height: 740 },
              isMobile: true,
              hasTouch: true,
            });
            await ctx.addInitScript(
              ([t, c]) => {
                localStorage.setItem('token', t);
                localStorage.setItem('userData', c);
              },
              [token, claims] as const,
            );
            await ctx.addInitScript(OBSERVE);
            const page = await ctx.newPage();
            const cdp = await ctx.newCDPSession(page);
            await cdp.send('Network.enable');
            await cdp.send('Network.emulateNetworkConditions', {
              offline: false,
              latency: 150,
              downloadThroughput: (1.6e6 / 8) * 0.9,
              uploadThroughput: (750e3 / 8) * 0.9,
            });
            await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
            for (const kind of ['cold', 'reload'] as const) {
              const start = Date.now();
              if (kind === 'cold') await page.goto(`${server.url}/DashboardStudent`);
              else await page.reload();
              await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
              await page.waitForLoadState('networkidle');
              const idle = Date.now() - start;
              const { longTasks, lcp } = await page.evaluate(() => {
                const measured = window as unknown as { __longTasks: number[]; __lcp: number };
                return { longTasks: measured.__longTasks, lcp: measured.__lcp };
              });
              (samples[`${name} ${kind}`] ??= []).push({
                tbt: longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
                lcp,
                idle,
              });
            }
            await ctx.close();
          }
        } finally {
          await server.stop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await browser.close();
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  console.log(`A = ${BUILDS.A}, B = ${BUILDS.B}; medians of ${ROUNDS * 2} loads (all runs in brackets)\n`);
  console.log(
    table(
      ['build, load', 'TBT (ms)', 'LCP (ms)', 'network idle (ms)'],
      Object.entries(samples)
        .sort()
        .map(([key, s]) => [
          key,
          `${median(s.map((x) => x.tbt))} (${s.map((x) => Math.round(x.tbt)).join(', ')})`,
          `${median(s.map((x) => x.lcp))} (${s.map((x) => Math.round(x.lcp)).join(', ')})`,
          median(s.map((x) => x.idle)),
        ]),
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
