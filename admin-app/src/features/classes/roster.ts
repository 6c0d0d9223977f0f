import { classesApi, type ClassDetail, type Student } from '@kelasku/shared-api';

export interface Roster {
  cls: Omit<ClassDetail, 'students'>;
  students: Student[];
}

const PAGE_SIZE = 100; // the server's cap; a class rarely has more than 40 students

/**
 * The class and its whole roster. The details endpoint pages the students, so every page is read and the
 * search, the NIS sort and the table pages work on the client over the full list.
 */
export async function loadRoster(classId: number): Promise<Roster> {
  const first = await classesApi.details(classId, 1, PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.totalPage - 1) }, (_, i) =>
      classesApi.details(classId, i + 2, PAGE_SIZE),
    ),
  );
  const { students, ...cls } = first.classes;
  return { cls, students: [...(students ?? []), ...rest.flatMap((r) => r.classes.students ?? [])] };
}

/** Case-insensitive match on name or NIS. */
export function filterStudents(students: Student[], query: string): Student[] {
  const q = query.trim().toLowerCase();
  if (!q) return students;
  return students.filter((s) => s.name.toLowerCase().includes(q) || s.nis.toLowerCase().includes(q));
}

/** Ascending NIS when `byNIS`; otherwise the server's order. */
export function sortStudents(students: Student[], byNIS: boolean): Student[] {
  if (!byNIS) return students;
  return [...students].sort((a, b) => a.nis.localeCompare(b.nis, undefined, { numeric: true }));
}
