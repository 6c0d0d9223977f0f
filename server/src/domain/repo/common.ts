/**
 * Small database look-ups shared by the learning routes (materials, discussions, exercises, exams, answers).
 * Plain functions over the Kysely instance; the routes turn `undefined`/`false` into 404/403.
 */
import type { Db } from '../../db/connect';
import { forbidden, notFound } from '../../plugins/errors';
import { type Caller, canManageClass, isAdmin, isStudent } from '../access';

export interface ClassFacts {
  id: number;
  teacher_id: number;
  grade: number;
  name: string;
}

export async function loadClass(db: Db, id: number): Promise<ClassFacts | undefined> {
  return db.selectFrom('classes').select(['id', 'teacher_id', 'grade', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function isAssigned(db: Db, studentId: number, classId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assigned_students_class')
    .select('id')
    .where('student_id', '=', studentId)
    .where('class_id', '=', classId)
    .executeTakeFirst();
  return row !== undefined;
}

/** 404 when the class is missing, 403 unless admin, the class's teacher, or (when allowed) an assigned student. */
export async function requireClassAccess(db: Db, caller: Caller, classId: number, opts: { students: boolean }): Promise<ClassFacts> {
  const cls = await loadClass(db, classId);
  if (!cls) throw notFound('Class not found');
  if (canManageClass(caller, cls)) return cls;
  if (opts.students && isStudent(caller) && (await isAssigned(db, caller.student_id!, cls.id))) return cls;
  throw forbidden(isStudent(caller) ? 'Forbidden: you are not assigned to this class' : 'Forbidden: this class is not yours');
}

export interface MaterialFacts {
  id: number;
  class_id: number;
  teacher_id: number;
  class_teacher_id: number;
}

export async function loadMaterial(db: Db, id: number): Promise<MaterialFacts | undefined> {
  return db
    .selectFrom('materials as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['m.id', 'm.class_id', 'm.teacher_id', 'c.teacher_id as class_teacher_id'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** The material's teacher or the teacher of its class (after a class changes hands), or an admin. */
export function managesMaterial(caller: Caller, m: { teacher_id: number; class_teacher_id: number }): boolean {
  return isAdmin(caller) || (caller.role === 'teacher' && (caller.teacher_id === m.teacher_id || caller.teacher_id === m.class_teacher_id));
}

/** Read access to a material (and its exercise, discussions): managers and students assigned to its class. */
export async function requireMaterialRead(db: Db, caller: Caller, materialId: number): Promise<MaterialFacts> {
  const m = await loadMaterial(db, materialId);
  if (!m) throw notFound('Material not found');
  if (managesMaterial(caller, m)) return m;
  if (isStudent(caller) && (await isAssigned(db, caller.student_id!, m.class_id))) return m;
  throw forbidden(isStudent(caller) ? 'Forbidden: you are not assigned to this class' : 'Forbidden: this material is not yours');
}

/** Name of a student (for replies and discussion items). */
export async function studentName(db: Db, studentId: number): Promise<string> {
  const row = await db.selectFrom('students').select('name').where('id', '=', studentId).executeTakeFirst();
  return row?.name ?? '';
}

/** The caller's student id, or 403 (admins and teachers have none). */
export function requireStudentId(caller: Caller, action: string): number {
  if (!isStudent(caller)) throw forbidden(`Forbidden: only students can ${action}`);
  return caller.student_id!;
}
