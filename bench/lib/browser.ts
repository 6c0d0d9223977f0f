/**
 * What a browser downloads from the production build, measured in Chromium (playwright-core, /usr/bin/chromium):
 * every response from the app's origin except /api/, sized as gzip -9 of its body (what a compressing server or CDN
 * sends), grouped by kind. Used by pages.ts (report) and check-budgets.ts (CI gate).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../server/src/db/seed-demo';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * DevTools network throttling with Lighthouse's mobile figures (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up),
 * for `Network.emulateNetworkConditions`: where a request chain costs what it does on a phone.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export type Kind = 'js' | 'css' | 'image' | 'font' | 'html' | 'json' | 'other';

export interface Tally {
  bytes: Record<Kind, number>;
  files: { path: string; kind: Kind; gzip: number }[];
}

export function emptyTally(): Tally {
  return { bytes: { js: 0, css: 0, image: 0, font: 0, html: 0, json: 0, other: 0 }, files: [] };
}

export function totalBytes(t: Tally): number {
  return Object.values(t.bytes).reduce((a, b) => a + b, 0);
}

function kindOf(pathname: string, contentType: string): Kind {
  if (/\.m?js$/.test(pathname) || contentType.includes('javascript')) return 'js';
  if (/\.css$/.test(pathname) || contentType.includes('text/css')) return 'css';
  if (/\.(png|jpe?g|gif|webp|avif|svg|ico)$/.test(pathname) || contentType.startsWith('image/')) return 'image';
  if (/\.(woff2?|ttf|otf)$/.test(pathname) || contentType.includes('font')) return 'font';
  if (contentType.includes('text/html')) return 'html';
  if (contentType.includes('json')) return 'json';
  return 'other';
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Starts counting responses of `page` from `origin` (API calls excluded); data: URLs are never responses. */
export function track(page: Page, origin: string): { tally: Tally; settled: () => Promise<void> } {
  const tally = emptyTally();
  const pending = new Set<Promise<void>>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
    const p = (async () => {
      const body = await res.body().catch(() => null);
      if (!body || res.status() >= 300) return;
      const kind = kindOf(url.pathname, res.headers()['content-type'] ?? '');
      const gzip = gzipSync(body, { level: 9 }).length;
      tally.bytes[kind] += gzip;
      tally.files.push({ path: url.pathname, kind, gzip });
    })();
    pending.add(p);
    void p.finally(() => pending.delete(p));
  });
  return { tally, settled: async () => void (await Promise.all([...pending])) };
}

export function account(role: 'admin' | 'teacher' | 'student') {
  const a = DEMO_ACCOUNTS.find((x) => x.role === role);
  if (!a) throw new Error(`no demo account for ${role}`);
  return a;
}

export interface PageWeights {
  login: Tally;
  roles: Record<'admin' | 'teacher' | 'student', { path: string; afterLogin: Tally; total: Tally }>;
}

function merge(a: Tally, b: Tally): Tally {
  const out = emptyTally();
  for (const k of Object.keys(out.bytes) as Kind[]) out.bytes[k] = a.bytes[k] + b.bytes[k];
  out.files = [...a.files, ...b.files];
  return out;
}

/** The login page (everything until the Login button shows and the network is idle), then each role's first screen. */
export async function measureWeights(browser: Browser, url: string): Promise<PageWeights> {
  const origin = new URL(url).origin;
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const login = track(page, origin);
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await login.settled();
  await ctx.close();

  const roles = {} as PageWeights['roles'];
  for (const role of ['admin', 'teacher', 'student'] as const) {
    const c = await browser.newContext();
    const p = await c.newPage();
    await p.goto(`${url}/`, { waitUntil: 'networkidle' });
    const after = track(p, origin);
    const a = account(role);
    await p.getByPlaceholder('NIP/NIS').fill(a.username);
    await p.getByPlaceholder('Password').fill(a.password);
    await p.getByRole('button', { name: 'Login' }).click();
    await p.getByText('Logout').first().waitFor({ timeout: 60_000 });
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(500);
    await p.waitForLoadState('networkidle');
    await after.settled();
    roles[role] = { path: new URL(p.url()).pathname, afterLogin: after.tally, total: merge(login.tally, after.tally) };
    await c.close();
  }
  return { login: login.tally, roles };
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
