/** Student ↔ class assignments (table assigned_students_class, unique (student_id, class_id)). */
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/** A new (or re-graded) student joins every class of their grade. */
export async function assignStudentToGradeClasses(trx: Db, studentId: number, grade: number): Promise<void> {
  await trx
    .insertInto('assigned_students_class')
    .columns(['student_id', 'class_id'])
    .expression((eb) =>
      eb
        .selectFrom('classes')
        .select([sql<number>`cast(${studentId} as integer)`.as('student_id'), 'classes.id as class_id'])
        .where('classes.grade', '=', grade),
    )
    .onConflict((oc) => oc.columns(['student_id', 'class_id']).doNothing())
    .execute();
}

/** One student joins one class (a class named by their import row). */
export async function assignStudentToClass(trx: Db, studentId: number, classId: number): Promise<void> {
  await trx
    .insertInto('assigned_students_class')
    .values({ student_id: studentId, class_id: classId })
    .onConflict((oc) => oc.columns(['student_id', 'class_id']).doNothing())
    .execute();
}

/** A new (or re-graded) class gets every student of its grade. */
export async function assignGradeStudentsToClass(trx: Db, classId: number, grade: number): Promise<void> {
  await trx
    .insertInto('assigned_students_class')
    .columns(['student_id', 'class_id'])
    .expression((eb) =>
      eb
        .selectFrom('students')
        .select(['students.id as student_id', sql<number>`cast(${classId} as integer)`.as('class_id')])
        .where('students.grade', '=', grade),
    )
    .onConflict((oc) => oc.columns(['student_id', 'class_id']).doNothing())
    .execute();
}

/** Drop a student's assignments to classes of one grade (used when the student's grade changes). */
export async function unassignStudentFromGrade(trx: Db, studentId: number, grade: number): Promise<void> {
  await trx
    .deleteFrom('assigned_students_class')
    .where('student_id', '=', studentId)
    .where('class_id', 'in', (eb) => eb.selectFrom('classes').select('id').where('grade', '=', grade))
    .execute();
}

/** Drop a class's students of one grade (used when the class's grade changes). */
export async function unassignGradeFromClass(trx: Db, classId: number, grade: number): Promise<void> {
  await trx
    .deleteFrom('assigned_students_class')
    .where('class_id', '=', classId)
    .where('student_id', 'in', (eb) => eb.selectFrom('students').select('id').where('grade', '=', grade))
    .execute();
}
