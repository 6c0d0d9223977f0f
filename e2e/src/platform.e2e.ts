import type { Page, Request } from 'playwright-core';
import { DEMO_ACCOUNTS, type Role } from './harness/api';
import {
  dashboardHeading,
  eventually,
  expectNoSidewaysScroll,
  expectNotCovered,
  expectVisible,
  loginAs,
  openAs,
  pageLog,
  setupApp,
} from './harness/app';

// Issue "platform": login page, role routing, logout, guards, reload, remote failure + retry.
const app = setupApp();

const ROLES: Role[] = ['admin', 'teacher', 'student'];
const SIDEBAR_TITLES: Record<Role, string> = {
  admin: 'Kelasku Admin',
  teacher: 'Kelasku Teacher',
  student: 'Kelasku Student',
};
const LOGOUT_ALERTS: Record<Role, string> = {
  admin: 'Anda Telah Logout',
  teacher: 'Succesfully logout',
  student: 'Succesfully logout',
};

/** Paths of every /remotes/<name>/… file the page requests. */
function recordRemoteRequests(page: Page): Set<string> {
  const remotes = new Set<string>();
  page.on('request', (request: Request) => {
    const match = new URL(request.url()).pathname.match(/^\/remotes\/(admin|teacher|student)\//);
    if (match) remotes.add(match[1]);
  });
  return remotes;
}

describe('login page', () => {
  it('shows the spec texts, placeholders and a working eye toggle', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await expectVisible(page.getByText('Grow your understanding on'));
    await expectVisible(page.getByText('Kelasku').first());
    await expectVisible(
      page.getByText('To keep connected with us, please login with your personal information by NIP/NIS and password.'),
    );
    const password = page.getByPlaceholder('Password');
    await expectVisible(page.getByPlaceholder('NIP/NIS'));
    await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));

    await password.fill('rahasia');
    expect(await password.getAttribute('type')).toBe('password');
    const eye = page.getByRole('button', { name: /password/i });
    await eye.click();
    expect(await password.getAttribute('type')).toBe('text');
    await eye.click();
    expect(await password.getAttribute('type')).toBe('password');
    // The login page needs none of the remotes.
    expect(pageLog(page).errors).toEqual([]);
  });

  it('paints from index.html before the app starts; a signed-in visitor or another path never sees that copy', async () => {
    const page = await app.newPage();
    await page.route('**/main.js', (route) => route.abort()); // the app never starts: only index.html shows
    const prerendered = page.locator('.login-prerender');
    await page.goto('/');
    await expectVisible(
      prerendered.getByText(
        'To keep connected with us, please login with your personal information by NIP/NIS and password.',
      ),
    );
    // Not submittable by the browser itself (that would put the password in the URL); the app enables it.
    expect(await prerendered.getByRole('button', { name: 'Login', exact: true }).isDisabled()).toBe(true);
    await page.goto('/DashboardAdmin');
    expect(await prerendered.count()).toBe(1);
    expect(await prerendered.isVisible()).toBe(false);
    await page.evaluate(() => localStorage.setItem('token', 'a stored session'));
    await page.goto('/');
    expect(await prerendered.isVisible()).toBe(false);
    // The gate is an inline script: the page's CSP must allow it (by hash), or it would not have hidden anything.
    expect(pageLog(page).consoleErrors.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  });

  it('shows the server message under the form after a wrong password and stays on /', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await page.getByPlaceholder('NIP/NIS').fill(DEMO_ACCOUNTS.student.username);
    await page.getByPlaceholder('Password').fill('not-the-password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(401);
    const { message } = (await response.json()) as { message: string };
    expect(message).toBeTruthy();
    await expectVisible(page.getByText(message, { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe.each(ROLES)('%s demo account', (role) => {
  it('lands on its dashboard, rendered by its own remote, with its sidebar; reload keeps it; logout alerts and returns to /', async () => {
    const page = await app.newPage();
    const remotes = recordRemoteRequests(page);
    await loginAs(page, role);
    expect(new URL(page.url()).pathname).toBe(DEMO_ACCOUNTS[role].home);

    // Only the signed-in role's remote is loaded.
    expect([...remotes]).toEqual([role]);
    await expectVisible(page.getByText(SIDEBAR_TITLES[role], { exact: true }).first());
    await expectVisible(page.getByRole('button', { name: 'Logout' }).or(page.getByRole('link', { name: 'Logout' })));
    if (role !== 'admin') {
      // The admin dashboard has no welcome line in the spec; teacher and student greet by display name.
      const { display_name } = await app.api.user(role);
      await expectVisible(page.getByText(`Welcome again, ${display_name}!`));
    }

    await page.reload();
    await dashboardHeading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe(DEMO_ACCOUNTS[role].home);

    await page
      .getByRole('button', { name: 'Logout' })
      .or(page.getByRole('link', { name: 'Logout' }))
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageLog(page).dialogs).toEqual([LOGOUT_ALERTS[role]]);
    await expectVisible(page.getByPlaceholder('NIP/NIS'));
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userData')])).toEqual([
      null,
      null,
    ]);
    expect(pageLog(page).errors).toEqual([]);
  });
});

describe('on a 360 px phone', () => {
  it.each(ROLES)('the %s layout puts the sidebar in a drawer and keeps the page readable', async (role) => {
    const page = await app.newPage({ phone: true });
    await openAs(app, page, role);
    // The heading is not hidden under the fixed app bar, and the page does not scroll sideways.
    await expectNotCovered(dashboardHeading(page));
    await expectNoSidewaysScroll(page);
    // The sidebar is behind the menu button.
    const logout = page.getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectVisible(logout);
    await expectVisible(page.getByRole('link', { name: 'Dashboard' }));
  });
});

describe('route guards', () => {
  it.each([
    '/DashboardAdmin',
    '/ManageClass10',
    '/DashboardTeacher',
    '/ManageSubjects11',
    '/DashboardStudent',
    '/MyClasses',
    '/NoSuchScreen',
  ])('a signed-out visitor opening %s goes to the login page', async (path) => {
    const page = await app.newPage();
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/');
    await expectVisible(page.getByPlaceholder('NIP/NIS'));
  });

  it.each<[Role, string]>([
    ['student', '/DashboardAdmin'],
    ['student', '/ManageSubjects10'],
    ['teacher', '/MyClasses'],
    ['teacher', '/ManageAccStudent'],
    ['admin', '/DashboardTeacher'],
    ['admin', '/MyDetailClasses/1'],
    // A path no remote has: the role's remote, which owns its routes, answers with its dashboard.
    ['student', '/NoSuchScreen'],
    ['teacher', '/NoSuchScreen'],
  ])('a signed-in %s opening %s gets their own dashboard', async (role, path) => {
    const page = await app.newPage();
    const remotes = recordRemoteRequests(page);
    await openAs(app, page, role, path);
    await page.waitForURL((url) => url.pathname === DEMO_ACCOUNTS[role].home);
    await dashboardHeading(page).waitFor();
    expect([...remotes]).toEqual([role]);
  });

  it('a deep role path survives a reload', async () => {
    const page = await app.newPage();
    await openAs(app, page, 'student', '/MyClasses');
    await expectVisible(page.getByText(SIDEBAR_TITLES.student, { exact: true }).first());
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/MyClasses');
    await expectVisible(page.getByText(SIDEBAR_TITLES.student, { exact: true }).first());
  });
});

describe('a signed-in page load', () => {
  const pathOf = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  };

  it("starts on its role's files from index.html itself, before main.js has run; signed out, on none", async () => {
    const page = await app.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(pathOf(request.url())));
    await page.route('**/main.js', (route) => route.abort()); // the app never starts: only index.html acts
    await page.goto('/');
    expect(await page.locator('link[rel="preload"]').count()).toBe(0);
    expect(requested.filter((p) => p.startsWith('/remotes/'))).toEqual([]);

    await openAs(app, page, 'student', '/DashboardStudent');
    const preloads = await page
      .locator('link[rel="preload"]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('as'), new URL((l as HTMLLinkElement).href).pathname]));
    expect(preloads).toEqual(
      expect.arrayContaining([
        ['fetch', '/remotes/student/mf-manifest.json'],
        ['script', '/remotes/student/remoteEntry.js'],
      ]),
    );
    expect(preloads.some(([as, href]) => as === 'script' && /^\/signed-in\.[0-9a-f]{8}\.js$/.test(String(href)))).toBe(
      true,
    );
    // the browser fetches them, although none of the app's code has run
    const fetched = await eventually(
      async () => requested,
      (paths) =>
        ['/remotes/student/mf-manifest.json', '/remotes/student/remoteEntry.js'].every((p) => paths.includes(p)),
    );
    expect(fetched).toEqual(
      expect.arrayContaining(['/remotes/student/mf-manifest.json', '/remotes/student/remoteEntry.js']),
    );
    // only the signed-in role's
    expect(requested.filter((p) => /^\/remotes\/(admin|teacher)\//.test(p))).toEqual([]);
    expect(pageLog(page).consoleErrors.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  });

  it.each(ROLES)('of the %s dashboard fetches no file twice and never waits for /remotes.json', async (role) => {
    const page = await app.newPage();
    const fetched = new Map<string, number>();
    // Every request that reaches the network (a preload reused by its script or fetch() does not).
    await page.route('**/*', (route) => {
      const path = pathOf(route.request().url());
      if (!path.startsWith('/api/')) fetched.set(path, (fetched.get(path) ?? 0) + 1);
      return route.continue();
    });
    await openAs(app, page, role);
    await dashboardHeading(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect([...fetched].filter(([, times]) => times > 1)).toEqual([]);
    expect(fetched.has('/remotes.json')).toBe(false);
    expect([...fetched.keys()]).toEqual(expect.arrayContaining([`/remotes/${role}/remoteEntry.js`]));
    expect(pageLog(page).errors).toEqual([]);
  });
});

describe('a remote that fails to load', () => {
  it('shows a clear message with a Retry button, and Retry works once the remote is back', async () => {
    const page = await app.newPage();
    const broken = /\/remotes\/student\/(mf-manifest\.json|remoteEntry\.js)/;
    let failed = 0;
    await page.route(broken, (route) => {
      failed += 1;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'down for maintenance' });
    });
    await openAs(app, page, 'student');
    const retry = page.getByRole('button', { name: /retry/i });
    await expectVisible(retry);
    expect(failed).toBeGreaterThan(0);
    // The message says what failed (not a blank page or a raw stack).
    await expectVisible(
      page
        .getByRole('alert')
        .filter({ hasText: /load|unavailable|failed/i })
        .first(),
    );

    await page.unroute(broken);
    await retry.click();
    await dashboardHeading(page).waitFor();
    await expectVisible(page.getByText(SIDEBAR_TITLES.student, { exact: true }).first());
  });
});
