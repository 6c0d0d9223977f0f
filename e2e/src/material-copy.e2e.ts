import { eventually, expectVisible, openAs, setupApp } from './harness/app';
import { axeViolations } from './harness/a11y';
import { findDemoClass, replaceExam, type DemoClass } from './harness/exams';

// Parallel classes: the teacher copies a subject with its exercise to another class of the grade in one action, and a
// student of that class reads the copy; the teacher fills a new exam with another class's exam questions.
const app = setupApp();

const tag = `${Date.now() % 1_000_000}`;
let demo: DemoClass;
let material: { id: number };
let parallel: { id: number; name: string };

beforeAll(async () => {
  demo = await findDemoClass(app);
  // Another grade-10 class of the demo teacher (grade-10 students, the demo student among them, join it).
  const name = `X IPA ${tag}`;
  parallel = {
    ...(await app.api.post<{ id: number }>('/classes', 'admin', {
      name,
      description: 'paralel',
      teacher_id: demo.teacherId,
      grade: 10,
    })),
    name,
  };
  material = await app.api.post<{ id: number }>('/materials', 'teacher', {
    title: `Gerak Harmonik ${tag}`,
    description: 'Bandul sederhana',
    content: '<p>Periode bandul bergantung pada panjang tali.</p>',
    class_id: demo.cls.id,
  });
  await app.api.post('/exercises', 'teacher', {
    title: `Latihan Bandul ${tag}`,
    total_marks: 100,
    material_id: material.id,
    content: {
      '1': 'Periode bandul bergantung pada?',
      '1_a': 'Panjang tali',
      '1_b': 'Massa',
      '1_c': 'Warna',
      '1_d': 'Bentuk',
      '1_answer': 'a',
    },
  });
  await replaceExam(app, demo, {
    title: `Ujian Fisika ${tag}`,
    content: {
      '1': `Satuan periode adalah? ${tag}`,
      '1_a': 'sekon',
      '1_b': 'meter',
      '1_c': 'kg',
      '1_d': 'N',
      '1_answer': 'a',
    },
  });
}, 60_000);

it("the teacher copies a subject with its exercise to another class; that class's student reads the copy and its exercise", async () => {
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/DetailSubjects?id=${material.id}`);
  await page.getByRole('button', { name: 'Copy to other classes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy to other classes' });
  await expectVisible(dialog);
  const choice = dialog.getByRole('checkbox', { name: parallel.name });
  await expectVisible(choice);
  // Only classes of the subject's grade are offered, never its own.
  await expectVisible(dialog.getByRole('group', { name: 'Classes of grade 10' }));
  expect(await dialog.getByRole('checkbox', { name: demo.cls.name, exact: true }).count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await choice.check();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expectVisible(
    page.getByRole('status').getByText('Copied to 1 other class. Each copy can now be edited on its own.'),
  );

  const copies = await eventually(
    () =>
      app.api.get<{ materials: { id: number; title: string; exercise_id: number | null }[] }>(
        `/materials/from-class?id=${parallel.id}`,
        'teacher',
      ),
    (r) => r.materials.length === 1,
  );
  const copy = copies.materials[0];
  expect(copy).toMatchObject({ title: `Gerak Harmonik ${tag}`, exercise_id: expect.any(Number) });

  // Independent: the original edited afterwards leaves the copy as it was.
  await app.api.patch(`/materials?id=${material.id}`, 'teacher', {
    title: `Diubah ${tag}`,
    description: 'x',
    content: '<p>baru</p>',
  });

  const phone = await app.newPage({ phone: true });
  await openAs(app, phone, 'student', `/MyDetailClasses/${parallel.id}`);
  await expectVisible(phone.getByText(`Gerak Harmonik ${tag}`).first());
  const exercise = await app.api.get<{ title: string }[]>(`/exercises?material_id=${copy.id}`, 'student');
  expect(exercise.map((e) => e.title)).toEqual([`Latihan Bandul ${tag}`]);
});

it('the teacher fills a new exam of another class with the questions of an existing exam, then saves it', async () => {
  const page = await app.newPage();
  await openAs(app, page, 'teacher', `/CreateExam?class_id=${parallel.id}`);
  await page.getByRole('button', { name: "Take questions from another class's exam" }).click();
  const dialog = page.getByRole('dialog', { name: 'Take questions from another exam' });
  await dialog.getByRole('radio', { name: new RegExp(`Ujian Fisika ${tag} \\(1 question\\)`) }).check();
  await dialog.getByRole('button', { name: 'Use these questions' }).click();
  const values = () =>
    page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
  await eventually(values, (v) => v.includes(`Satuan periode adalah? ${tag}`));
  expect(await page.getByLabel('Exam title').inputValue()).toBe(`Ujian Fisika ${tag}`);
});
