// The class reads several features show: the class lists (My Classes, My Tasks, My Exams), a class's name, and a
// class's materials a page at a time (its materials, its tasks).
import { queryOptions } from '@tanstack/react-query';
import { classesApi, errorStatus, materialsApi, type ClassItem } from '@kelasku/shared-api';

/** Cards per page on the class lists (My Classes, My Tasks, My Exams). */
export const CLASS_PAGE_SIZE = 9;
/** One page this long holds every class of a student: the class-name lookup of a page opened directly. */
const ALL_CLASSES = 100;

export const classKeys = {
  all: ['classes'] as const,
  assigned: (studentId: number | undefined, page: number, pageSize: number) =>
    [...classKeys.all, 'assigned', studentId, page, pageSize] as const,
  archived: (studentId: number | undefined) => [...classKeys.all, 'archived', studentId] as const,
};

export const materialKeys = {
  all: ['materials'] as const,
  ofClass: (classId: number, page: number, pageSize: number) =>
    [...materialKeys.all, 'class', classId, page, pageSize] as const,
  detail: (materialId: number) => [...materialKeys.all, 'detail', materialId] as const,
};

/** One page of the signed-in student's assigned classes. */
export const assignedClassesQuery = (studentId: number | undefined, page: number, pageSize = CLASS_PAGE_SIZE) =>
  queryOptions({
    queryKey: classKeys.assigned(studentId, page, pageSize),
    queryFn: async () => {
      if (!studentId) throw new Error('No student id in the session');
      try {
        return await classesApi.assigned(studentId, page, pageSize);
      } catch (err) {
        // The original API answered 404 'No classes found for the student' for an empty list.
        if (errorStatus(err) === 404)
          return { classes: [] as ClassItem[], meta: { page: 1, pageSize, total: 0, totalPage: 0, totalpages: 0 } };
        throw err;
      }
    },
  });

/** The archived classes the student was in (the first 100): their tasks and grades stay readable. */
export const archivedClassesQuery = (studentId: number | undefined) =>
  queryOptions({
    queryKey: classKeys.archived(studentId),
    queryFn: async () => {
      if (!studentId) throw new Error('No student id in the session');
      return classesApi.assignedArchived(studentId, 1, ALL_CLASSES);
    },
  });

/** Every assigned class in one page, to name a class when its page was opened directly. */
export const allAssignedClassesQuery = (studentId: number | undefined) =>
  assignedClassesQuery(studentId, 1, ALL_CLASSES);

/** One page of a class's materials. */
export const classMaterialsQuery = (classId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: materialKeys.ofClass(classId, page, pageSize),
    queryFn: () => materialsApi.fromClass(classId, page, pageSize),
  });
