import type { E2EApp } from './app';
import { openWindowNow, wibIso } from './wib';

export interface OpenExam {
  classId: number;
  examId: number;
  studentId: number;
}

/** The demo teacher's class that holds the demo student: the browser tests arrange their content in it. */
export interface DemoClass {
  cls: { id: number; name: string; teacher_id: number };
  studentId: number;
  teacherId: number;
}

export async function findDemoClass(app: E2EApp): Promise<DemoClass> {
  const student = await app.api.user('student');
  const teacher = await app.api.user('teacher');
  const studentId = student.student_id!;
  const { classes } = await app.api.get<{ classes: DemoClass['cls'][] }>(
    `/classes/assigned?id=${studentId}&pageSize=100`,
    'student',
  );
  const cls = classes.find((c) => c.teacher_id === teacher.teacher_id);
  if (!cls) throw new Error(`The demo student is in no class of the demo teacher: ${JSON.stringify(classes)}`);
  return { cls, studentId, teacherId: teacher.teacher_id! };
}

/**
 * Replaces the class's exam (one exam per class) with `exam`, open from now for the length of openWindowNow();
 * returns the new exam's id.
 */
export async function replaceExam(
  app: E2EApp,
  demo: DemoClass,
  exam: { title: string; content: Record<string, string> },
): Promise<number> {
  for (const old of (await app.api.get<{ id: number }[] | null>(`/exams?class_id=${demo.cls.id}`, 'teacher')) ?? []) {
    await app.api.delete(`/exams?id=${old.id}`, 'teacher');
  }
  const window = openWindowNow();
  const created = await app.api.post<{ id: number }>('/exams', 'teacher', {
    title: exam.title,
    total_marks: 100,
    class_id: demo.cls.id,
    teacher_id: demo.teacherId,
    start_time: wibIso(window.date, window.start),
    end_time: wibIso(window.date, window.end),
    content: exam.content,
  });
  return created.id;
}

/** replaceExam in the demo class. */
export async function replaceDemoExam(
  app: E2EApp,
  exam: { title: string; content: Record<string, string> },
): Promise<OpenExam> {
  const demo = await findDemoClass(app);
  return { classId: demo.cls.id, examId: await replaceExam(app, demo, exam), studentId: demo.studentId };
}
