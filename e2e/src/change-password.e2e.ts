import type { Page } from 'playwright-core';
import { eventually, expectVisible, pageLog, setupApp } from './harness/app';
import { decodePayload } from './harness/api';

// Everyone changes their own password from the sidebar; a login still on the password an admin printed is offered
// the change at its first sign-in; the change ends the account's other sessions. In English and in Indonesian.
const app = setupApp();

/** Status of a token renewal made with `token`: 401 once its session has ended. */
async function statusWith(token: string): Promise<number> {
  return (await fetch(`${app.server.url}/api/v1/auth/refresh`, { method: 'POST', headers: { authorization: token } }))
    .status;
}

async function signIn(page: Page, username: string, password: string, texts: { password: string; login: string }) {
  await page.getByPlaceholder('NIP/NIS').fill(username);
  await page.getByPlaceholder(texts.password).fill(password);
  await page.getByRole('button', { name: texts.login, exact: true }).click();
}

it('a new student is offered the change at the first sign-in, picks a password meeting the listed rules, and other sessions end (English)', async () => {
  const created = await app.api.call<{ initial_password: string }>('POST', '/students', 'admin', {
    name: 'Andréas Ma’ruf',
    nis: '2024990001',
    grade: 10,
    status: 'Active',
  });
  const initial = created.initial_password;
  const otherDevice = await app.api.login('2024990001', initial);
  expect(decodePayload(otherDevice)).toMatchObject({ initial_password: true });

  const page = await app.newPage({ phone: true });
  await page.goto('/');
  await signIn(page, '2024990001', initial, { password: 'Password', login: 'Login' });
  const offer = page.getByText('You are still using the password the school gave you. Choose your own password now.');
  await expectVisible(offer);
  await page.getByRole('link', { name: 'Change password' }).first().click();
  await page.waitForURL((url) => url.pathname === '/ChangePassword');
  await expectVisible(page.getByRole('heading', { name: 'Change password' }));
  const rules = page.getByRole('list', { name: 'The new password must be' });
  await expectVisible(rules.getByText('At least 8 characters long'));
  await expectVisible(rules.getByText('Different from the current password'));

  await page.getByLabel('Current password').fill(initial);
  await page.getByLabel('New password', { exact: false }).first().fill('short');
  const submit = page.getByRole('button', { name: 'Change password' });
  expect(await submit.isDisabled()).toBe(true);
  expect(await rules.locator('li[data-met="false"]').getByText('At least 8 characters long').count()).toBe(1);
  await page.getByLabel('New password', { exact: false }).first().fill('bunga mawar 17');
  await page.getByLabel('Repeat the new password').fill('bunga mawar 17');
  expect(await rules.locator('li[data-met="true"]').count()).toBe(3);
  await submit.click();
  await expectVisible(page.getByText('Password changed. Your other devices are signed out.'));

  // this browser goes on with its new token, the other device's session has ended, the offer is gone
  expect(await statusWith(otherDevice)).toBe(401);
  const kept = await page.evaluate(() => localStorage.getItem('token'));
  expect(kept && (await statusWith(kept))).toBe(200);
  await page.goto('/DashboardStudent');
  await expectVisible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
  expect(await offer.count()).toBe(0);
  await eventually(
    () => app.api.login('2024990001', 'bunga mawar 17').then(() => true),
    (ok) => ok,
  );
  expect(pageLog(page).errors).toEqual([]);
});

it('a new teacher does the same in Indonesian, and a wrong current password is told in Indonesian', async () => {
  const created = await app.api.call<{ initial_password: string }>('POST', '/teachers', 'admin', {
    name: 'Bu Wulan',
    nip: '199001012015012001',
    specialization: 'Biology',
    status: 'Active',
  });
  const initial = created.initial_password;
  const page = await app.newPage();
  await page.goto('/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Bahasa Indonesia' }).click();
  await signIn(page, '199001012015012001', initial, { password: 'Kata sandi', login: 'Masuk' });
  await expectVisible(
    page.getByText('Anda masih memakai kata sandi dari sekolah. Buat kata sandi Anda sendiri sekarang.'),
  );
  // the sidebar's entry, every role has it
  await page.getByRole('navigation').getByRole('link', { name: 'Ubah kata sandi' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Ubah kata sandi' }));
  const rules = page.getByRole('list', { name: 'Kata sandi baru harus' });
  await expectVisible(rules.getByText('Minimal 8 karakter'));

  await page.getByLabel('Kata sandi saat ini').fill('bukan-yang-benar');
  await page.getByLabel('Kata sandi baru', { exact: false }).first().fill('pelangi senja 9');
  await page.getByLabel('Ulangi kata sandi baru').fill('pelangi senja 9');
  await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
  await expectVisible(page.getByText('Kata sandi lama salah.'));

  await page.getByLabel('Kata sandi saat ini').fill(initial);
  await page.getByRole('button', { name: 'Ubah kata sandi' }).click();
  await expectVisible(page.getByText('Kata sandi diubah. Perangkat Anda yang lain telah keluar.'));
  expect(decodePayload(await app.api.login('199001012015012001', 'pelangi senja 9')).initial_password).toBeUndefined();
  expect(pageLog(page).errors).toEqual([]);
});
