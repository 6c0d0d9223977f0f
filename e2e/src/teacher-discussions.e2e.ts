import { eventually, expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { axeViolations, formatViolations } from './harness/a11y';
import { findDemoClass } from './harness/exams';

// Teachers in the school-wide group discussions: a student asks, a teacher answers from the teacher remote's Group
// Discussions (menu entry), and the student sees the answer, marked as a teacher's, on a 360 px phone.
const app = setupApp();

interface Reply {
  reply: string;
  name: string;
  role?: string;
  teacher_id?: number;
}
interface Discussion {
  id: number;
  topic: string;
  replies: Reply[] | null;
}

const tag = `${Date.now() % 1_000_000}`;
const TOPIC = `Rumus bandul ${tag}`;
const ANSWER = `Periodenya 2π√(l/g), lihat bab getaran ${tag}.`;

it("a teacher's answer in the group discussions is seen by a student", async () => {
  const asked = await app.api.post<Discussion>('/discussions', 'student', {
    topic: TOPIC,
    description: 'Bagaimana menghitung periode bandul?',
  });

  const teacher = await app.newPage();
  await openAs(app, teacher, 'teacher');
  await teacher.getByRole('link', { name: 'Group Discussions', exact: true }).click();
  await teacher.waitForURL((url) => url.pathname === '/GroupDiscussions');
  await expectVisible(teacher.getByRole('heading', { level: 1, name: 'Group Discussions' }));
  const card = teacher.getByRole('article', { name: TOPIC });
  await expectVisible(card);
  await card.getByRole('textbox', { name: `Write an Answer to ${TOPIC}` }).fill(ANSWER);
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expectVisible(card.getByRole('list', { name: `Replies to ${TOPIC}` }).getByText(ANSWER));
  const violations = await axeViolations(teacher);
  expect(formatViolations('teacher group discussions', violations)).toBe(
    formatViolations('teacher group discussions', []),
  );
  expect(pageLog(teacher).errors).toEqual([]);

  const teacherId = (await app.api.user('teacher')).teacher_id;
  const stored = await eventually(
    async () =>
      (await app.api.get<{ discussions: Discussion[] }>('/discussions?pageSize=50', 'student')).discussions.find(
        (d) => d.id === asked.id,
      ),
    (d) => (d?.replies?.length ?? 0) > 0,
  );
  expect(stored?.replies).toEqual([expect.objectContaining({ reply: ANSWER, role: 'teacher', teacher_id: teacherId })]);

  const student = await app.newPage({ phone: true });
  await openAs(app, student, 'student', '/GroupDiscussions');
  const question = student.getByRole('article', { name: TOPIC });
  await expectVisible(question);
  await question.getByRole('button', { name: 'Show Replies (1)' }).click();
  const reply = question.getByRole('listitem').filter({ hasText: ANSWER });
  await expectVisible(reply);
  await expectVisible(reply.getByText('Teacher', { exact: true }));
  await expectNoSidewaysScroll(student);
  expect(pageLog(student).errors).toEqual([]);
});

it('the screen and its menu entry are in Bahasa Indonesia too', async () => {
  const page = await app.newPage();
  await page.context().addInitScript(() => localStorage.setItem('kelasku:language', 'id'));
  await openAs(app, page, 'teacher');
  await page.getByRole('link', { name: 'Diskusi Kelompok', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/GroupDiscussions');
  await expectVisible(page.getByRole('heading', { level: 1, name: 'Diskusi Kelompok' }));
  await expectVisible(page.getByText('Pertanyaan siswa untuk seluruh sekolah.', { exact: false }));
});

it('the materials list shows how many student questions on a subject no teacher has answered yet', async () => {
  const demo = await findDemoClass(app);
  const { classes } = await app.api.get<{ classes: { id: number; grade: number }[] }>('/classes/mine', 'teacher');
  const grade = classes.find((c) => c.id === demo.cls.id)!.grade;
  const material = await app.api.post<{ id: number; title: string }>('/materials', 'teacher', {
    title: `Getaran ${tag}`,
    description: 'd',
    content: '<p>x</p>',
    class_id: demo.cls.id,
  });
  const first = await app.api.post<Discussion>('/discussions-material', 'student', {
    topic: `Satu ${tag}`,
    description: 'd',
    material_id: material.id,
  });
  await app.api.post<Discussion>('/discussions-material', 'student', {
    topic: `Dua ${tag}`,
    description: 'd',
    material_id: material.id,
  });
  await app.api.patch(`/discussions-material/reply?id=${first.id}`, 'teacher', { replies: 'Sudah dijawab.' });

  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/ManageSubjects${grade}?class=${demo.cls.id}`);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: material.title, exact: true }) });
  await expectVisible(card.getByText("1 question without a teacher's answer", { exact: true }));
  await expectVisible(
    page.getByRole('status').filter({ hasText: /student questions? in this class ha(s|ve) no teacher's answer yet/ }),
  );
});

it('the dashboard says how many discussion topics wait for the teacher, and leads to the class where they are', async () => {
  const demo = await findDemoClass(app);
  const { classes } = await app.api.get<{ classes: { id: number; grade: number }[] }>('/classes/mine', 'teacher');
  const grade = classes.find((c) => c.id === demo.cls.id)!.grade;
  const material = await app.api.post<{ id: number; title: string }>('/materials', 'teacher', {
    title: `Gelombang ${tag}`,
    description: 'd',
    content: '<p>x</p>',
    class_id: demo.cls.id,
  });
  await app.api.post<Discussion>('/discussions-material', 'student', {
    topic: `Tiga ${tag}`,
    description: 'd',
    material_id: material.id,
  });
  const mine = await app.api.get<{ classes: { class_id: number; unanswered: number }[]; total: number }>(
    '/discussions-material/unanswered/mine',
    'teacher',
  );
  const inDemo = mine.classes.find((c) => c.class_id === demo.cls.id)!.unanswered;
  expect(inDemo).toBeGreaterThanOrEqual(1);

  const page = await app.newPage();
  await openAs(app, page, 'teacher', '/DashboardTeacher');
  const panel = page.getByRole('region', { name: 'Discussions' });
  const topics = (n: number) => (n === 1 ? 'topic waits' : 'topics wait');
  await expectVisible(
    panel.getByText(`${mine.total} discussion ${topics(mine.total)} for your answer`, { exact: true }),
  );
  const violations = await axeViolations(page);
  expect(formatViolations('teacher dashboard with discussions', violations)).toBe(
    formatViolations('teacher dashboard with discussions', []),
  );
  await panel.getByRole('link', { name: `${demo.cls.name}: ${inDemo} ${inDemo === 1 ? 'topic' : 'topics'}` }).click();
  await page.waitForURL(
    (url) => url.pathname === `/ManageSubjects${grade}` && url.searchParams.get('class') === String(demo.cls.id),
  );
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: material.title, exact: true }) });
  await expectVisible(card.getByText("1 question without a teacher's answer", { exact: true }));
  expect(pageLog(page).errors).toEqual([]);
});
