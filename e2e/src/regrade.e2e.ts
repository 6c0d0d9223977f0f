import type { Page } from 'playwright-core';
import { eventually, expectNoSidewaysScroll, expectVisible, openAs, pageLog, setupApp } from './harness/app';
import { findDemoClass } from './harness/exams';

// A teacher fixes a wrong answer key after a student submitted; the edit form warns that
// the submission will be re-graded, saving re-grades it (the teacher's essay score kept), and both the teacher's
// review and the student's answer sheet (on a phone) show the new result, with a note saying why the grade moved.
const app = setupApp();

interface Item {
  id: number;
}
interface Grade {
  score: number;
  detail: Record<string, { kind: string; correct?: boolean; score?: number | null }>;
}

const tag = `${Date.now() % 1_000_000}`;
let material: Item;
let exercise: Item;
let studentId: number;

beforeAll(async () => {
  const demo = await findDemoClass(app);
  const { cls, teacherId } = demo;
  studentId = demo.studentId;
  material = await app.api.post<Item>('/materials', 'teacher', {
    title: `Sistem Tata Surya ${tag}`,
    description: 'Planet',
    content: '<p>Planet</p>',
    class_id: cls.id,
    teacher_id: teacherId,
  });
  // Question 1's key is wrong: the largest planet is Jupiter (A), the key says B.
  exercise = await app.api.post<Item>('/exercises', 'teacher', {
    title: `Latihan ${tag}`,
    total_marks: 100,
    material_id: material.id,
    teacher_id: teacherId,
    content: {
      '1': 'Planet terbesar?',
      '1_a': 'Jupiter',
      '1_b': 'Saturnus',
      '1_c': 'Mars',
      '1_d': 'Bumi',
      '1_answer': 'b',
      '2': 'Planet terdekat dengan Matahari?',
      '2_a': 'Venus',
      '2_b': 'Merkurius',
      '2_c': 'Bumi',
      '2_d': 'Mars',
      '2_answer': 'b',
      '3_essay': 'Mengapa Bumi punya musim?',
      '4_essay': 'Sebutkan satu planet kerdil.',
    },
  });
  await app.api.post('/exercises-answers', 'student', {
    exercise_id: exercise.id,
    student_id: studentId,
    answers: { 1: 'a', 2: 'b', 3: 'Karena sumbu Bumi miring.', 4: '' },
  });
  await app.api.post('/exercises/calculate-grade', 'student', { exercise_id: exercise.id, student_id: studentId });
  // The teacher already scored the essay by hand: that score must survive the re-grading.
  await app.api.patch('/exercises/essay-score', 'teacher', {
    exercise_id: exercise.id,
    student_id: studentId,
    number: 3,
    score: 15,
    comment: 'Sebut juga kemiringannya: 23,5 derajat.',
  });
}, 60_000);

const questionSection = (page: Page, n: number) => page.getByRole('region', { name: `Question ${n}`, exact: true });

it("the teacher fixes the key: warned, saved, the review and the student's grade follow", async () => {
  const teacher = await app.newPage();
  await openAs(app, teacher, 'teacher', `/Review?exercise_id=${exercise.id}&student_id=${studentId}`);
  await expectVisible(teacher.getByText('Total score: 40 / 100'));
  await expectVisible(questionSection(teacher, 1).getByText('Incorrect', { exact: true }));

  await teacher.goto(`/EditExercise?material_id=${material.id}`);
  await expectVisible(teacher.getByText(/^1 submission will be re-graded when you save/));
  await teacher
    .getByRole('radiogroup', { name: 'Question 1 correct answer' })
    .getByRole('radio', { name: 'A', exact: true })
    .check();
  await teacher.getByRole('button', { name: 'Save Exercise' }).click();
  await teacher.waitForURL((url) => url.pathname === '/PreviewExercise');
  expect(pageLog(teacher).dialogs).toContain('Successfully updated exercise');

  const grade = await eventually(
    async () =>
      (
        await app.api.get<Grade[]>(`/exercises/get-grade?exercise_id=${exercise.id}&student_id=${studentId}`, 'teacher')
      )[0],
    (g) => g.score !== 40,
  );
  expect(grade.score).toBe(65);
  expect(grade.detail['3']).toMatchObject({ score: 15 });

  await teacher.goto(`/Review?exercise_id=${exercise.id}&student_id=${studentId}`);
  await expectVisible(teacher.getByText('Total score: 65 / 100'));
  const q1 = questionSection(teacher, 1);
  await expectVisible(q1.getByText('Correct', { exact: true }));
  await expectVisible(q1.getByText("Student's answer: A (Jupiter)"));
  await expectVisible(q1.getByText('Correct answer: A (Jupiter)'));
  expect(await q1.getByText('Incorrect', { exact: true }).count()).toBe(0);
  expect(pageLog(teacher).errors).toEqual([]);

  // The student, on a phone: the new grade and, per question, the answer with right/wrong and the essay score.
  const student = await app.newPage({ phone: true });
  await openAs(app, student, 'student', `/MyTask?material_id=${material.id}`);
  await expectVisible(student.getByText('Grade: 65'));
  // … told why it moved
  await expectVisible(
    student.getByText('Your grade was changed from 40 to 65: your teacher corrected the answer key.'),
  );
  await expectVisible(questionSection(student, 1).getByText('Correct', { exact: true }));
  await expectVisible(questionSection(student, 1).getByText('A. Jupiter'));
  await expectVisible(questionSection(student, 2).getByText('Correct', { exact: true }));
  await expectVisible(questionSection(student, 3).getByText('Karena sumbu Bumi miring.'));
  await expectVisible(questionSection(student, 3).getByText('Score: 15 / 25 (given by your teacher)'));
  await expectVisible(questionSection(student, 3).getByText('Sebut juga kemiringannya: 23,5 derajat.'));
  await expectVisible(questionSection(student, 4).getByText('no answer'));
  await expectNoSidewaysScroll(student);
  expect(pageLog(student).errors).toEqual([]);
});
