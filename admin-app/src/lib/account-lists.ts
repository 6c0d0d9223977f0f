import { queryOptions } from '@tanstack/react-query';
import { studentsApi, teachersApi } from '@kelasku/shared-api';
import { studentKeys, teacherKeys } from './cache';

// Whole account lists that the class screens pick from (the accounts feature reads its own pages).

/** Every student of the school (all pages), for assigning them to a class. */
export const allStudentsQuery = () =>
  queryOptions({ queryKey: studentKeys.everyone(), queryFn: () => studentsApi.all() });

/** How many students a grade has. */
export const gradeStudentCountQuery = (grade: number) =>
  queryOptions({
    queryKey: studentKeys.gradeCount(grade),
    queryFn: () => studentsApi.list({ grade, pageSize: 1 }).then((r) => r.meta.total),
  });

/** Every teacher (all pages), for the teacher picker of the class dialogs and of a deleted teacher's classes. */
export const allTeachersQuery = () =>
  queryOptions({ queryKey: teacherKeys.everyone(), queryFn: () => teachersApi.all() });
