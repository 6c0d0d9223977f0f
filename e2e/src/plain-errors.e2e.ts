import { eventually, expectVisible, openAs, setupApp } from './harness/app';

// A save the server refuses says why in plain words, next to the field it is about, and the
// message goes once that field is changed.
const app = setupApp();

describe('a refused save', () => {
  it("shows the server's plain reason under the field and clears it when the field changes", async () => {
    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageAccStudent');
    await page.getByRole('button', { name: 'Add New Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Student' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    // the form has no length rule for names; the server allows 100 characters
    await name.fill('Siswa '.repeat(20));
    await dialog.getByRole('textbox', { name: 'NIS' }).fill('2024139901');
    await dialog.getByRole('combobox', { name: 'Status' }).fill('Active');
    await dialog.getByRole('spinbutton', { name: 'Grade' }).fill('10');
    await dialog.getByRole('button', { name: 'Add' }).click();

    const reason = 'Name must be at most 100 characters.';
    await expectVisible(dialog.getByText(reason));
    // it is the Name field's own help text, not a line elsewhere
    const describedBy = await name.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.textContent()).not.toMatch(/body\/|must NOT/);
    await expectVisible(dialog.getByText('Failed to add student', { exact: true }));

    await name.fill('Siswa Baru Sekali');
    await eventually(
      () => dialog.getByText(reason).count(),
      (n) => n === 0,
    );
    expect(await name.getAttribute('aria-invalid')).toBe('false');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Student Added Successfully' }));
  });
});
