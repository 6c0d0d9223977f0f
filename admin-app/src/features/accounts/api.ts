import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  classesApi,
  studentsApi,
  teachersApi,
  type ClassItem,
  type Student,
  type StudentInput,
  type Teacher,
  type TeacherInput,
} from '@kelasku/shared-api';
import {
  invalidateClassReads,
  invalidateStudentReads,
  invalidateTeacherReads,
  studentKeys,
  teacherKeys,
} from '../../lib/cache';
import type { AccountPageKey, AccountQuery } from './types';

/** One page of the student accounts; the filter is a grade. */
export const studentPageQuery = (q: AccountQuery) =>
  queryOptions({
    queryKey: [...studentKeys.all, 'page', q] as AccountPageKey,
    queryFn: () =>
      studentsApi
        .list({
          page: q.page,
          grade: q.filter ? Number(q.filter) : undefined,
          search: q.search || undefined,
          sortByNIS: q.sort || undefined,
        })
        .then((r) => ({ rows: r.students, totalPage: r.meta.totalPage })),
  });

/** One page of the teacher accounts; the filter is a specialization. */
export const teacherPageQuery = (q: AccountQuery) =>
  queryOptions({
    queryKey: [...teacherKeys.all, 'page', q] as AccountPageKey,
    queryFn: () =>
      teachersApi
        .list({
          page: q.page,
          specialization: q.filter || undefined,
          search: q.search || undefined,
          sortByNIP: q.sort || undefined,
        })
        .then((r) => ({ rows: r.students, totalPage: r.meta.totalPage })),
  });

/** The server calls of one kind of account (student or teacher), and what a write of them makes out of date. */
export interface AccountWrites<T, B> {
  /** `joinClasses`: the add dialog's enrolment choice (undefined: the server's default; teachers join none). */
  create: (body: B, joinClasses?: boolean) => Promise<T & { initial_password?: string }>;
  update: (id: number, body: B) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** Deactivate (false) or reactivate (true) the login. */
  setActive: (id: number, active: boolean) => Promise<unknown>;
  resetPassword: (id: number) => Promise<{ initial_password: string }>;
  invalidate: (client: QueryClient) => Promise<unknown>;
}

export const studentWrites: AccountWrites<Student, StudentInput> = {
  create: (body, joinClasses) =>
    studentsApi.create({ ...body, ...(joinClasses === undefined ? {} : { join_classes: joinClasses }) }),
  update: (id, body) => studentsApi.update(id, body),
  remove: (id) => studentsApi.remove(id),
  setActive: (id, active) => studentsApi.setActive(id, active),
  resetPassword: (id) => studentsApi.resetPassword(id),
  invalidate: invalidateStudentReads,
};

export const teacherWrites: AccountWrites<Teacher, TeacherInput> = {
  create: (body) => teachersApi.create(body),
  update: (id, body) => teachersApi.update(id, body),
  remove: (id) => teachersApi.remove(id),
  setActive: (id, active) => teachersApi.setActive(id, active),
  resetPassword: (id) => teachersApi.resetPassword(id),
  invalidate: invalidateTeacherReads,
};

/**
 * The writes of the accounts page as mutations. Each one that changes an account refreshes that kind's reads (and the
 * class reads that show accounts); a password reset changes nothing a list shows.
 */
export function useAccountMutations<T, B>(writes: AccountWrites<T, B>) {
  const client = useQueryClient();
  const changed = () => writes.invalidate(client);
  return {
    create: useMutation({
      mutationFn: ({ body, joinClasses }: { body: B; joinClasses?: boolean }) => writes.create(body, joinClasses),
      onSuccess: changed,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: B }) => writes.update(id, body),
      onSuccess: changed,
    }),
    remove: useMutation({ mutationFn: (id: number) => writes.remove(id), onSuccess: changed }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: number; active: boolean }) => writes.setActive(id, active),
      onSuccess: changed,
    }),
    resetPassword: useMutation({ mutationFn: (id: number) => writes.resetPassword(id) }),
  };
}

/** A dry run of a student import: the server checks the rows and imports nothing. */
export const useCheckStudentImport = () =>
  useMutation({ mutationFn: (rows: StudentInput[]) => studentsApi.importRows(rows, true) });

/** Imports the rows; the new students are in the student and class reads afterwards. */
export function useImportStudents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, joinClasses }: { rows: StudentInput[]; joinClasses: boolean }) =>
      studentsApi.importRows(rows, false, joinClasses),
    onSuccess: () => invalidateStudentReads(client),
  });
}

/** Hands one class of a teacher about to be deleted to another teacher; the class reads (that teacher's list too) refetch. */
export function useReassignClass(cls: ClassItem) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (teacherId: number) =>
      classesApi.update(cls.id, {
        name: cls.name,
        description: cls.description,
        grade: cls.grade,
        teacher_id: teacherId,
      }),
    onSuccess: () => invalidateClassReads(client),
  });
}
