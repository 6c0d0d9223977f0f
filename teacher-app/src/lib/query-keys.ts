import type { WorkRef } from './work';

// The query keys of the teacher remote, in one place: a write in one feature invalidates what other features show
// (a new exam empties the dashboard's review list, a scored essay changes the analysis), and each feature imports the
// keys from here instead of from the other feature. The query functions stay in each feature's api.ts.

/** The teacher's own classes (every screen that names or picks a class reads them). */
export const classKeys = {
  all: ['teacher-classes'] as const,
  mine: () => [...classKeys.all, 'mine'] as const,
  ofGrade: (grade: number) => [...classKeys.all, 'grade', grade] as const,
  byId: (classId: number) => [...classKeys.all, 'id', classId] as const,
};

/** Materials (the specification's subjects): a class's pages of them, and one material. */
export const materialKeys = {
  all: ['materials'] as const,
  classPages: () => [...materialKeys.all, 'class'] as const,
  ofClass: (classId: number, page: number) => [...materialKeys.classPages(), classId, page] as const,
  detail: (materialId: number) => [...materialKeys.all, 'detail', materialId] as const,
};

/** Students' questions on materials: one material's pages, and the class stream's newest. */
export const discussionKeys = {
  all: ['discussions'] as const,
  ofMaterial: (materialId: number, page: number) => [...discussionKeys.all, 'material', materialId, page] as const,
  recent: (materialIds: number[]) => [...discussionKeys.all, 'recent', materialIds] as const,
  unanswered: (classId: number) => [...discussionKeys.all, 'unanswered', classId] as const,
};

/** One class's stream: its overview (name, materials, exam), its materials to pick for a task, its roster. */
export const classStreamKeys = {
  all: ['class-stream'] as const,
  overview: (classId: number) => [...classStreamKeys.all, 'overview', classId] as const,
  materials: (classId: number) => [...classStreamKeys.all, 'materials', classId] as const,
  students: (classId: number, page: number, search: string) =>
    [...classStreamKeys.all, 'students', classId, page, search] as const,
  exams: (classId: number) => [...classStreamKeys.all, 'exams', classId] as const,
};

export type AssessmentKind = 'exercise' | 'exam';

/** A material's exercise and a class's exam (at most one each), and what their screens show beside them. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  exercise: (materialId: number) => [...assessmentKeys.all, 'exercise', materialId] as const,
  exam: (classId: number) => [...assessmentKeys.all, 'exam', classId] as const,
  examById: (examId: number) => [...assessmentKeys.all, 'exam-by-id', examId] as const,
  examClassName: (examId: number) => [...assessmentKeys.all, 'exam-class-name', examId] as const,
  materialTitle: (materialId: number) => [...assessmentKeys.all, 'material-title', materialId] as const,
  className: (classId: number) => [...assessmentKeys.all, 'class-name', classId] as const,
  gradedCount: (kind: AssessmentKind, id: number) => [...assessmentKeys.all, 'graded-count', kind, id] as const,
};

/** An exercise's or exam's grades: every student's row, and one student's sheet. */
export const gradesKeys = {
  all: ['grades'] as const,
  ofWork: (work: WorkRef) => [...gradesKeys.all, work.kind, work.id] as const,
  submissions: (work: WorkRef) => [...gradesKeys.ofWork(work), 'submissions'] as const,
  sheet: (work: WorkRef, studentId: number) => [...gradesKeys.ofWork(work), 'sheet', studentId] as const,
};

/** A class's gradebook (its columns, rows and weights). */
export const gradebookKeys = {
  all: ['gradebook'] as const,
  ofClass: (classId: number) => [...gradebookKeys.all, classId] as const,
};

/** The dashboard's figures built from the teacher's data. */
export const dashboardKeys = {
  all: ['teacher-stats'] as const,
};

/** The dashboard's "To review" lists, one per class. */
export const reviewKeys = {
  all: ['to-review'] as const,
  ofClass: (classId: number) => [...reviewKeys.all, classId] as const,
};
