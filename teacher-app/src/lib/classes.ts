import { classesApi, getUserData, type ClassItem } from '@kelasku/shared-api';
import type { TeacherClass } from './teacher-class';

function toTeacherClass(c: ClassItem): TeacherClass {
  return { id: c.id, name: c.name, grade: c.grade, student_count: c.student_count };
}

/** The teacher's classes (all grades), ordered by id. */
export async function myClasses(): Promise<TeacherClass[]> {
  const { classes } = await classesApi.mine();
  return [...classes].sort((a, b) => a.id - b.id).map(toTeacherClass);
}

/**
 * The teacher's first class of a grade: through class-id with the stored teacher_id (the spec's call), else through
 * /classes/mine. Null when the teacher has no class of that grade (warned on the console, as the spec says).
 */
export async function findTeacherClass(grade: number, mine?: Promise<TeacherClass[]>): Promise<TeacherClass | null> {
  const teacherId = getUserData()?.teacher_id;
  const listed = () => mine ?? myClasses();
  let found: TeacherClass | null;
  if (typeof teacherId === 'number') {
    const { class_id } = await classesApi.classId(grade, teacherId);
    if (class_id == null) {
      found = null;
    } else {
      // The class name is only a nicety: a failing /classes/mine must not hide the class.
      const classes = await listed().catch(() => [] as TeacherClass[]);
      found = classes.find((c) => c.id === class_id) ?? { id: class_id, name: '', grade };
    }
  } else {
    found = (await listed()).find((c) => c.grade === grade) ?? null;
  }
  if (!found) console.warn('Class ID not found');
  return found;
}

/**
 * Every class the teacher teaches in a grade (the admin may give one teacher several), the spec's class first when
 * /classes/mine does not list it; [] when none.
 */
export async function gradeClasses(grade: number): Promise<TeacherClass[]> {
  const mine = myClasses();
  mine.catch(() => undefined); // a failure is handled where it is awaited (or not needed at all)
  const first = await findTeacherClass(grade, mine);
  if (!first) return [];
  const same = (await mine.catch(() => [] as TeacherClass[])).filter((c) => c.grade === grade);
  return same.some((c) => c.id === first.id) ? same : [first, ...same];
}

/** One of the teacher's classes by id (for the name on class screens); a bare record when it is not listed. */
export async function findClassById(classId: number): Promise<TeacherClass> {
  const mine = await myClasses().catch(() => [] as TeacherClass[]);
  return mine.find((c) => c.id === classId) ?? { id: classId, name: '', grade: 0 };
}
