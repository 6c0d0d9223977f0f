import type { Locator, Page } from 'playwright-core';
import { eventually, expectVisible, openAs, pageLog, setupApp } from './harness/app';

// One teacher with two grade-10 classes reaches both (a class picker kept in the URL), and
// the teacher answers a student's question on a material, the answer marked as the teacher's in the student's view.
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
interface Reply {
  reply: string;
  name: string;
  role?: string;
}
interface Discussion {
  id: number;
  topic: string;
  replies: Reply[] | null;
}

const tag = `${Date.now() % 1_000_000}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const dialog = (page: Page): Locator => page.getByRole('dialog');

it('the admin gives the demo teacher a second grade-10 class; the teacher picks it and sees its subjects and stream', async () => {
  const teacher = await app.api.user('teacher');
  const before = (await app.api.get<{ classes: ClassItem[] }>('/classes/mine', 'teacher')).classes.filter(
    (c) => c.grade === 10,
  );
  expect(before).toHaveLength(1);
  const first = before[0];
  const firstSubject = await app.api.post<Item>('/materials', 'teacher', {
    title: `Sel Hewan ${tag}`,
    description: 'Bab 1',
    content: '<p>Sel</p>',
    class_id: first.id,
  });

  // The admin adds the class through the admin screens.
  const name = `X IPA Dua ${tag}`;
  const admin = await app.newPage();
  await openAs(app, admin, 'admin', '/ManageClass10');
  await admin.getByRole('button', { name: 'Add Class' }).click();
  await dialog(admin).getByLabel('Class Name').fill(name);
  await dialog(admin).getByLabel('Description').fill('Kelas kedua');
  await dialog(admin).getByRole('combobox', { name: 'Teacher' }).click();
  await admin.getByRole('option', { name: new RegExp(`^${escapeRe(teacher.display_name)}`) }).click();
  await dialog(admin).getByRole('button', { name: 'Add', exact: true }).click();
  await dialog(admin).waitFor({ state: 'hidden' });
  const second = (await app.api.get<{ classes: ClassItem[] }>('/classes/mine', 'teacher')).classes.find(
    (c) => c.name === name,
  )!;
  expect(second).toMatchObject({ grade: 10, teacher_id: teacher.teacher_id });
  await app.api.post<Item>('/materials', 'teacher', {
    title: `Ekosistem ${tag}`,
    description: 'Bab 2',
    content: '<p>Eko</p>',
    class_id: second.id,
  });

  // The teacher: the grade's page opens on the first class, with a tab per class.
  const page = await app.newPage();
  await openAs(app, page, 'teacher', '/ManageSubjects10');
  const tabs = page.getByRole('tablist', { name: 'Your classes in this grade' });
  await expectVisible(tabs.getByRole('tab', { name: first.name }));
  await expectVisible(page.getByRole('heading', { name: `Sel Hewan ${tag}` }));
  expect(await page.getByRole('heading', { name: `Ekosistem ${tag}` }).count()).toBe(0);

  await tabs.getByRole('tab', { name }).click();
  await expectVisible(page.getByRole('heading', { name: `Ekosistem ${tag}` }));
  expect(await page.getByRole('heading', { name: `Sel Hewan ${tag}` }).count()).toBe(0);
  expect(new URL(page.url()).searchParams.get('class')).toBe(String(second.id));
  await expectVisible(page.getByText(`Class ${name}`, { exact: true }));

  // A reload keeps the class; its stream is that class's.
  await page.reload();
  await expectVisible(page.getByRole('heading', { name: `Ekosistem ${tag}` }));
  await page.getByRole('link', { name: 'Class Stream' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/ManageTaskExam' && url.searchParams.get('class_id') === String(second.id),
  );
  await expectVisible(page.getByRole('heading', { name: `Class ${name}` }));
  await expectVisible(page.getByText(`Ekosistem ${tag}`, { exact: true }).first());
  expect(await page.getByText(`Sel Hewan ${tag}`, { exact: true }).count()).toBe(0);

  // Create Subject from the second class's page lands in the second class.
  await page.goto(`/ManageSubjects10?class=${second.id}`);
  await page.getByRole('link', { name: 'Create Subject' }).click();
  await page.waitForURL((url) => url.pathname === '/CreateSubjects10');
  await expectVisible(page.getByRole('combobox', { name: 'Class' }).filter({ hasText: name }));
  expect(firstSubject.id).toBeGreaterThan(0);
  expect(pageLog(page).errors).toEqual([]);
});

it("the teacher answers a student's question on the subject page; the student sees the answer marked as the teacher's", async () => {
  const teacher = await app.api.user('teacher');
  const first = (await app.api.get<{ classes: ClassItem[] }>('/classes/mine', 'teacher')).classes.find(
    (c) => c.grade === 10,
  )!;
  const material = await app.api.post<Item>('/materials', 'teacher', {
    title: `Fotosintesis ${tag}`,
    description: 'Bab 3',
    content: '<p>Daun</p>',
    class_id: first.id,
  });
  const topic = `Butuh cahaya? ${tag}`;
  await app.api.post<Discussion>('/discussions-material', 'student', {
    topic,
    description: 'Apakah fotosintesis butuh <cahaya>?',
    replies: null,
    material_id: material.id,
  });

  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/DetailSubjects?id=${material.id}`);
  const question = page.getByRole('article', { name: topic });
  await expectVisible(question.getByText('Apakah fotosintesis butuh <cahaya>?'));
  const answer = 'Ya, cahaya matahari <wajib>.';
  await question.getByRole('textbox', { name: `Write an Answer to ${topic}` }).fill(answer);
  await question.getByRole('button', { name: 'Send answer' }).click();
  await expectVisible(question.getByRole('listitem').filter({ hasText: answer }).getByText('Teacher', { exact: true }));
  const stored = await eventually(
    async () =>
      (await app.api.get<{ discussions: Discussion[] }>(`/discussions-material?id=${material.id}`, 'student'))
        .discussions,
    (list) => (list.find((d) => d.topic === topic)?.replies?.length ?? 0) > 0,
  );
  expect(stored.find((d) => d.topic === topic)?.replies).toEqual([
    expect.objectContaining({ reply: answer, name: teacher.display_name, role: 'teacher' }),
  ]);
  expect(pageLog(page).errors).toEqual([]);

  // The student, on a phone: the answer under the question, with the teacher's name and role.
  const phone = await app.newPage({ phone: true });
  await openAs(app, phone, 'student', `/MyDetailSubject/${material.id}?class_id=${first.id}`);
  const card = phone.getByRole('article', { name: topic });
  await card.getByRole('button', { name: 'Show Replies (1)' }).click();
  const reply = card.getByRole('list', { name: `Replies to ${topic}` }).getByRole('listitem');
  await expectVisible(reply.getByText(answer, { exact: true }));
  await expectVisible(reply.getByText(teacher.display_name));
  await expectVisible(reply.getByText('Teacher', { exact: true }));
  expect(pageLog(phone).errors).toEqual([]);

  // The teacher removes the question from the class stream.
  await page.goto(`/ManageTaskExam?class_id=${first.id}`);
  const inStream = page.getByRole('article', { name: topic });
  await expectVisible(inStream.getByText(answer, { exact: true }));
  await inStream.getByRole('button', { name: 'Remove question' }).click();
  await dialog(page).getByRole('button', { name: 'Remove' }).click();
  await expect(
    eventually(
      async () =>
        (await app.api.get<{ discussions: Discussion[] }>(`/discussions-material?id=${material.id}`, 'teacher'))
          .discussions,
      (list) => list.length === 0,
    ),
  ).resolves.toEqual([]);
  await inStream.waitFor({ state: 'detached' });
});
