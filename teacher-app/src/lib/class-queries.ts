import { queryOptions } from '@tanstack/react-query';
import { classKeys } from './query-keys';
import { findClassById, gradeClasses, myClasses } from './classes';

export const myClassesQuery = () => queryOptions({ queryKey: classKeys.mine(), queryFn: () => myClasses() });

export const gradeClassesQuery = (grade: number) =>
  queryOptions({ queryKey: classKeys.ofGrade(grade), queryFn: () => gradeClasses(grade) });

/** Never fails: an unlisted class is a bare record (the name is only a nicety). */
export const classByIdQuery = (classId: number) =>
  queryOptions({ queryKey: classKeys.byId(classId), queryFn: () => findClassById(classId) });

/** The classes a subject may be created for: the grade's classes, or (no grade) every class of the teacher. */
export const candidateClassesQuery = (grade: number | undefined) =>
  queryOptions({
    queryKey: grade ? classKeys.ofGrade(grade) : classKeys.mine(),
    queryFn: () => (grade ? gradeClasses(grade) : myClasses()),
  });
