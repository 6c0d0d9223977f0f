/**
 * Who may do what: the one place that decides. Every route asks here; the answer-save SQL fast path
 * (repo/answer-saves.ts) states the sheet-write rule again in its UPDATE, and policy-answer-saves.test.ts proves
 * both agree.
 *
 * - Rights follow the class, not the author: the class's CURRENT teacher (`classes.teacher_id`) and the admin own
 *   everything in a class (materials, exercises, exams, students' sheets and grades). `teacher_id` on materials,
 *   exercises and exams records the author only and is never used here. Giving a class to another teacher moves
 *   every right at once.
 * - Students read what belongs to the classes they are assigned to NOW, and only their own work; a student removed
 *   from a class loses its materials, exercises, exams and discussions, and may no longer answer there.
 * - Ids always come from the token (`Caller`), never from the request body.
 * - An archived class is read-only for everyone (repo/common.ts assertOpenClass): every write asks for `write`
 *   (managers) or `contribute` (students answering and discussing) instead of `manage` or `read`.
 *
 * Pure predicates over loaded facts first, then `require…` helpers that load the facts and throw 404/403.
 */
import { ERROR_CODES } from '@kelasku/shared-rules';
import type { Db } from '../db/connect';
import type { ForumKind } from '../db/schema';
import { clash, type DomainError, invalid, missing, missingRecord, refused } from './errors';
import { examStatus, type ExamStatus, windowRefusal } from './exam-window';
import { type Grade, itemById, type ItemFacts, type ItemSpec } from './repo/assessments';
import {
  assertOpenClass,
  type ClassFacts,
  classFor,
  isAssigned,
  loadMaterial,
  materialFor,
  type MaterialFacts,
} from './repo/common';
import { discussionFacts, replyFacts, type ReplyAuthor } from './repo/forum';
import { withoutCorrectness } from './grading';

/**
 * Who is asking, one case per role: a teacher always carries its teacher id and a student its student id (the token
 * reader refuses one without it); the other ids are absent, so reading them on any caller is `undefined`.
 */
export type Caller = AdminCaller | TeacherCaller | StudentCaller | PlainUserCaller;
interface CallerBase {
  user_id: number;
}
export interface AdminCaller extends CallerBase {
  role: 'admin';
  teacher_id?: undefined;
  student_id?: undefined;
}
export interface TeacherCaller extends CallerBase {
  role: 'teacher';
  teacher_id: number;
  student_id?: undefined;
}
export interface StudentCaller extends CallerBase {
  role: 'student';
  student_id: number;
  teacher_id?: undefined;
}
/** A plain `user` account (POST /users): signed in, but no class, material or work is theirs. */
export interface PlainUserCaller extends CallerBase {
  role: 'user';
  teacher_id?: undefined;
  student_id?: undefined;
}

export const isAdmin = (c: Caller): c is AdminCaller => c.role === 'admin';
export const isTeacher = (c: Caller): c is TeacherCaller => c.role === 'teacher';
export const isStudent = (c: Caller): c is StudentCaller => c.role === 'student';

/** Where an object lives: its class and the class's current teacher. */
export interface ClassPlace {
  class_id: number;
  class_teacher_id: number;
}

export const placeOfClass = (cls: Pick<ClassFacts, 'id' | 'teacher_id'>): ClassPlace => ({
  class_id: cls.id,
  class_teacher_id: cls.teacher_id,
});

// ---------------------------------------------------------------- predicates

/** The teacher who teaches the class now. */
export function teachesNow(c: Caller, place: ClassPlace): boolean {
  return isTeacher(c) && c.teacher_id === place.class_teacher_id;
}

/** Admin or the class's current teacher: manage the class and everything in it, see answer keys and all work. */
export function managesClass(c: Caller, place: ClassPlace): boolean {
  return isAdmin(c) || teachesNow(c, place);
}

/** Read the class's materials, exercises, exams and material discussions: managers and students assigned now. */
export function readsClass(c: Caller, place: ClassPlace, assigned: boolean): boolean {
  return managesClass(c, place) || (isStudent(c) && assigned);
}

/** A student's work (answer sheets, grades) of an item in a class: the student themself, the class's managers. */
export function readsWork(c: Caller, place: ClassPlace, studentId: number): boolean {
  return managesClass(c, place) || (isStudent(c) && c.student_id === studentId);
}

/** Who is in which class (assign, move, unassign): admins only; a class's teacher teaches the roster it is given. */
export const changesRosters = (c: Caller): boolean => isAdmin(c);

/** A student's full record (phone, score, picture, user id): admins only; others see id, name and grade. */
export const seesPersonalData = (c: Caller): boolean => isAdmin(c);

/** Looking up a teacher's classes by teacher id: admins, or that teacher. */
export const looksUpTeacherClasses = (c: Caller, teacherId: number): boolean =>
  isAdmin(c) || (isTeacher(c) && c.teacher_id === teacherId);

/** Listing a student's classes: admins, or that student. */
export const listsStudentClasses = (c: Caller, studentId: number): boolean =>
  isAdmin(c) || (isStudent(c) && c.student_id === studentId);

/** The school-wide group discussions: students, teachers (who read and answer there) and admins. */
export const readsGeneralForum = (c: Caller): boolean => isStudent(c) || isTeacher(c) || isAdmin(c);

/**
 * Remove any post or reply of a forum: admins; in a material's discussion also the teacher of its class now (who
 * answers there as well — see requireReply).
 */
export function moderatesForum(c: Caller, kind: ForumKind, place: ClassPlace | undefined): boolean {
  return isAdmin(c) || (kind === 'material' && place !== undefined && teachesNow(c, place));
}

/**
 * Per-question correctness of a grade: managers always; for an exam, the student only once the window has ended
 * (a student who submits early must not tell classmates still answering which answers were right).
 */
export function seesCorrectness(
  c: Caller,
  spec: ItemSpec,
  item: ClassPlace & Pick<ItemFacts, 'start_time' | 'end_time'>,
  now = new Date(),
): boolean {
  if (managesClass(c, item) || spec.kind === 'exercise') return true;
  return examStatus(item.start_time!, item.end_time!, now) === 'Completed';
}

/** Facts the answer-save rule needs; repo/answer-saves.ts checks the same in SQL. */
export interface SheetWriteFacts {
  sheet: { student_id: number; status: 'Active' | 'Inactive' };
  /** Is the sheet's student assigned to the item's class now? */
  assigned: boolean;
  /** Exams: where now is against the window; exercises: null (no window). */
  window: ExamStatus | null;
  /** Is the item's class archived (read-only)? */
  archived: boolean;
}

/** Where now is against an item's answering window: exams have one, exercises none (null). */
export function answerWindow(
  spec: ItemSpec,
  item: Pick<ItemFacts, 'start_time' | 'end_time'>,
  now = new Date(),
  extraMinutes = 0,
): ExamStatus | null {
  return spec.kind === 'exam' ? examStatus(item.start_time!, item.end_time!, now, extraMinutes) : null;
}

/** Why a caller may not change an answer sheet (404 never: the sheet was found), or null when they may. */
export function sheetWriteRefusal(c: Caller, f: SheetWriteFacts): DomainError | null {
  if (!isStudent(c)) return refused('Forbidden: only students can answer');
  if (f.sheet.student_id !== c.student_id) return refused('Forbidden: this answer sheet is not yours');
  if (!f.assigned) return refused(NOT_ASSIGNED, { code: 'not-assigned-to-class' });
  if (f.archived) return clash(ERROR_CODES['class-archived'], { code: 'class-archived' });
  if (f.sheet.status === 'Inactive') return clash('Sheet already submitted', { code: 'sheet-already-submitted' });
  return outsideWindow(f.window);
}

/** The 403 for an answer outside its exam's window (not started yet, or ended), or null while it is open. */
export function outsideWindow(window: ExamStatus | null): DomainError | null {
  const refusal = window === null ? null : windowRefusal(window);
  return refusal ? refused(refusal, { code: window === 'Scheduled' ? 'exam-not-started' : 'exam-ended' }) : null;
}

/** A grade as the caller may see it (see seesCorrectness). */
export function gradeFor(
  c: Caller,
  spec: ItemSpec,
  item: ClassPlace & Pick<ItemFacts, 'start_time' | 'end_time'>,
  grade: Grade,
): Grade {
  return seesCorrectness(c, spec, item) ? grade : { ...grade, detail: withoutCorrectness(grade.detail) };
}

// ---------------------------------------------------------------- require… (load facts, 404/403)

/**
 * read: managers and assigned students; manage: managers. write and contribute are manage and read for a change:
 * they also need the class open (not archived).
 */
export type Need = 'read' | 'manage' | 'contribute' | 'write';

/** The access a need asks for, apart from the class being open. */
const accessOf = (need: Need): 'read' | 'manage' => (need === 'write' || need === 'manage' ? 'manage' : 'read');

/** A change (write, contribute) needs the class open: refused with 409 `class-archived` otherwise. */
async function requireOpenFor(db: Db, need: Need, classId: number): Promise<void> {
  if (need === 'write' || need === 'contribute') await assertOpenClass(db, classId);
}

/** A student acting in a class they are not (or no longer) assigned to. */
export const NOT_ASSIGNED = 'Forbidden: you are not assigned to this class';

const notYours = (c: Caller, what: string) =>
  isStudent(c)
    ? refused(NOT_ASSIGNED, { code: 'not-assigned-to-class' })
    : refused(`Forbidden: this ${what} is not yours`);

async function allowed(db: Db, c: Caller, place: ClassPlace, need: Need): Promise<boolean> {
  if (managesClass(c, place)) return true;
  return accessOf(need) === 'read' && isStudent(c) && (await isAssigned(db, c.student_id, place.class_id));
}

/** The student id whose assignment a read needs (loaded with the class's facts in one statement), else null. */
export const assignmentToCheck = (c: Caller): number | null => (isStudent(c) ? c.student_id : null);

/**
 * The decision of requireClass/requireMaterial on facts already loaded (`assigned`: is the caller, a student,
 * assigned to the class now): routes that load them together with their data in one statement ask here.
 * `place` undefined: the class or material does not exist (404).
 */
export function requirePlace(
  c: Caller,
  place: ClassPlace | undefined,
  assigned: boolean,
  need: Need,
  what: 'class' | 'material',
): ClassPlace {
  if (!place) throw missingRecord(what, what === 'class' ? 'Class not found' : 'Material not found');
  if (!(managesClass(c, place) || (accessOf(need) === 'read' && isStudent(c) && assigned))) throw notYours(c, what);
  return place;
}

/** A class the caller may read (managers, assigned students) or manage (admin, its current teacher). */
export async function requireClass(db: Db, c: Caller, classId: number, need: Need): Promise<ClassFacts> {
  const row = await classFor(db, classId, assignmentToCheck(c));
  const { assigned = false, ...cls } = row ?? {};
  requirePlace(c, row && placeOfClass(row), assigned, need, 'class');
  await requireOpenFor(db, need, classId);
  return cls as ClassFacts;
}

/** A material the caller may read or manage (by its class). */
export async function requireMaterial(db: Db, c: Caller, materialId: number, need: Need): Promise<MaterialFacts> {
  const row = await materialFor(db, materialId, assignmentToCheck(c));
  const { assigned = false, ...m } = row ?? {};
  requirePlace(c, row, assigned, need, 'material');
  await requireOpenFor(db, need, row!.class_id);
  return m as MaterialFacts;
}

/**
 * The classes a material may be copied into: each one the caller manages (a teacher: only classes they teach now),
 * none the material's own class, all of the material's grade (parallel classes read the same syllabus).
 */
export async function requireCopyTargets(
  db: Db,
  c: Caller,
  source: MaterialFacts,
  classIds: number[],
): Promise<ClassFacts[]> {
  const from = await requireClass(db, c, source.class_id, 'manage');
  const targets: ClassFacts[] = [];
  for (const id of classIds) {
    if (id === from.id)
      throw invalid('A material is copied into other classes, not into its own class', { code: 'copy-to-same-class' });
    const target = await requireClass(db, c, id, 'write'); // an archived class takes no copy
    if (target.grade !== from.grade) {
      throw invalid(
        `Class ${id} is in grade ${target.grade}: a material is copied only into classes of its own grade (${from.grade})`,
        {
          code: 'copy-grade-mismatch',
          params: { classId: id, grade: target.grade, sourceGrade: from.grade },
        },
      );
    }
    targets.push(target);
  }
  return targets;
}

/** An exercise or exam the caller may read or manage (by its class). */
export async function requireItem(db: Db, spec: ItemSpec, c: Caller, itemId: number, need: Need): Promise<ItemFacts> {
  const item = await itemById(db, spec, itemId);
  if (!item) throw missingRecord(spec.kind, `${spec.label} not found`);
  if (!(await allowed(db, c, item, need))) throw notYours(c, spec.kind);
  await requireOpenFor(db, need, item.class_id);
  return item;
}

/** The caller's student id, or 403 (admins and teachers have none). */
export function requireStudentId(c: Caller, action: string): number {
  if (!isStudent(c)) throw refused(`Forbidden: only students can ${action}`);
  return c.student_id;
}

/**
 * Whose work a request is about: a student is always themself (naming another student is a 403); others must
 * name one (400).
 */
export function targetStudent(c: Caller, requested: number | undefined): number {
  if (isStudent(c)) {
    if (requested !== undefined && requested !== c.student_id)
      throw refused('Forbidden: you can only access your own work');
    return c.student_id;
  }
  if (requested === undefined)
    throw invalid('student_id is required', { code: 'validation-required', params: { field: 'student_id' } });
  return requested;
}

/** Reading one student's work of an item (sheet, grade): the student themself or the class's managers. */
export function requireWorkRead(c: Caller, item: ItemFacts, studentId: number, spec: ItemSpec): void {
  if (readsWork(c, item, studentId)) return;
  throw refused(
    isStudent(c) ? 'Forbidden: you can only access your own work' : `Forbidden: this ${spec.kind} is not yours`,
  );
}

/**
 * Submitting and grading a student's sheet: the student themself while assigned to the item's class, or the
 * class's managers for a student of the class (404 for a student who is not in it).
 */
export async function requireGrading(
  db: Db,
  spec: ItemSpec,
  c: Caller,
  item: ItemFacts,
  requested: number | undefined,
): Promise<number> {
  const studentId = targetStudent(c, requested);
  const assigned = await isAssigned(db, studentId, item.class_id);
  if (isStudent(c)) {
    if (!assigned) throw refused(NOT_ASSIGNED, { code: 'not-assigned-to-class' });
  } else {
    if (!managesClass(c, item)) throw refused(`Forbidden: this ${spec.kind} is not yours`);
    if (!assigned) throw missing('Student not found in this class', { code: 'student-not-in-class' });
  }
  await assertOpenClass(db, item.class_id);
  return studentId;
}

/** The facts of a discussion post, with the class of its material (material forum). */
export interface PostFacts {
  id: number;
  student_id: number;
  material_id?: number;
}

/** Where a material post lives (its material's class); undefined for the general forum or a material gone. */
async function placeOfPost(db: Db, kind: ForumKind, post: PostFacts): Promise<MaterialFacts | undefined> {
  return kind === 'material' ? loadMaterial(db, post.material_id!) : undefined;
}

async function readsPost(db: Db, c: Caller, kind: ForumKind, place: MaterialFacts | undefined): Promise<boolean> {
  if (kind === 'general') return readsGeneralForum(c);
  return place !== undefined && (await allowed(db, c, place, 'read'));
}

/** Reading a forum: the general one (students, teachers, admins) or a material's (its class's readers). */
export async function requireForumRead(db: Db, c: Caller, kind: ForumKind, materialId?: number): Promise<void> {
  if (kind === 'general') {
    if (!readsGeneralForum(c)) throw refused('Forbidden: Students, Teachers and Admins only');
    return;
  }
  await requireMaterial(db, c, materialId!, 'read');
}

/**
 * A post the caller may act on, while they may read it: edit (its author), delete (its author, an admin, or the
 * material's class teacher), report (any student who may read it; a post they cannot read is "not found", like one
 * that does not exist).
 */
export async function requirePost(
  db: Db,
  c: Caller,
  kind: ForumKind,
  id: number,
  action: 'edit' | 'delete' | 'report',
): Promise<PostFacts> {
  const post = await discussionFacts(db, kind, id);
  if (!post) throw missingRecord('discussion', 'Discussion not found');
  const place = await placeOfPost(db, kind, post);
  const readable = await readsPost(db, c, kind, place);
  const author = isStudent(c) && c.student_id === post.student_id;
  if (action === 'report') {
    if (!readable || !isStudent(c)) throw missingRecord('discussion', 'Discussion not found');
  } else if (action === 'edit') {
    if (!readable || !author) throw refused('Forbidden: only the author can edit this discussion');
  } else if (!(moderatesForum(c, kind, place) || (readable && author))) {
    throw refused('Forbidden: only the author, the class teacher or an admin can delete this discussion');
  }
  if (place) await assertOpenClass(db, place.class_id);
  return post;
}

/**
 * Who a reply is written as: any student (the insert itself checks they are assigned to the material's class), any
 * teacher in the group discussions, or in a material's discussion the teacher of its class now. Admins and other
 * teachers may not reply.
 */
export async function requireReply(db: Db, c: Caller, kind: ForumKind, id: number): Promise<ReplyAuthor> {
  if (isStudent(c) && kind === 'general') return { student_id: c.student_id };
  if (isTeacher(c) && kind === 'general') return { teacher_id: c.teacher_id };
  if ((isStudent(c) || isTeacher(c)) && kind === 'material') {
    const post = await discussionFacts(db, kind, id);
    if (!post) throw missingRecord('discussion', 'Discussion not found');
    const place = await placeOfPost(db, kind, post);
    if (!place) throw missingRecord('discussion', 'Discussion not found');
    await assertOpenClass(db, place.class_id);
    if (isStudent(c)) return { student_id: c.student_id };
    if (teachesNow(c, place)) return { teacher_id: c.teacher_id };
    throw refused('Forbidden: this class is not yours');
  }
  throw refused('Forbidden: only students and the class teacher can reply');
}

/** Removing one reply: its author (student or teacher) while they may still read the post, or a moderator (admin, class teacher). */
export async function requireReplyDelete(
  db: Db,
  c: Caller,
  kind: ForumKind,
  id: number,
  replyId: string,
): Promise<void> {
  const post = await discussionFacts(db, kind, id);
  const reply = post && (await replyFacts(db, kind, id, replyId));
  if (!post || !reply) throw missingRecord('reply', 'Reply not found');
  const place = await placeOfPost(db, kind, post);
  const author =
    (isStudent(c) && reply.student_id === c.student_id) || (isTeacher(c) && reply.teacher_id === c.teacher_id);
  const ownReply = author && (await readsPost(db, c, kind, place));
  if (!(moderatesForum(c, kind, place) || ownReply))
    throw refused('Forbidden: only the author, the class teacher or an admin can delete this reply');
  if (place) await assertOpenClass(db, place.class_id);
}

/**
 * What a caller's lists cover (materials, a student's grades, dashboard numbers): a teacher only the classes they
 * teach now, whoever wrote what is in them; admins, and students for their own grades, everything.
 */
export function listScope(c: Caller): { teacherId?: number } {
  if (isTeacher(c)) return { teacherId: c.teacher_id };
  if (isAdmin(c) || isStudent(c)) return {};
  throw refused();
}
