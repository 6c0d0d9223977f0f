import type { Page } from 'playwright-core';
import { eventually, expectVisible, openAs, setupApp } from './harness/app';

// Deleting a person never silently removes a class's work (a teacher's classes are
// reassigned first, the confirmation says what happens), deactivation instead of deletion, and the enrolment a new
// class or student gets is said and chosen in the dialogs.
const app = setupApp();

interface Teacher {
  id: number;
  name: string;
  nip: string;
  initial_password: string;
  active?: boolean;
}
interface Student {
  id: number;
  name: string;
  nis: string;
  grade: number;
  initial_password: string;
  active?: boolean;
}
interface ClassItem {
  id: number;
  name: string;
  grade: number;
  teacher_id: number;
  teacher_name: string;
  student_count: number;
}

/** A request as a freshly created account (not a demo role). */
async function callAs<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${app.server.url}/api/v1${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function signIn(username: string, password: string) {
  const res = await fetch(`${app.server.url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; message?: string } };
}

async function searchList(page: Page, placeholder: string, text: string) {
  const box = page.getByRole('textbox', { name: placeholder });
  await box.fill(text);
  await box.press('Enter');
}

describe('deleting and deactivating people', () => {
  it('a teacher who still teaches is deleted only after their class is reassigned; the work they wrote stays', async () => {
    const teacher = await app.api.post<Teacher>('/teachers', 'admin', {
      name: 'Guru Pindahan',
      nip: '199901012020011901',
      specialization: 'History',
      status: 'Active',
    });
    const cls = await app.api.post<ClassItem>('/classes', 'admin', {
      name: 'X Sejarah Pindahan',
      description: 'Kelas sejarah',
      teacher_id: teacher.id,
      grade: 10,
    });
    const token = (await signIn(teacher.nip, teacher.initial_password)).body.token!;
    const material = await callAs<{ id: number }>(token, 'POST', '/materials', {
      title: 'Kerajaan Majapahit',
      description: 'd',
      content: '<p>isi</p>',
      class_id: cls.id,
    });
    expect(material.status).toBe(200);
    const demoTeacher = await app.api.user('teacher');

    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageAccTeacher');
    await searchList(page, 'Search by Name or NIP', 'Guru Pindahan');
    await page.getByRole('button', { name: 'Delete Guru Pindahan' }).click();
    const dialog = page.getByRole('dialog', { name: 'are you sure you want to delete Guru Pindahan?' });
    await expectVisible(dialog.getByText('Guru Pindahan still teaches a class.', { exact: false }));
    await expectVisible(dialog.getByText('X Sejarah Pindahan (grade 10)'));
    await expectVisible(
      dialog.getByText(
        "Deleting removes Guru Pindahan's account and sign-in for good. Materials, exercises and exams Guru Pindahan wrote stay with their classes, owned by each class's teacher, and students' grades are kept. This cannot be undone.",
      ),
    );
    const del = dialog.getByRole('button', { name: 'Delete Teacher' });
    expect(await del.isDisabled()).toBe(true);

    await dialog.getByRole('combobox', { name: 'New teacher for X Sejarah Pindahan' }).click();
    await page.getByRole('option', { name: new RegExp(`^${demoTeacher.display_name}`) }).click();
    await dialog.getByRole('button', { name: 'Reassign X Sejarah Pindahan' }).click();
    await eventually(
      () => del.isDisabled(),
      (disabled) => !disabled,
    );
    await del.click();
    await expectVisible(page.getByText('No teacher accounts found.'));

    const { classes } = await app.api.get<{ classes: ClassItem[] }>('/classes?grade=10&pageSize=100', 'admin');
    expect(classes.find((c) => c.id === cls.id)).toMatchObject({
      teacher_id: demoTeacher.teacher_id,
      name: 'X Sejarah Pindahan',
    });
    const kept = await app.api.get<{ materials: { id: number; title: string }[] }>(
      `/materials/from-class?id=${cls.id}&pageSize=100`,
      'teacher',
    );
    expect(kept.materials.map((m) => m.title)).toEqual(['Kerajaan Majapahit']);
    expect((await signIn(teacher.nip, teacher.initial_password)).status).toBe(401);
  });

  it('a deactivated student cannot sign in (the login page says why) and is listed as such until reactivated', async () => {
    const student = await app.api.post<Student>('/students', 'admin', {
      name: 'Siswa Cuti',
      nis: '2024109901',
      grade: 10,
      status: 'Active',
    });
    const before = (await signIn(student.nis, student.initial_password)).body.token!;

    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageAccStudent');
    await searchList(page, 'Search by Name or NIS', 'Siswa Cuti');
    await page.getByRole('button', { name: 'Delete Siswa Cuti' }).click();
    const confirm = page.getByRole('dialog', { name: 'are you sure you want to delete Siswa Cuti?' });
    await expectVisible(confirm.getByText('except posts other students replied to: those stay', { exact: false }));
    await confirm.getByRole('button', { name: 'Deactivate instead' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate Siswa Cuti?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    const row = page.getByRole('row', { name: /Siswa Cuti/ });
    await expectVisible(row.getByText('Deactivated'));
    await expectVisible(row.getByRole('button', { name: 'Reactivate Siswa Cuti' }));

    // the session it had ends, and the login form tells why a new one is refused
    expect((await callAs(before, 'GET', `/classes/assigned?id=${student.id}`)).status).toBe(401);
    const login = await app.newPage({ phone: true });
    await login.goto('/');
    await login.getByPlaceholder('NIP/NIS').fill(student.nis);
    await login.getByPlaceholder('Password').fill(student.initial_password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expectVisible(login.getByText('This account is deactivated. Ask the school admin to reactivate it.'));

    await row.getByRole('button', { name: 'Reactivate Siswa Cuti' }).click();
    await page
      .getByRole('dialog', { name: 'Reactivate Siswa Cuti?' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expectVisible(
      page.getByRole('row', { name: /Siswa Cuti/ }).getByRole('button', { name: 'Deactivate Siswa Cuti' }),
    );
    expect((await signIn(student.nis, student.initial_password)).status).toBe(200);
  });
});

describe('enrolment the admin sees', () => {
  it('the create-class dialog says how many grade-11 students would join, unticked: the class starts empty', async () => {
    const grade11 = await app.api.get<{ meta: { total: number } }>('/students?grade=11&pageSize=1', 'admin');
    const demoTeacher = await app.api.user('teacher');
    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageClass11');
    await page.getByRole('button', { name: 'Add Class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Class' });
    const enrol = dialog.getByRole('checkbox', { name: `Add all ${grade11.meta.total} grade-11 students` });
    await expectVisible(enrol);
    expect(await enrol.isChecked()).toBe(false);
    await dialog.getByRole('textbox', { name: 'Class Name' }).fill('XI Pilihan Kosong');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Kelas pilihan');
    await dialog.getByRole('combobox', { name: 'Teacher' }).click();
    await page.getByRole('option', { name: new RegExp(`^${demoTeacher.display_name}`) }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expectVisible(page.getByRole('heading', { name: 'XI Pilihan Kosong' }));
    const { classes } = await app.api.get<{ classes: ClassItem[] }>('/classes?grade=11&pageSize=100', 'admin');
    expect(classes.find((c) => c.name === 'XI Pilihan Kosong')?.student_count).toBe(0);
  });

  it('the add-student dialog names the classes of the grade; ticked (not by default), the student joins them all', async () => {
    const { classes } = await app.api.get<{ classes: ClassItem[] }>('/classes?grade=12&pageSize=100', 'admin');
    expect(classes.length).toBeGreaterThan(0);
    const page = await app.newPage();
    await openAs(app, page, 'admin', '/ManageAccStudent');
    await page.getByRole('button', { name: 'Add New Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Student' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Siswa Baru');
    await dialog.getByRole('textbox', { name: 'NIS' }).fill('2024129902');
    await dialog.getByRole('combobox', { name: 'Status' }).fill('Active');
    await dialog.getByRole('spinbutton', { name: 'Grade' }).fill('12');
    const join = dialog.getByRole('checkbox', {
      name: `Join all ${classes.length} grade-12 ${classes.length === 1 ? 'class' : 'classes'}`,
    });
    await expectVisible(join);
    expect(await join.isChecked()).toBe(false);
    await join.check();
    await expectVisible(dialog.getByText(`Grade 12: ${classes.map((c) => c.name).join(', ')}`));
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Student Added Successfully' }));
    const created = (await app.api.get<{ students: Student[] }>('/students?searchNIS=2024129902', 'admin')).students[0];
    const assigned = await app.api.get<{ classes: ClassItem[] }>(
      `/classes/assigned?id=${created.id}&pageSize=100`,
      'admin',
    );
    expect(assigned.classes.map((c) => c.id).sort()).toEqual(classes.map((c) => c.id).sort());
  });
});

describe('a teacher deleting a subject', () => {
  it('is told that its exercise, the grades and its discussions go with it', async () => {
    const teacher = await app.api.user('teacher');
    const { classes } = await app.api.get<{ classes: ClassItem[] }>('/classes/mine', 'teacher');
    const cls = classes.find((c) => c.grade === 10 && c.teacher_id === teacher.teacher_id)!;
    const material = await app.api.post<{ id: number; title: string }>('/materials', 'teacher', {
      title: 'Bab Hapus Uji',
      description: 'd',
      content: '<p>isi</p>',
      class_id: cls.id,
    });
    const page = await app.newPage();
    await openAs(app, page, 'teacher', `/ManageSubjects10?class=${cls.id}`);
    await page.getByRole('button', { name: 'Options for Bab Hapus Uji' }).click();
    await page.getByRole('menuitem', { name: 'Delete Subject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Subject' });
    await expectVisible(
      dialog.getByText(
        "are you sure you want to delete Bab Hapus Uji? Its exercise, the students' answers and grades for it, and its discussions are deleted with it. This cannot be undone.",
      ),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await app.api.delete(`/materials?id=${material.id}`, 'teacher');
  });
});
