/**
 * Small database look-ups shared by the learning routes (materials, discussions, exercises, exams, answers): the
 * facts that domain/policy.ts decides on. Plain functions over the Kysely instance.
 */
import { ERROR_CODES } from '@kelasku/shared-rules';
import type { Db } from '../../db/connect';
import { preparedRead } from '../../db/prepared';
import { clash } from '../errors';
import { CLASS_FOR_SQL, MATERIAL_FOR_SQL } from './hot-reads';

export interface ClassFacts {
  id: number;
  teacher_id: number;
  grade: number;
  name: string;
}

export async function loadClass(db: Db, id: number): Promise<ClassFacts | undefined> {
  return db.selectFrom('classes').select(['id', 'teacher_id', 'grade', 'name']).where('id', '=', id).executeTakeFirst();
}

/**
 * The read-only rule of archived classes: nothing in an archived class changes (its details, roster, materials,
 * exercises, exams, answer sheets, grades, discussions), whoever asks; it is read as it was. A 409 `class-archived`;
 * an unknown class passes (its own lookup answers 404). Only archive, restore and delete act on an archived class.
 */
export async function assertOpenClass(db: Db, classId: number): Promise<void> {
  if (await isArchivedClass(db, classId)) throw clash(ERROR_CODES['class-archived'], { code: 'class-archived' });
}

export async function isArchivedClass(db: Db, classId: number): Promise<boolean> {
  const row = await db.selectFrom('classes').select('archived_at').where('id', '=', classId).executeTakeFirst();
  return row !== undefined && row.archived_at !== null;
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

export interface MaterialFacts {
  id: number;
  class_id: number;
  /** the author (the class's teacher when it was written): never used for authorization */
  teacher_id: number;
  /** the class's current teacher */
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

/** Name of a student (for replies and discussion items). */
export async function studentName(db: Db, studentId: number): Promise<string> {
  const row = await db.selectFrom('students').select('name').where('id', '=', studentId).executeTakeFirst();
  return row?.name ?? '';
}

/** The class's facts and, in the same statement, whether `studentId` is assigned to it now (false for null). */
export async function classFor(
  db: Db,
  id: number,
  studentId: number | null,
): Promise<(ClassFacts & { assigned: boolean }) | undefined> {
  const [row] = await preparedRead(db, CLASS_FOR_SQL)([id, studentId]);
  return (
    row && { id: row.id, teacher_id: row.teacher_id, grade: row.grade, name: row.name, assigned: Boolean(row.assigned) }
  );
}

/** The material's facts and, in the same statement, whether `studentId` is assigned to its class now. */
export async function materialFor(
  db: Db,
  id: number,
  studentId: number | null,
): Promise<(MaterialFacts & { assigned: boolean }) | undefined> {
  const [row] = await preparedRead(db, MATERIAL_FOR_SQL)([id, studentId]);
  return (
    row && {
      id: row.id,
      class_id: row.class_id,
      teacher_id: row.teacher_id,
      class_teacher_id: row.class_teacher_id,
      assigned: Boolean(row.assigned),
    }
  );
}
