import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { studentsApi, teachersApi } from '@kelasku/shared-api';
import { invalidateClassReads } from '../classes/api';
import type { AccountPageKey, AccountQuery } from './types';

export const studentKeys = {
  all: ['students'] as const,
  page: (q: AccountQuery): AccountPageKey => ['students', 'page', q],
  everyone: () => ['students', 'everyone'] as const,
  gradeCount: (grade: number) => ['students', 'grade-count', grade] as const,
};

export const teacherKeys = {
  all: ['teachers'] as const,
  page: (q: AccountQuery): AccountPageKey => ['teachers', 'page', q],
  everyone: () => ['teachers', 'everyone'] as const,
};

/** One page of the student accounts; the filter is a grade. */
export const studentPageQuery = (q: AccountQuery) =>
  queryOptions({
    queryKey: studentKeys.page(q),
    queryFn: () =>
      studentsApi
        .list({ page: q.page, grade: q.filter ? Number(q.filter) : undefined, search: q.search || undefined, sortByNIS: q.sort || undefined })
        .then((r) => ({ rows: r.students, totalPage: r.meta.totalPage })),
  });

/** One page of the teacher accounts; the filter is a specialization. */
export const teacherPageQuery = (q: AccountQuery) =>
  queryOptions({
    queryKey: teacherKeys.page(q),
    queryFn: () =>
      teachersApi
        .list({ page: q.page, specialization: q.filter || undefined, search: q.search || undefined, sortByNIP: q.sort || undefined })
        .then((r) => ({ rows: r.students, totalPage: r.meta.totalPage })),
  });

/** Every student of the school (all pages), for assigning them to a class. */
export const allStudentsQuery = () => queryOptions({ queryKey: studentKeys.everyone(), queryFn: () => studentsApi.all() });

/** How many students a grade has. */
export const gradeStudentCountQuery = (grade: number) =>
  queryOptions({ queryKey: studentKeys.gradeCount(grade), queryFn: () => studentsApi.list({ grade, pageSize: 1 }).then((r) => r.meta.total) });

/** Every teacher (all pages), for the class dialogs' teacher picker. */
export const allTeachersQuery = () => queryOptions({ queryKey: teacherKeys.everyone(), queryFn: () => teachersApi.all() });

/** After a student write (add, edit, delete, (de)activate, import): student reads, and class reads since rosters and counts show students. */
export const invalidateStudentReads = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: studentKeys.all }), invalidateClassReads(client)]);

/** After a teacher write: teacher reads, and class reads since the class cards and rosters name their teacher. */
export const invalidateTeacherReads = (client: QueryClient) =>
  Promise.all([client.invalidateQueries({ queryKey: teacherKeys.all }), invalidateClassReads(client)]);
