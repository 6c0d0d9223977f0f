import type { Locator, Page } from 'playwright-core';
import { axeViolations, formatViolations } from './harness/a11y';
import { eventually, expectNoSidewaysScroll, expectVisible, openAs, setupApp } from './harness/app';

// Deleting a class says what goes with it and asks for its name; archiving instead hides it from its teacher and
// students, frees its name for next year's class, and a restore is refused while that name is taken.
const app = setupApp();

interface ClassItem {
  id: number;
  name: string;
  teacher_id: number;
  grade: number;
}
interface Item {
  id: number;
}

const tag = `${Date.now() % 1_000_000}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CONTENT = { 1: 'Dua?', '1_a': '1', '1_b': '2', '1_c': '3', '1_d': '4', '1_answer': 'b' };

async function openDeleteDialog(admin: Page, name: string): Promise<Locator> {
  await admin.getByRole('button', { name: `Actions for ${name}` }).click();
  await admin.getByRole('menuitem', { name: 'Delete Class' }).click();
  return admin.getByRole('dialog', { name: `are you sure you want to delete ${name}?` });
}

it('the delete dialog counts what goes with a class; archiving hides it from teacher and student, frees its name, and a restore waits for the name', async () => {
  const [teacher, student] = [await app.api.user('teacher'), await app.api.user('student')];
  const name = `X Arsip ${tag}`;
  const cls = await app.api.post<ClassItem>('/classes', 'admin', {
    name,
    description: 'Tahun lalu',
    teacher_id: teacher.teacher_id,
    grade: 10,
    enrol_all: false,
  });
  await app.api.post('/classes/assign-students', 'admin', { id: cls.id, student_id: [student.student_id] });
  const material = await app.api.post<Item>('/materials', 'teacher', {
    title: `Sel ${tag}`,
    description: 'Bab 1',
    content: '<p>Sel</p>',
    class_id: cls.id,
  });
  const exercise = await app.api.post<Item>('/exercises', 'teacher', {
    title: 'Latihan',
    total_marks: 100,
    material_id: material.id,
    content: CONTENT,
  });
  const sheet = await app.api.post<Item>('/exercises-answers', 'student', { exercise_id: exercise.id });
  await app.api.call('PUT', `/exercises-answers?id=${sheet.id}`, 'student', { answers: { 1: 'b' } });
  await app.api.post('/exercises/calculate-grade', 'student', { exercise_id: exercise.id });
  await app.api.post('/discussions-material', 'student', {
    material_id: material.id,
    topic: 'Tanya',
    description: 'Apa itu sel?',
  });

  // The student (on a phone) and the teacher see the class.
  const phone = await app.newPage({ phone: true });
  await openAs(app, phone, 'student', '/MyClasses');
  await expectVisible(phone.getByText(name, { exact: true }));
  const teacherPage = await app.newPage();
  await openAs(app, teacherPage, 'teacher', '/ManageSubjects10');
  await expectVisible(teacherPage.getByRole('tab', { name }));

  // The admin's delete dialog: the counts, the name to type, archiving offered.
  const admin = await app.newPage();
  await openAs(app, admin, 'admin', '/ManageClass10');
  const dialog = await openDeleteDialog(admin, name);
  const counts = dialog.getByTestId('class-impact');
  await expectVisible(counts.getByText('1 material', { exact: true }));
  expect(await counts.getByRole('listitem').allTextContents()).toEqual([
    '1 material',
    '1 exercise',
    '1 answer sheet',
    '1 grade',
    '1 discussion',
  ]);
  await expectVisible(counts.getByText('1 student leaves this class (the account stays).'));
  const confirm = dialog.getByRole('button', { name: 'Delete for good' });
  const typed = dialog.getByRole('textbox', { name: `Type the class name to delete it: ${name}` });
  await typed.fill(name.slice(0, -1));
  expect(await confirm.isDisabled()).toBe(true);
  await typed.fill(name);
  await eventually(
    () => confirm.isDisabled(),
    (disabled) => !disabled,
  );
  const violations = await axeViolations(admin);
  expect(formatViolations('delete class dialog', violations)).toBe(formatViolations('delete class dialog', []));

  // Archive instead: gone from the admin's list, the student's and the teacher's.
  await dialog.getByRole('button', { name: 'Archive instead' }).click();
  await expectVisible(admin.getByText(`${name} is archived. Find it under Archived classes.`));
  expect(await admin.getByRole('heading', { name, exact: true }).count()).toBe(0);
  await phone.reload();
  await expectVisible(phone.getByRole('heading', { name: 'My Classes' }).or(phone.getByText('Loading...')).first());
  await eventually(
    () => phone.getByText(name, { exact: true }).count(),
    (n) => n === 0,
  );
  await teacherPage.reload();
  await expectVisible(teacherPage.getByRole('heading').first());
  await eventually(
    () => teacherPage.getByRole('tab', { name }).count(),
    (n) => n === 0,
  );
  // The student still reaches the class's results (read-only), from My Tasks.
  await phone.goto('/MyClassesTask');
  const past = phone.getByRole('region', { name: 'Archived classes' });
  await past.getByRole('link', { name }).click();
  await phone.waitForURL((url) => url.pathname === `/MyDetailClassesTask/${cls.id}`);
  await expectVisible(phone.getByText(`Sel ${tag}`));
  await expectVisible(phone.getByText('Grade: 100'));
  await expectNoSidewaysScroll(phone);

  // Next year's class takes the name through the Add Class dialog.
  await admin.getByRole('button', { name: 'Add Class' }).click();
  const form = admin.getByRole('dialog');
  await form.getByLabel('Class Name').fill(name);
  await form.getByLabel('Description').fill('Tahun ini');
  await form.getByRole('combobox', { name: 'Teacher' }).click();
  await admin.getByRole('option', { name: new RegExp(`^${escapeRe(teacher.display_name)}`) }).click();
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await form.waitFor({ state: 'hidden' });
  await expectVisible(admin.getByRole('heading', { name, exact: true }));

  // The archived list: a restore is refused while the name is taken, and says why.
  await admin.getByRole('button', { name: 'Archived classes' }).click();
  await expectVisible(admin.getByRole('heading', { name: 'Archived 10th grade classes' }));
  await admin.getByRole('button', { name: `Restore ${name}` }).click();
  await expectVisible(
    admin.getByText(`Cannot restore: a class named "${name}" already exists in grade 10. Rename that class first.`, {
      exact: false,
    }),
  );
  const archived = await app.api.get<{ classes: ClassItem[] }>('/classes?grade=10&archived=1&pageSize=100', 'admin');
  expect(archived.classes.map((c) => c.id)).toContain(cls.id);
  const violationsArchived = await axeViolations(admin);
  expect(formatViolations('archived classes', violationsArchived)).toBe(formatViolations('archived classes', []));
});
