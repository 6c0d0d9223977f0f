import type { QueryClient } from '@tanstack/react-query';

// The query keys every feature's reads are cached under, and what each kind of write makes out of date. They live
// here, not in a feature, because a write of one feature changes what another shows: a student added shows in class
// rosters and counts, a teacher renamed on the class cards, any class write in the dashboard's statistics.

/** Every class read starts with 'classes', so one invalidation reaches them all. */
export const classKeys = {
  all: ['classes'] as const,
  ofGrade: (grade: number, page: number) => ['classes', 'grade', grade, page] as const,
  roster: (classId: number) => ['classes', 'roster', classId] as const,
  ofTeacher: (teacherId: number) => ['classes', 'teacher', teacherId] as const,
  namesOfGrade: (grade: number) => ['classes', 'names', grade] as const,
  choicesOfGrade: (grade: number) => ['classes', 'choices', grade] as const,
  impact: (classId: number) => ['classes', 'impact', classId] as const,
  archived: (grade: number, page: number) => ['classes', 'archived', grade, page] as const,
};

/** Every student read starts with 'students' (the accounts pages add their own 'page' keys below it). */
export const studentKeys = {
  all: ['students'] as const,
  everyone: () => ['students', 'everyone'] as const,
  gradeCount: (grade: number) => ['students', 'grade-count', grade] as const,
};

/** Every teacher read starts with 'teachers'. */
export const teacherKeys = {
  all: ['teachers'] as const,
  everyone: () => ['teachers', 'everyone'] as const,
};

export const statsKeys = { all: ['stats'] as const, admin: () => ['stats', 'admin'] as const };

/**
 * After a class write (add, edit, delete, assign, unassign, a class handed to another teacher): every class read and
 * the dashboard's per-class statistics are out of date. Active ones refetch now, the others when next shown.
 */
export const invalidateClassReads = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: classKeys.all }),
    client.invalidateQueries({ queryKey: statsKeys.all }),
  ]);

/** After a student write (add, edit, delete, (de)activate, import): student reads, and class reads since rosters and counts show students. */
export const invalidateStudentReads = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: studentKeys.all }), invalidateClassReads(client)]);

/** After a teacher write: teacher reads, and class reads since the class cards and rosters name their teacher. */
export const invalidateTeacherReads = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: teacherKeys.all }), invalidateClassReads(client)]);
