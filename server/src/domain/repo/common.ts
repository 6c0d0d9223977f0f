/**
 * Small database look-ups shared by the learning routes (materials, discussions, exercises, exams, answers): the
 * facts that domain/policy.ts decides on. Plain functions over the Kysely instance.
 */
import type { Db } from '../../db/connect';

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
