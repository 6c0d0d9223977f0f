import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { Api, DEMO_ACCOUNTS, decodePayload, type Role } from './api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WS_ENDPOINT_ENV } from './chromium';
import { startServer, type RunningServer, type StartOptions } from './server';
import { startTwoNodes } from './two-nodes';

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** A phone (most students): 360 × 740 CSS px, touch, mobile viewport rules. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** What happened in a page that the test may want to assert on or print when it fails. */
export interface PageLog {
  dialogs: string[];
  /** Uncaught exceptions in the page. */
  errors: string[];
  /** console.error lines (failed requests included), for diagnosing a failure. */
  consoleErrors: string[];
}
const logs = new WeakMap<Page, PageLog>();

export function pageLog(page: Page): PageLog {
  const log = logs.get(page);
  if (!log) throw new Error('page was not opened through app.newPage()');
  return log;
}

export interface E2EApp {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly api: Api;
  /** A page in a fresh context (empty localStorage). Dialogs (alert/confirm) are accepted and recorded. */
  newPage(options?: { phone?: boolean; context?: BrowserContextOptions }): Promise<Page>;
}

export interface SetupOptions extends StartOptions {
  /** Two real servers on one fresh PostgreSQL database behind a round-robin proxy (harness/two-nodes.ts). */
  twoNodes?: boolean;
}

/**
 * Registers beforeAll/afterAll for one test file: one real server (fresh SQLite + demo school) and a connection to
 * the run's shared Chromium. Contexts opened by a test are closed after it.
 */
export function setupApp(options: SetupOptions = {}): E2EApp {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let api: Api | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const endpoint = process.env[WS_ENDPOINT_ENV];
    [server, browser] = await Promise.all([
      options.twoNodes ? startTwoNodes(options) : startServer(options),
      endpoint
        ? chromium.connect(endpoint)
        : chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    ]);
    api = new Api(server.url);
  }, 120_000);

  afterEach(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    contexts = [];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 30_000);

  const app: E2EApp = {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not connected');
      return browser;
    },
    get api() {
      if (!api) throw new Error('server not started');
      return api;
    },
    async newPage({ phone = false, context = {} } = {}) {
      // No service worker unless a test asks for one (offline.e2e.ts): request interception (context.route), which
      // many tests use to play outages, does not see what a service worker answers.
      const ctx = await app.browser.newContext({
        ...(phone ? PHONE : DESKTOP),
        baseURL: app.server.url,
        serviceWorkers: 'block',
        ...context,
      });
      ctx.setDefaultTimeout(30_000); // generous: CI shares 2 cores with the server and the build
      ctx.setDefaultNavigationTimeout(45_000);
      contexts.push(ctx);
      const page = await ctx.newPage();
      const log: PageLog = { dialogs: [], errors: [], consoleErrors: [] };
      logs.set(page, log);
      page.on('dialog', (dialog) => {
        log.dialogs.push(dialog.message());
        void dialog.accept().catch(() => undefined);
      });
      page.on('pageerror', (error) => log.errors.push(String(error)));
      page.on('response', (response) => {
        if (response.status() >= 400)
          log.consoleErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') log.consoleErrors.push(message.text().slice(0, 500));
      });
      return page;
    },
  };
  return app;
}

/** The banner heading every dashboard shows once its remote has rendered. */
export function dashboardHeading(page: Page) {
  return page.getByRole('heading', { name: 'Dashboard', exact: true });
}

/** Signs in through the login form and waits for the role's dashboard. */
export async function loginAs(page: Page, role: Role): Promise<void> {
  const account = DEMO_ACCOUNTS[role];
  await page.goto('/');
  await page.getByPlaceholder('NIP/NIS').fill(account.username);
  await page.getByPlaceholder('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === account.home);
  await dashboardHeading(page).waitFor();
}

/**
 * Opens `path` signed in with `token`, the session written to localStorage as the shell keeps it ('token' and
 * 'userData'). The storage is written on a tiny same-origin answer (/api/v1/ping), not on the login page: one whole
 * page load less per signed-in test.
 */
export async function openWithToken(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/api/v1/ping');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userData', u);
    },
    [token, JSON.stringify(decodePayload(token))] as const,
  );
  await page.goto(path);
}

/**
 * Signs in without the form (a demo account's token from the API) and opens `path`.
 * For flows that are not about logging in: saves time and stays clear of the login rate limit.
 */
export async function openAs(
  app: E2EApp,
  page: Page,
  role: Role,
  path: string = DEMO_ACCOUNTS[role].home,
): Promise<void> {
  await openWithToken(page, await app.api.token(role), path);
}

/** Resolves when `predicate` holds, polling (for server-side checks after a browser action). */
export async function eventually<T>(
  check: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await check();
  while (!accept(last)) {
    if (Date.now() > deadline) return last;
    await new Promise((r) => setTimeout(r, 250));
    last = await check();
  }
  return last;
}

/** Waits until the locator is visible (fails with the locator in the message after the context timeout). */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

/**
 * Clicks a dialog's confirming button and waits until the dialog has closed. While a dialog is open the page behind it
 * is hidden from roles, so "the row is gone" cannot be awaited before this: it would hold at once, before the request.
 */
export async function confirmInDialog(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** On a phone the page itself must not scroll sideways (wide tables scroll inside their own box). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { viewport, content } = await page.evaluate(() => ({
    viewport: window.innerWidth,
    content: document.documentElement.scrollWidth,
  }));
  expect({ url: page.url(), overflow: content - viewport }).toEqual({ url: page.url(), overflow: 0 });
}

/** The element is on screen and not hidden under something else (e.g. a fixed app bar). */
export async function expectNotCovered(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    // Just inside the top edge: a partly covered heading fails too.
    const top = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + 3);
    return top === null ? 'nothing' : el === top || el.contains(top) ? 'itself' : top.outerHTML.slice(0, 120);
  });
  expect(hit).toBe('itself');
}
