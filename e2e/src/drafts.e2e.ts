import { expectVisible, openAs, pageLog, setupApp } from './harness/app';

// Writing is never lost: a teacher who leaves Create Subject halfway is asked first, and finds the text again on return.
const app = setupApp();

it('Create Subject asks before leaving, and restores the unsaved text on return (phone)', async () => {
  const page = await app.newPage({ phone: true });
  await openAs(app, page, 'teacher', '/CreateSubjects10');
  await page.getByLabel('Subject Title').fill('Ekosistem Sawah');
  await page.getByLabel('Short Description').fill('Rantai makanan di sawah & sekitarnya');

  // The sidebar (menu button on a phone) leads away: the app asks first (the harness answers OK).
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.waitForURL((url) => url.pathname === '/DashboardTeacher');
  expect(pageLog(page).dialogs).toContain(
    'Leave this page? Your changes are not saved yet (they are kept on this device as a draft).',
  );

  await page.goto('/CreateSubjects10');
  await expectVisible(page.getByText('Your unsaved changes from last time were restored.'));
  expect(await page.getByLabel('Subject Title').inputValue()).toBe('Ekosistem Sawah');
  expect(await page.getByLabel('Short Description').inputValue()).toBe('Rantai makanan di sawah & sekitarnya');
});
