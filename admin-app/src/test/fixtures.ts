import type { ClassItem } from '@kelasku/shared-api';

/** A class of grade 10 as GET /classes lists it: its id and name, the rest of no matter to the test. */
export const classItem = (over: Partial<ClassItem> & Pick<ClassItem, 'id' | 'name'>): ClassItem => ({
  description: '',
  teacher_id: 7,
  teacher_name: 'Bu Sari',
  grade: 10,
  student_count: 0,
  ...over,
});

/** The `meta of a page of `totalPage` pages of 15 rows, as the list endpoints answer it. */
export function meta(totalPage: number, page = 1) {
  return { page, pageSize: 15, total: totalPage * 15, totalPage, totalpages: totalPage };
}
