import type { Page } from 'playwright-core';
import { dashboardHeading, eventually, expectNoSidewaysScroll, expectVisible, pageLog, setupApp } from './harness/app';
import { DEMO_ACCOUNTS, decodePayload } from './harness/api';

// On a 360 px phone: the language is chosen on the login page, the student's pages
// follow it, a reload keeps it, and the switch in the sidebar brings back the specification's English (and saves
// the choice on the account).
const app = setupApp();
const student = DEMO_ACCOUNTS.student;

/** The sidebar's language switch (inside the phone's drawer). */
async function openDrawer(page: Page, openLabel: string) {
  await page.getByRole('button', { name: openLabel }).click();
  return page.getByRole('presentation');
}

/** The language saved on the account: a fresh sign-in's token carries it. */
async function accountLanguage(): Promise<string | undefined> {
  const payload = decodePayload(await app.api.login(student.username, student.password)) as { language?: string };
  return payload.language;
}

it('switches the login page and the signed-in pages to Indonesian and back to English', async () => {
  expect(await accountLanguage()).toBeUndefined(); // the demo student never chose one
  const page = await app.newPage({ phone: true });
  await page.goto('/');
  await expectVisible(page.getByRole('button', { name: 'Login', exact: true }));

  // The login page.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Bahasa Indonesia' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Kembangkan pemahamanmu di Kelasku' }));
  await expectVisible(
    page.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'Bahasa Indonesia', pressed: true }),
  );
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('kelasku:language')])).toEqual([
    'id',
    'id',
  ]);
  await expectNoSidewaysScroll(page);

  // Signing in: the dashboard and the sidebar.
  await page.getByPlaceholder('NIP/NIS').fill(student.username);
  await page.getByPlaceholder('Kata sandi').fill(student.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await page.waitForURL((url) => url.pathname === student.home);
  const indonesianDashboard = async () => {
    await expectVisible(page.getByRole('heading', { name: 'Beranda', exact: true }));
    await expectVisible(page.getByText(/^Selamat datang kembali, .+!$/));
    const drawer = await openDrawer(page, 'Buka menu');
    await expectVisible(drawer.getByText('Kelasku Siswa'));
    await expectVisible(drawer.getByRole('button', { name: 'Keluar' }));
    await expectVisible(
      drawer.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'Bahasa Indonesia', pressed: true }),
    );
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  };
  await indonesianDashboard();

  // A reload keeps it (remembered on the device).
  await page.reload();
  await indonesianDashboard();

  // Back to English from the sidebar: the specification's texts, and the choice saved on the account.
  const drawer = await openDrawer(page, 'Buka menu');
  await drawer.getByRole('group', { name: 'Bahasa' }).getByRole('button', { name: 'English' }).click();
  await expectVisible(drawer.getByRole('button', { name: 'Logout' }));
  await expectVisible(drawer.getByText('Kelasku Student'));
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await expectVisible(dashboardHeading(page));
  await expectVisible(page.getByText(/^Welcome again, .+!$/));
  await expectVisible(page.getByRole('button', { name: 'Open menu' }));
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('kelasku:language')])).toEqual([
    'en',
    'en',
  ]);
  expect(await eventually(accountLanguage, (language) => language === 'en')).toBe('en');
  expect(pageLog(page).errors).toEqual([]);
});
