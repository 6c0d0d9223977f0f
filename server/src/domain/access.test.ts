import { canDeletePost, canEditPost, canManageClass, canReadClass, canReadStudentWork, canWriteSheet, type Caller } from './access';

const admin: Caller = { user_id: 1, role: 'admin' };
const teacher: Caller = { user_id: 2, role: 'teacher', teacher_id: 10 };
const otherTeacher: Caller = { user_id: 3, role: 'teacher', teacher_id: 11 };
const student: Caller = { user_id: 4, role: 'student', student_id: 20 };
const otherStudent: Caller = { user_id: 5, role: 'student', student_id: 21 };

it('class management: admin and the class teacher only', () => {
  const cls = { teacher_id: 10 };
  expect([admin, teacher, otherTeacher, student].map((c) => canManageClass(c, cls))).toEqual([true, true, false, false]);
  expect(canReadClass(student, cls, true)).toBe(true);
  expect(canReadClass(student, cls, false)).toBe(false);
});

it('posts: author edits; author or admin deletes', () => {
  const post = { student_id: 20 };
  expect([admin, student, otherStudent, teacher].map((c) => canEditPost(c, post))).toEqual([false, true, false, false]);
  expect([admin, student, otherStudent, teacher].map((c) => canDeletePost(c, post))).toEqual([true, true, false, false]);
});

it('student work: self, the class teacher, admin', () => {
  expect(canReadStudentWork(student, 20, 10)).toBe(true);
  expect(canReadStudentWork(otherStudent, 20, 10)).toBe(false);
  expect(canReadStudentWork(teacher, 20, 10)).toBe(true);
  expect(canReadStudentWork(otherTeacher, 20, 10)).toBe(false);
  expect(canReadStudentWork(admin, 20, null)).toBe(true);
  expect(canWriteSheet(student, { student_id: 20 })).toBe(true);
  expect(canWriteSheet(admin, { student_id: 20 })).toBe(false);
});
