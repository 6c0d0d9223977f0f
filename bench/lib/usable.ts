/**
 * What a screen costs until it is usable: each listed first screen sets the User Timing mark 'kelasku:usable'
 * (shared-rules/src/usable-mark.ts) once its main content is on screen and answers input. Opened directly, in a fresh
 * browser context (empty HTTP cache, no service worker) with the session already stored, as a signed-in user who
 * reopens the app; the login page signed out. Counted up to the mark, all deterministic for one build and one school:
 *   - the scripts fetched from the app (gzip -9 of each body, as in browser.ts), by the page's resource timing (a
 *     script whose download ended after the mark is not counted);
 *   - the Module Federation share scope: its entries (share keys), and how many of them were loaded;
 *   - the CSS rules emotion (MUI's run-time styling) inserted;
 *   - the long tasks (> 50 ms) on the main thread and their blocking time: counted by the browser, so the count
 *     moves with the machine's load (recorded beside it), unlike the others.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { USABLE_MARK } from '../../shared-rules/src/usable-mark';
import { track } from './browser';

export interface UsableCost {
  /** When the mark was set, ms since the navigation started. */
  usableAt: number;
  scripts: { path: string; gzip: number }[];
  jsGzip: number;
  shareScope: { entries: number; loaded: number };
  emotionRules: number;
  longTasks: { count: number; blockingMs: number };
}

/** Set in the page before its own scripts: records long tasks from the start. A string: tsx would add helpers. */
const RECORD_LONG_TASKS = `(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) {}
})();`;

/** A browser context whose pages start signed in with `token` (the session as shared-api/src/session.ts stores it). */
export async function contextWithSession(
  browser: Browser,
  token: string | null,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext(options);
  if (token) {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as unknown;
    await ctx.addInitScript(
      ([t, c]) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', t);
          localStorage.setItem('userData', c);
        }
      },
      [token, JSON.stringify(claims)] as const,
    );
  }
  await ctx.addInitScript(RECORD_LONG_TASKS);
  return ctx;
}

/** The scripts among `entries` (resource timing, page clock) whose download ended by `until`, by path. */
export function scriptsLoadedBy(
  entries: { name: string; responseEnd: number }[],
  origin: string,
  until: number,
): string[] {
  const paths = new Set<string>();
  for (const e of entries) {
    const url = new URL(e.name);
    if (url.origin !== origin || url.pathname.startsWith('/api/')) continue;
    if (!/\.m?js$/.test(url.pathname) || e.responseEnd > until) continue;
    paths.add(url.pathname);
  }
  return [...paths];
}

/** Opens `url + path` in a fresh context (signed in with `token`, or signed out) and measures it up to its usable mark. */
export async function costUntilUsable(
  browser: Browser,
  url: string,
  path: string,
  token: string | null,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<UsableCost> {
  const origin = new URL(url).origin;
  const ctx = await contextWithSession(browser, token, options);
  try {
    const page = await ctx.newPage();
    const { tally, settled } = track(page, origin);
    await page.goto(`${url}${path}`);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, USABLE_MARK, {
      timeout: 90_000,
    });
    const inPage = await page.evaluate((mark) => {
      const usableAt = performance.getEntriesByName(mark, 'mark')[0].startTime;
      const resources = performance
        .getEntriesByType('resource')
        .map((e) => ({ name: e.name, responseEnd: (e as PerformanceResourceTiming).responseEnd }));
      const w = window as unknown as {
        __FEDERATION__?: {
          __INSTANCES__?: {
            shareScopeMap?: Record<string, Record<string, Record<string, { loaded?: boolean; lib?: unknown }>>>;
          }[];
        };
        __longTasks?: { start: number; duration: number }[];
      };
      const keys = new Map<string, boolean>();
      for (const instance of w.__FEDERATION__?.__INSTANCES__ ?? []) {
        for (const [key, versions] of Object.entries(instance.shareScopeMap?.default ?? {})) {
          const loaded = Object.values(versions).some((v) => Boolean(v.loaded || v.lib));
          keys.set(key, (keys.get(key) ?? false) || loaded);
        }
      }
      let emotionRules = 0;
      for (const sheet of Array.from(document.styleSheets)) {
        const owner = sheet.ownerNode as Element | null;
        if (owner?.hasAttribute?.('data-emotion')) emotionRules += sheet.cssRules.length;
      }
      const tasks = (w.__longTasks ?? []).filter((t) => t.start < usableAt);
      return {
        usableAt,
        resources,
        shareScope: { entries: keys.size, loaded: [...keys.values()].filter(Boolean).length },
        emotionRules,
        longTasks: {
          count: tasks.length,
          blockingMs: Math.round(tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
        },
      };
    }, USABLE_MARK);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await settled();
    const loaded = new Set(scriptsLoadedBy(inPage.resources, origin, inPage.usableAt));
    const seen = new Set<string>();
    const scripts = tally.files
      .filter((f) => f.kind === 'js' && loaded.has(f.path) && !seen.has(f.path) && seen.add(f.path))
      .map(({ path: p, gzip }) => ({ path: p, gzip }));
    return {
      usableAt: Math.round(inPage.usableAt),
      scripts,
      jsGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
      shareScope: inPage.shareScope,
      emotionRules: inPage.emotionRules,
      longTasks: inPage.longTasks,
    };
  } finally {
    await ctx.close();
  }
}
