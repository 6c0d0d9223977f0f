import type { Locator, Page } from 'playwright-core';
import { ApiError } from './harness/api';
import { confirmInDialog, dashboardHeading, eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';

// Issue "admin": dashboard with real counts, classes (add/edit/delete, assign/unassign), student and teacher accounts.
const app = setupApp();

interface ClassItem {
  id: number;
  name: string;
  description: string;
  teacher_id: number;
  teacher_name?: string;
  grade: number;
}
interface Person {
  id: number;
  name: string;
  nis?: string;
  nip?: string;
  status: string;
  grade?: number;
  specialization?: string;
}
interface AdminStats {
  classes: {
    class_id: number;
    name: string;
    grade: number;
    tasks_completed: number;
    tasks_uncompleted: number;
    exam_done: number;
    exam_not_done: number;
  }[];
}

const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rows of a (possibly visually hidden) data table as text cells, header row first. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim())),
    );
}

async function classesOfGrade(grade: number): Promise<ClassItem[]> {
  const body = await app.api.get<{ classes: ClassItem[] }>(`/classes?grade=${grade}&pageSize=100`, 'admin');
  return body.classes;
}

async function roster(classId: number): Promise<Person[]> {
  const body = await app.api.get<{ students: Person[] }>(`/classes/students?id=${classId}&pageSize=100`, 'admin');
  return body.students;
}

function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

describe('admin dashboard', () => {
  it('charts show the per-class counts the server reports', async () => {
    const page = await app.newPage();
    await openAs(app, page, 'admin');
    await dashboardHeading(page).waitFor();
    const stats = await app.api.get<AdminStats>('/stats/admin', 'admin');
    expect(stats.classes.length).toBeGreaterThan(0); // the demo school has classes

    const tasks = page
      .locator('table')
      .filter({ has: page.locator('caption', { hasText: 'Student Tasks per Class' }) });
    const exams = page
      .locator('table')
      .filter({ has: page.locator('caption', { hasText: 'Exam Progression per Class' }) });
    await tasks.waitFor({ state: 'attached' });
    const taskRows = (await tableRows(tasks)).slice(1);
    const examRows = (await tableRows(exams)).slice(1);
    expect(taskRows).toHaveLength(stats.classes.length);
    stats.classes.forEach((c, i) => {
      expect(taskRows[i][0]).toContain(c.name);
      expect(taskRows[i].slice(1).map(Number)).toEqual([c.tasks_completed, c.tasks_uncompleted]);
      expect(examRows[i].slice(1).map(Number)).toEqual([c.exam_done, c.exam_not_done]);
    });
    // The axis titles the spec names.
    await expectVisible(page.getByText('Students Amount').first());
    await expectVisible(page.getByText('Classes', { exact: true }).first());
    await expectVisible(page.getByRole('heading', { name: 'Reported Messages' }));

    // @mui/x-charts: hovering a class shows its counts in a tooltip, and the legend switches a series off.
    const first = stats.classes[0];
    const tasksChart = page.getByRole('region', { name: 'Student Tasks per Class chart' });
    // Inside the plot, above the class's tick label (its bars may be 0 high).
    const tick = (await tasksChart.locator('.MuiChartsAxis-tickLabel', { hasText: first.name }).first().boundingBox())!;
    await page.mouse.move(tick.x + tick.width / 2, tick.y - 60);
    const tooltip = page.locator('.MuiChartsTooltip-root');
    const text = await eventually(
      () => tooltip.innerText().catch(() => ''),
      (t) => t.includes(first.name),
    );
    expect(text).toContain(first.name);
    expect(text).toContain('Completed');
    expect(text).toContain(String(first.tasks_uncompleted));
    const tallestUncompleted = () =>
      tasksChart
        .locator('rect[data-delay-ms][fill="#f59e0b"]')
        .evaluateAll((rects) => Math.max(0, ...rects.map((r) => Number(r.getAttribute('height')))));
    expect(await tallestUncompleted()).toBeGreaterThan(0);
    await tasksChart.getByRole('button', { name: 'Uncompleted' }).click();
    expect(await eventually(tallestUncompleted, (h) => h === 0)).toBe(0);
  });
});

describe('classes', () => {
  it('adds, edits, assigns/unassigns students of, and deletes a 10th-grade class', async () => {
    const page = await app.newPage();
    const teacher = await app.api.user('teacher');
    const student = await app.api.user('student');
    const studentRecord = (
      await app.api.get<{ students: Person[] }>(
        `/students?search=${encodeURIComponent(student.display_name)}&pageSize=100`,
        'admin',
      )
    ).students.find((s) => s.id === student.student_id)!;
    expect(studentRecord).toBeDefined();

    await openAs(app, page, 'admin', '/ManageClass10');
    await expectVisible(page.getByRole('heading', { name: 'Manage Classes' }));
    await expectVisible(page.getByText('10th Grade', { exact: true }).first());

    // Add: the required-field alert first, then a real class.
    const name = `E2E Biologi ${unique()}`;
    await page.getByRole('button', { name: 'Add Class' }).click();
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    expect(pageLog(page).dialogs).toEqual(['Semua field harus diisi.']);
    await dialog(page).getByLabel('Class Name').fill(name);
    await dialog(page).getByLabel('Description').fill('Kelas uji otomatis');
    await dialog(page).getByRole('combobox', { name: 'Teacher' }).click();
    await page.getByRole('option', { name: new RegExp(`^${escapeRe(teacher.display_name)}`) }).click();
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expectVisible(page.getByRole('heading', { name, exact: true }));
    const created = (await classesOfGrade(10)).find((c) => c.name === name);
    expect(created).toMatchObject({
      name,
      description: 'Kelas uji otomatis',
      teacher_id: teacher.teacher_id,
      grade: 10,
    });

    // Edit.
    const renamed = `${name} Revisi`;
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit Class' }).click();
    await dialog(page).getByLabel('Class Name').fill(renamed);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expectVisible(page.getByRole('heading', { name: renamed, exact: true }));
    expect((await classesOfGrade(10)).find((c) => c.id === created!.id)?.name).toBe(renamed);

    // Details: roster, unassign and assign the demo student (order depends on whether auto-assignment put them in).
    await page.getByRole('link', { name: `Details of ${renamed}` }).click();
    await page.waitForURL((url) => url.pathname === `/class/${created!.id}`);
    await expectVisible(page.getByRole('heading', { name: `${renamed} Class - ${teacher.display_name}` }));
    await expectVisible(page.getByPlaceholder('Search Student in This Class by NIS or Name'));
    const row = page.getByRole('row').filter({ hasText: studentRecord.nis! });

    const assign = async () => {
      await page.getByRole('button', { name: 'Assign New Student' }).click();
      await dialog(page).getByRole('combobox', { name: 'Students' }).fill(studentRecord.nis!);
      await page.getByRole('option', { name: new RegExp(escapeRe(`(${studentRecord.nis})`)) }).click();
      await dialog(page).getByRole('button', { name: 'Assign', exact: true }).click();
      await dialog(page).waitFor({ state: 'hidden' });
      await expectVisible(row);
      expect((await roster(created!.id)).map((s) => s.id)).toContain(studentRecord.id);
    };
    const unassign = async () => {
      await page.getByRole('button', { name: `Unassign ${studentRecord.name}` }).click();
      await confirmInDialog(page, 'Unassign');
      await row.waitFor({ state: 'detached' });
      expect((await roster(created!.id)).map((s) => s.id)).not.toContain(studentRecord.id);
    };
    if ((await roster(created!.id)).some((s) => s.id === studentRecord.id)) {
      await unassign();
      await assign();
    } else {
      await assign();
      await unassign();
    }

    // Delete.
    await page.goto('/ManageClass10');
    await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
    await page.getByRole('menuitem', { name: 'Delete Class' }).click();
    await expectVisible(dialog(page).getByText(`are you sure you want to delete ${renamed}?`));
    await dialog(page)
      .getByRole('textbox', { name: `Type the class name to delete it: ${renamed}` })
      .fill(renamed);
    await confirmInDialog(page, 'Delete for good');
    await page.getByRole('heading', { name: renamed, exact: true }).waitFor({ state: 'detached' });
    expect((await classesOfGrade(10)).some((c) => c.id === created!.id)).toBe(false);
    expect(pageLog(page).errors).toEqual([]);
  });
});

describe.each([
  {
    kind: 'student',
    path: '/ManageAccStudent',
    add: 'Add New Student',
    added: 'Student Added Successfully',
    idField: 'NIS',
    search: 'Search by Name or NIS',
    api: '/students',
    fill: async (d: Locator, page: Page) => {
      await d.getByLabel('Status').fill('Active');
      await d.getByLabel('Status').press('Tab'); // closes the status suggestions
      await d.getByLabel('Grade').fill('11');
      void page;
    },
    expected: { status: 'Active', grade: 11 },
  },
  {
    kind: 'teacher',
    path: '/ManageAccTeacher',
    add: 'Add New Teacher',
    added: 'Teacher Added Successfully',
    idField: 'NIP',
    search: 'Search by Name or NIP',
    api: '/teachers',
    fill: async (d: Locator, page: Page) => {
      await d.getByLabel('Status').fill('Active');
      await d.getByLabel('Status').press('Tab'); // closes the status suggestions
      await d.getByRole('combobox', { name: 'Specialization' }).click();
      await page.getByRole('option', { name: 'Biology', exact: true }).click();
    },
    expected: { status: 'Active', specialization: 'Biology' },
  },
])('$kind accounts', ({ kind, path, add, added, idField, search, api, fill, expected }) => {
  it(`adds (one-time password that signs in), finds, edits and deletes a ${kind}`, async () => {
    const page = await app.newPage();
    await openAs(app, page, 'admin', path);
    const number = `19${unique()}`.slice(0, 12);
    const name = `E2E ${kind} ${unique()}`;
    const find = async () =>
      (await app.api.get<{ students: Person[] }>(`${api}?search=${number}&pageSize=100`, 'admin')).students.filter(
        (p) => (p.nis ?? p.nip) === number,
      );

    await page.getByRole('button', { name: add }).click();
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    expect(pageLog(page).dialogs).toEqual(['Semua field harus diisi.']);
    await dialog(page).getByLabel('Name', { exact: true }).fill(name);
    await dialog(page).getByLabel(idField, { exact: true }).fill(number);
    await fill(dialog(page), page);
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();

    // The initial password is shown once, beside the NIS/NIP, and it signs in.
    await expectVisible(page.getByRole('heading', { name: added }));
    const password = (await dialog(page).getByLabel('Password', { exact: true }).textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    await expectVisible(dialog(page).getByLabel(idField, { exact: true }));
    expect((await dialog(page).getByLabel(idField, { exact: true }).textContent())?.trim()).toBe(number);
    // It cannot vanish: Esc and a click on the backdrop leave it open, and Done waits until it was kept.
    await page.keyboard.press('Escape');
    await page.mouse.click(4, 4);
    await expectVisible(page.getByRole('heading', { name: added }));
    const done = dialog(page).getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await dialog(page).getByRole('checkbox', { name: 'I have noted the passwords' }).check();
    expect(await done.isEnabled()).toBe(true);
    await done.click();
    await dialog(page).waitFor({ state: 'hidden' });
    const token = await app.api.login(number, password);
    expect(token.split('.')).toHaveLength(3);
    expect(await find()).toEqual([expect.objectContaining({ name, ...expected })]);

    // Search finds it.
    await page.getByRole('textbox', { name: search }).fill(number);
    await page.getByRole('textbox', { name: search }).press('Enter');
    await expectVisible(page.getByRole('cell', { name, exact: true }));

    // Edit.
    const renamed = `${name} Revisi`;
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog(page).getByLabel('Name', { exact: true }).fill(renamed);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByRole('cell', { name: renamed, exact: true }));
    expect((await find())[0]?.name).toBe(renamed);

    // Delete: gone from the list and from the server, and the sign-in stops working.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expectVisible(dialog(page).getByText(`are you sure you want to delete ${renamed}?`));
    await confirmInDialog(page, kind === 'student' ? 'Delete Student' : 'Delete Teacher');
    await page.getByRole('cell', { name: renamed, exact: true }).waitFor({ state: 'detached' });
    expect(await eventually(find, (rows) => rows.length === 0)).toEqual([]);
    await expect(app.api.login(number, password)).rejects.toBeInstanceOf(ApiError);
    expect(pageLog(page).errors).toEqual([]);
  });
});
