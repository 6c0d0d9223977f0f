/**
 * Who may read or write what (design.md §3 "Authorization is the server's job"). Small predicates over facts the
 * routes load; ids always come from the token (`Caller`), never from the request body.
 */

export interface Caller {
  user_id: number;
  role: string;
  teacher_id?: number;
  student_id?: number;
}

export const isAdmin = (c: Caller): boolean => c.role === 'admin';
export const isTeacher = (c: Caller): boolean => c.role === 'teacher' && typeof c.teacher_id === 'number';
export const isStudent = (c: Caller): boolean => c.role === 'student' && typeof c.student_id === 'number';

/** The class's own teacher, or an admin. */
export function canManageClass(c: Caller, cls: { teacher_id: number }): boolean {
  return isAdmin(c) || (isTeacher(c) && c.teacher_id === cls.teacher_id);
}

/** Admin, the class's teacher, or a student assigned to the class. */
export function canReadClass(c: Caller, cls: { teacher_id: number }, studentAssigned: boolean): boolean {
  return canManageClass(c, cls) || (isStudent(c) && studentAssigned);
}

/** The teacher who owns a material/exercise/exam (teacher_id on the row), or an admin. */
export function canManageOwned(c: Caller, row: { teacher_id: number }): boolean {
  return isAdmin(c) || (isTeacher(c) && c.teacher_id === row.teacher_id);
}

/** Only the author edits a discussion post. */
export function canEditPost(c: Caller, post: { student_id: number }): boolean {
  return isStudent(c) && c.student_id === post.student_id;
}

/** The author or an admin deletes a discussion post. */
export function canDeletePost(c: Caller, post: { student_id: number }): boolean {
  return isAdmin(c) || canEditPost(c, post);
}

/**
 * Reading a student's own work (answer sheets, grades): the student themself, the teacher of the class the item
 * belongs to, or an admin.
 */
export function canReadStudentWork(c: Caller, studentId: number, classTeacherId: number | null): boolean {
  if (isAdmin(c)) return true;
  if (isStudent(c)) return c.student_id === studentId;
  return isTeacher(c) && classTeacherId !== null && c.teacher_id === classTeacherId;
}

/** Changing an answer sheet: only its student. */
export function canWriteSheet(c: Caller, sheet: { student_id: number }): boolean {
  return isStudent(c) && c.student_id === sheet.student_id;
}
