import { eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';

// The admin remote in Bahasa Indonesia, its 'admin' messages loaded by the remote itself.
const app = setupApp();

interface Person {
  id: number;
  name: string;
  nis: string;
  grade: number;
  status: string;
}

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

describe('the admin in Bahasa Indonesia', () => {
  it('dashboard, student accounts and adding a student, with the form checks, all in Indonesian', async () => {
    const page = await app.newPage();
    // Chosen on this device before the page loads (shared-ui/src/i18n.ts reads it at start).
    await page.context().addInitScript(() => localStorage.setItem('kelasku:language', 'id'));
    await openAs(app, page, 'admin');

    // The dashboard: banner, charts and the reported messages.
    await expectVisible(page.getByRole('heading', { name: 'Beranda', exact: true }));
    await page.locator('caption', { hasText: 'Tugas Siswa per Kelas' }).waitFor({ state: 'attached' });
    await expectVisible(page.getByText('Jumlah Siswa').first());
    await expectVisible(page.getByRole('heading', { name: 'Pesan yang Dilaporkan' }));

    // The sidebar leads to the student accounts.
    await page.getByRole('button', { name: 'Kelola Akun' }).click();
    await page.getByRole('link', { name: 'Akun Siswa' }).click();
    await page.waitForURL((url) => url.pathname === '/ManageAccStudent');
    await expectVisible(page.getByRole('heading', { name: 'Akun Siswa', level: 1 }));
    const table = page.getByRole('table', { name: 'Akun Siswa' });
    await expectVisible(table);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Nama',
      'NIS',
      'Status',
      'Tingkat',
      'Aksi',
    ]);

    // Adding: an empty required field is refused with the spec's alert, a NIS with letters under its field.
    await page.getByRole('button', { name: 'Tambah Siswa Baru' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Siswa Baru' });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Tambah', exact: true }).click();
    expect(pageLog(page).dialogs).toEqual(['Semua field harus diisi.']);

    const nis = `20${unique()}`.slice(0, 10);
    const name = `Siswa E2E ${unique()}`;
    await dialog.getByLabel('Nama', { exact: true }).fill(name);
    await dialog.getByLabel('NIS', { exact: true }).fill(`A${nis}`);
    await dialog.getByLabel('Status').fill('Active');
    await dialog.getByLabel('Status').press('Tab'); // closes the status suggestions
    await dialog.getByLabel('Tingkat', { exact: true }).fill('11');
    await dialog.getByRole('button', { name: 'Tambah', exact: true }).click();
    await expectVisible(dialog.getByText('NIS hanya boleh berisi angka (0-9).'));

    await dialog.getByLabel('NIS', { exact: true }).fill(nis);
    await expectVisible(dialog.getByRole('checkbox', { name: /^Masuk ke seluruh kelas tingkat 11/ }));
    await dialog.getByRole('button', { name: 'Tambah', exact: true }).click();

    // The one-time password, then the new student in the list (and on the server).
    const shown = page.getByRole('dialog', { name: 'Siswa Berhasil Ditambahkan' });
    await expectVisible(shown);
    await shown.getByRole('checkbox', { name: 'Saya sudah mencatat kata sandinya' }).check();
    await shown.getByRole('button', { name: 'Selesai' }).click();
    await shown.waitFor({ state: 'hidden' });
    await page.getByRole('textbox', { name: 'Cari berdasarkan Nama atau NIS' }).fill(nis);
    await page.getByRole('textbox', { name: 'Cari berdasarkan Nama atau NIS' }).press('Enter');
    await expectVisible(page.getByRole('cell', { name, exact: true }));
    const found = await eventually(
      async () => (await app.api.get<{ students: Person[] }>(`/students?search=${nis}&pageSize=100`, 'admin')).students,
      (rows) => rows.length > 0,
    );
    expect(found).toEqual([expect.objectContaining({ name, nis, grade: 11, status: 'Active' })]);
    expect(pageLog(page).dialogs).toEqual(['Semua field harus diisi.']);
    expect(pageLog(page).errors).toEqual([]);
  });
});
