import type { Page } from 'playwright-core';
import { axeViolations, formatViolations } from './harness/a11y';
import { expectVisible, openAs, pageLog, setupApp, type E2EApp } from './harness/app';

// Students in their own rombel: a new class starts empty, a student list saved by Indonesian Excel (Windows-1252,
// ';') with a Rombel column puts each student into the class its row names (an unknown class is that row's problem,
// listed first), each class then lists only its own students, and two of them move to the other class in one go.
const app = setupApp();

/** Text as Windows-1252 bytes: Latin-1 letters are their own byte, the curly apostrophe is 0x92. */
function windows1252(text: string): Buffer {
  return Buffer.from([...text].map((ch) => (ch === '’' ? 0x92 : ch.charCodeAt(0))));
}

const rosterNames = async (page: Page) =>
  (await page.getByRole('table', { name: 'Students in this class' }).getByRole('row').all()).length > 1
    ? (
        await page
          .getByRole('table', { name: 'Students in this class' })
          .locator('tbody tr td:nth-child(2)')
          .allTextContents()
      ).sort()
    : [];

async function rosterViaApi(a: E2EApp, classId: number): Promise<string[]> {
  const { classes } = await a.api.get<{ classes: { students: { name: string }[] } }>(
    `/classes/details?id=${classId}&pageSize=100`,
    'admin',
  );
  return classes.students.map((s) => s.name).sort();
}

it('imports a Windows-1252 file with a Rombel column into two grade-10 classes, each lists only its students, then two move in one go', async () => {
  const page = await app.newPage();
  await openAs(app, page, 'admin', '/ManageClass10');

  // Add Class leaves "all students of the grade" unticked: the new class starts empty
  await page.getByRole('button', { name: 'Add Class' }).click();
  const add = page.getByRole('dialog', { name: 'Add Class' });
  const enrol = add.getByRole('checkbox', { name: /^Add all \d+ grade-10 students$/ });
  await expectVisible(enrol);
  expect(await enrol.isChecked()).toBe(false);
  await expectVisible(add.getByText('The class starts empty: assign students from its page.'));
  await add.getByRole('textbox', { name: 'Class Name' }).fill('X MIPA 5');
  await add.getByRole('textbox', { name: 'Description' }).fill('Rombel MIPA 5');
  await add.getByRole('combobox', { name: 'Teacher' }).click();
  await page.getByRole('option').first().click();
  await add.getByRole('button', { name: 'Add' }).click();
  await expectVisible(page.getByText('X MIPA 5', { exact: true }));
  // the second class through the API, the way another client would ask for an empty one
  const { classes } = await app.api.get<{ classes: { id: number; name: string; teacher_id: number }[] }>(
    '/classes?grade=10&pageSize=100',
    'admin',
  );
  const mipa5 = classes.find((c) => c.name === 'X MIPA 5')!;
  const mipa6 = await app.api.post<{ id: number }>('/classes', 'admin', {
    name: 'X MIPA 6',
    description: 'Rombel MIPA 6',
    teacher_id: mipa5.teacher_id,
    grade: 10,
    enrol_all: false,
  });
  expect(await rosterViaApi(app, mipa5.id)).toEqual([]);

  const file = windows1252(
    'No;Nama Lengkap;NIS;Tingkat;Rombel\r\n' +
      '1;Andréas Ma’ruf;2026 100 001;X;X MIPA 5\r\n' +
      '2;Çitra Ñoviantí;2026100002;X;x mipa 6\r\n' +
      '3;Dedi Kurniawan;2026100003;X;X MIPA 5\r\n' +
      '4;Eka Saputri;2026100004;10;X MIPA 6\r\n' +
      '5;Fajar Nugroho;2026100005;X;X MIPA 9\r\n' +
      '6;Gita Permata;2026100006;X;X MIPA 5\r\n',
  );
  await page.goto(`${app.server.url}/ManageAccStudent`);
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Students from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'rombel-x.csv', mimeType: 'text/csv', buffer: file });
  await expectVisible(dialog.getByText(/6 rows read from rombel-x\.csv\. Read as Windows-1252/));
  await expectVisible(dialog.getByText(/1 row has problems: it is listed first and will not be imported/));
  const preview = dialog.getByRole('table', { name: 'Students to import' });
  await expectVisible(preview.getByText('class: class "X MIPA 9" does not exist in grade 10'));
  const first = preview.getByRole('row').nth(1);
  expect(await first.getByRole('cell').first().textContent()).toBe('5');
  await expectVisible(preview.getByRole('cell', { name: 'Andréas Ma’ruf', exact: true }));
  const join = dialog.getByRole('checkbox', { name: /Join every class of their grade|Join all \d+ grade-10 classes/ });
  expect(await join.isChecked()).toBe(false);
  expect(formatViolations('import preview', await axeViolations(page))).toBe('import preview: no axe violations');
  await dialog.getByRole('button', { name: 'Import 5 students' }).click();
  await expectVisible(dialog.getByText('5 students imported.'));
  await dialog.getByRole('checkbox', { name: /noted/i }).check();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // each class lists only the students its rows named
  await page.goto(`${app.server.url}/class/${mipa5.id}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: /^X MIPA 5 Class/ }));
  await expectVisible(page.getByRole('cell', { name: 'Andréas Ma’ruf', exact: true }));
  expect(await rosterNames(page)).toEqual(['Andréas Ma’ruf', 'Dedi Kurniawan', 'Gita Permata']);
  expect(await rosterViaApi(app, mipa6.id)).toEqual(['Eka Saputri', 'Çitra Ñoviantí'].sort());

  // two of them move to X MIPA 6 in one request
  await page.getByRole('checkbox', { name: 'Select Dedi Kurniawan' }).check();
  await page.getByRole('checkbox', { name: 'Select Gita Permata' }).check();
  await expectVisible(page.getByRole('region', { name: 'Selected students' }).getByText('2 students selected'));
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/classes/roster/')) requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.getByRole('button', { name: 'Move to class…' }).click();
  const move = page.getByRole('dialog', { name: 'Move 2 students to another class' });
  await move.getByRole('combobox', { name: 'Class (grade 10)' }).click();
  await page.getByRole('option', { name: 'X MIPA 6', exact: true }).click();
  // the class menu fades out after the choice (hidden from roles meanwhile, so found by CSS): checked once it is
  // gone from the page, not while half transparent
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
  expect(formatViolations('move dialog', await axeViolations(page))).toBe('move dialog: no axe violations');
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expectVisible(page.getByRole('heading', { level: 1, name: /^X MIPA 5 Class/ }));
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: 'Dedi Kurniawan', exact: true }).waitFor({ state: 'detached' });
  expect(await rosterNames(page)).toEqual(['Andréas Ma’ruf']);
  expect(requests).toEqual(['POST /api/v1/classes/roster/move']);
  expect(await rosterViaApi(app, mipa6.id)).toEqual(
    ['Dedi Kurniawan', 'Eka Saputri', 'Gita Permata', 'Çitra Ñoviantí'].sort(),
  );

  await page.goto(`${app.server.url}/class/${mipa6.id}`);
  await expectVisible(page.getByRole('cell', { name: 'Gita Permata', exact: true }));
  expect(await rosterNames(page)).toEqual(['Dedi Kurniawan', 'Eka Saputri', 'Gita Permata', 'Çitra Ñoviantí'].sort());
  expect(formatViolations('class roster', await axeViolations(page))).toBe('class roster: no axe violations');
  expect(pageLog(page).errors).toEqual([]);
});
