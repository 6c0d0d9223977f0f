import { type GradeDetail } from './grading';
import type { DomainError } from './errors';
import { domainStatus } from '../plugins/errors';
import {
  type Caller,
  gradeFor,
  listScope,
  listsStudentClasses,
  looksUpTeacherClasses,
  managesClass,
  readsClass,
  readsWork,
  seesCorrectness,
  seesPersonalData,
  sheetWriteRefusal,
  targetStudent,
} from './policy';
import { EXAM, EXERCISE } from './repo/assessments';

const admin: Caller = { user_id: 1, role: 'admin' };
const teacher: Caller = { user_id: 2, role: 'teacher', teacher_id: 10 };
const otherTeacher: Caller = { user_id: 3, role: 'teacher', teacher_id: 11 };
const student: Caller = { user_id: 4, role: 'student', student_id: 20 };
const otherStudent: Caller = { user_id: 5, role: 'student', student_id: 21 };
const plainUser: Caller = { user_id: 6, role: 'user' };

/** class 1, taught now by teacher 10 */
const place = { class_id: 1, class_teacher_id: 10 };
const HOUR = 3600_000;

it('a class and everything in it: admin and its current teacher manage, assigned students read', () => {
  expect([admin, teacher, otherTeacher, student, plainUser].map((c) => managesClass(c, place))).toEqual([
    true,
    true,
    false,
    false,
    false,
  ]);
  expect(readsClass(student, place, true)).toBe(true);
  expect(readsClass(student, place, false)).toBe(false);
  expect(readsClass(otherTeacher, place, true)).toBe(false);
});

it('rights follow the class: once the class has another teacher, the previous one has none', () => {
  const reassigned = { class_id: 1, class_teacher_id: 11 };
  expect(managesClass(teacher, reassigned)).toBe(false);
  expect(managesClass(otherTeacher, reassigned)).toBe(true);
  expect(readsWork(teacher, reassigned, 20)).toBe(false);
  expect(readsWork(otherTeacher, reassigned, 20)).toBe(true);
});

it('student work: the student themself, the class managers', () => {
  expect([admin, teacher, otherTeacher, student, otherStudent].map((c) => readsWork(c, place, 20))).toEqual([
    true,
    true,
    false,
    true,
    false,
  ]);
  expect(targetStudent(student, undefined)).toBe(20);
  expect(() => targetStudent(student, 21)).toThrow('your own work');
  expect(() => targetStudent(teacher, undefined)).toThrow('student_id is required');
  expect(listScope(teacher)).toEqual({ teacherId: 10 });
  expect(listScope(student)).toEqual({});
  expect(() => listScope(plainUser)).toThrow();
});

it('accounts: personal data for admins; own classes only', () => {
  expect([admin, teacher, student].map(seesPersonalData)).toEqual([true, false, false]);
  expect([admin, teacher, otherTeacher].map((c) => looksUpTeacherClasses(c, 10))).toEqual([true, true, false]);
  expect([admin, student, otherStudent, teacher].map((c) => listsStudentClasses(c, 20))).toEqual([
    true,
    true,
    false,
    false,
  ]);
});

describe('answer sheets: only their student, assigned to the class, while open and inside the exam window', () => {
  const open = { student_id: 20, status: 'Active' as const };
  // the status the error plugin answers each refusal with
  const statusOf = (e: DomainError | null) => (e ? domainStatus(e) : undefined);
  const refusal = (c: Caller, f: Partial<Parameters<typeof sheetWriteRefusal>[1]> = {}) =>
    sheetWriteRefusal(c, { sheet: open, assigned: true, window: null, archived: false, ...f });
  it('allows the owner', () => {
    expect(refusal(student)).toBeNull();
    expect(refusal(student, { window: 'Active' })).toBeNull();
  });
  it('refuses everyone else and every closed state with the status clients know', () => {
    expect(statusOf(refusal(admin))).toBe(403);
    expect(statusOf(refusal(teacher))).toBe(403);
    expect(refusal(otherStudent)?.message).toBe('Forbidden: this answer sheet is not yours');
    expect(refusal(student, { assigned: false })?.message).toBe('Forbidden: you are not assigned to this class');
    expect(statusOf(refusal(student, { sheet: { ...open, status: 'Inactive' } }))).toBe(409);
    expect(refusal(student, { window: 'Scheduled' })?.message).toBe('The exam has not started yet');
    expect(refusal(student, { window: 'Completed' })?.message).toBe('The exam has ended');
    expect(statusOf(refusal(student, { archived: true }))).toBe(409);
    expect(refusal(student, { archived: true })).toMatchObject({ extra: { code: 'class-archived' } });
  });
});

describe('exam correctness reaches a student only after the window', () => {
  const detail: GradeDetail = {
    1: { kind: 'mc', correct: true },
    2: { kind: 'essay', score: 5, max: 50, pending: false, source: 'local' },
  };
  const grade = { id: 1, item_id: 1, student_id: 20, score: 55, detail };
  const running = { ...place, start_time: new Date(Date.now() - HOUR), end_time: new Date(Date.now() + HOUR) };
  const ended = { ...place, start_time: new Date(Date.now() - 2 * HOUR), end_time: new Date(Date.now() - HOUR) };
  it('hides multiple-choice results from the student while the exam runs, keeps score and essays', () => {
    expect(seesCorrectness(student, EXAM, running)).toBe(false);
    expect(gradeFor(student, EXAM, running, grade)).toEqual({ ...grade, detail: { 2: detail[2] } });
  });
  it('shows them to the class managers at once, to the student after the end, and always for exercises', () => {
    expect(gradeFor(teacher, EXAM, running, grade)).toEqual(grade);
    expect(gradeFor(admin, EXAM, running, grade)).toEqual(grade);
    expect(gradeFor(student, EXAM, ended, grade)).toEqual(grade);
    expect(seesCorrectness(student, EXERCISE, { ...place, start_time: null, end_time: null })).toBe(true);
  });
});
