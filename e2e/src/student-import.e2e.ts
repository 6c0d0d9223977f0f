import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { DEMO_ACCOUNTS } from './harness/api';

// A student list as Indonesian Excel saves it ("CSV (Comma delimited)": Windows-1252, ';', a rombel column naming
// the demo school's classes) arrives with its names intact; the rows with problems are listed first and given back as a
// file, a NIS already in use is flagged before importing, and only the good rows are imported.
const app = setupApp();

/** Text as Windows-1252 bytes: Latin-1 letters are their own byte, the curly apostrophe is 0x92. */
function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((ch) => (ch === '’' ? 0x92 : ch.charCodeAt(0))));
}

async function readDownload(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-import-'));
  await download.saveAs(path.join(dir, 'file.csv'));
  const bytes = fs.readFileSync(path.join(dir, 'file.csv'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { name: download.suggestedFilename(), bytes };
}

it('imports a Windows-1252 file with a rombel column in Indonesian: accented names intact, bad rows first and downloadable, good rows imported', async () => {
  const taken = DEMO_ACCOUNTS.student.username;
  const file = windows1252(
    'No;Nama Lengkap;NIS;Tingkat;Rombel\r\n' +
      '1;Andréas Ma’ruf;2025 990 001;X;X IPA 1\r\n' +
      '2;Çitra Ñoviantí;2025990002;X;X IPA 2\r\n' +
      '3;Budi;20259900x3;X;X IPA 1\r\n' +
      `4;Dewi Lestari;${taken};X;X IPA 1\r\n`,
  );
  const page = await app.newPage();
  await page.context().addInitScript(() => localStorage.setItem('kelasku:language', 'id'));
  await openAs(app, page, 'admin', '/ManageAccStudent');
  await page.getByRole('button', { name: 'Impor dari CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor Siswa dari CSV' });
  // the help names the Indonesian headers it accepts
  await expectVisible(dialog.getByText('nama, nis, tingkat, status', { exact: true }));
  const accepted = dialog.getByRole('list', { name: 'Nama kolom yang diterima (huruf besar atau kecil):' });
  await expectVisible(accepted.getByText(/^Nama: .*nama lengkap/));
  await expectVisible(accepted.getByText(/^Tingkat: .*tingkat/));

  await dialog.getByLabel('Berkas CSV').setInputFiles({ name: 'siswa-x.csv', mimeType: 'text/csv', buffer: file });
  await expectVisible(dialog.getByText(/4 baris dibaca dari siswa-x\.csv\. Dibaca sebagai Windows-1252/));
  await expectVisible(dialog.getByText(/2 baris bermasalah: ditampilkan paling atas dan tidak akan diimpor/));
  const preview = dialog.getByRole('table', { name: 'Siswa yang akan diimpor' });
  await expectVisible(preview.getByText(`nis: NIS ${taken} sudah terdaftar.`));
  const rows = preview.getByRole('row');
  expect(await rows.nth(1).getByRole('cell').first().textContent()).toBe('3');
  expect(await rows.nth(2).getByRole('cell').first().textContent()).toBe('4');
  await expectVisible(preview.getByRole('cell', { name: 'Andréas Ma’ruf', exact: true }));
  await expectVisible(preview.getByRole('cell', { name: '2025990001', exact: true }));
  await expectVisible(preview.getByRole('cell', { name: 'Çitra Ñoviantí', exact: true }));

  const problems = await readDownload(page, () =>
    dialog.getByRole('button', { name: 'Unduh baris yang bermasalah (CSV)' }).click(),
  );
  expect(problems.name).toBe('students-with-problems.csv');
  expect([...problems.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = problems.bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('name;nis;grade;status;class;problems');
  expect(lines[1]).toBe('Budi;20259900x3;X;;X IPA 1;nis: NIS hanya boleh berisi angka (0-9).');
  expect(lines[2]).toBe(`Dewi Lestari;${taken};X;;X IPA 1;nis: NIS ${taken} sudah terdaftar.`);

  await dialog.getByRole('button', { name: 'Impor 2 siswa' }).click();
  await expectVisible(dialog.getByText('2 siswa berhasil diimpor.'));
  const students = await app.api.get<{ students: { name: string; nis: string }[] }>(
    '/students?search=202599000&pageSize=100',
    'admin',
  );
  expect(students.students.map((s) => [s.name, s.nis]).sort()).toEqual([
    ['Andréas Ma’ruf', '2025990001'],
    ['Çitra Ñoviantí', '2025990002'],
  ]);
  expect(pageLog(page).errors).toEqual([]);
});
