import type { E2EApp } from './app';
import { openWindowNow, wibIso } from './wib';

export interface OpenExam {
  classId: number;
  examId: number;
  studentId: number;
}

/**
 * Replaces the exam of the demo teacher's class that holds the demo student (one exam per class) with `exam`,
 * open from now for the length of openWindowNow().
 */
export async function replaceDemoExam(app: E2EApp, exam: { title: string; content: Record<string, string> }): Promise<OpenExam> {
  const student = await app.api.user('student');
  const teacher = await app.api.user('teacher');
  const studentId = student.student_id!;
  const { classes } = await app.api.get<{ classes: { id: number; teacher_id: number }[] }>(`/classes/assigned?id=${studentId}&pageSize=100`, 'student');
  const cls = classes.find((c) => c.teacher_id === teacher.teacher_id);
  if (!cls) throw new Error('The demo student is in no class of the demo teacher');
  for (const old of (await app.api.get<{ id: number }[] | null>(`/exams?class_id=${cls.id}`, 'teacher')) ?? []) {
    await app.api.delete(`/exams?id=${old.id}`, 'teacher');
  }
  const window = openWindowNow();
  const created = await app.api.post<{ id: number }>('/exams', 'teacher', {
    title: exam.title, total_marks: 100, class_id: cls.id, teacher_id: teacher.teacher_id,
    start_time: wibIso(window.date, window.start), end_time: wibIso(window.date, window.end), content: exam.content,
  });
  return { classId: cls.id, examId: created.id, studentId };
}
