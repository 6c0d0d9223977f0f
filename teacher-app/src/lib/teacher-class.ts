import i18next from 'i18next';

/** What the teacher screens need to know about one of the teacher's classes. */
export interface TeacherClass {
  id: number;
  name: string;
  grade: number;
  student_count?: number;
}

/** The query parameter that remembers which of the teacher's classes a screen shows (`?class=<id>`). */
export const CLASS_PARAM = 'class';

// Read when the label is shown (not at module load), so it follows the active language.
export const classLabel = (c: TeacherClass) => c.name || i18next.t('teacher:lib.classLabel', { id: c.id });

export function gradeLabel(grade: number): string {
  return i18next.t('teacher:lib.gradeLabel', { grade });
}
