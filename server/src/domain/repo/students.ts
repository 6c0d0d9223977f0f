/**
 * Student profiles with their logins (routes/students): each write in one transaction over profiles.ts, which
 * keeps a profile and its login in step; throws domain errors.
 */
import { FIRST_GRADE, LAST_GRADE } from '@kelasku/shared-rules/src/grades';
import { searchText } from '@kelasku/shared-rules/src/search-text';
import type { Db } from '../../db/connect';
import {
  createStudentRecord,
  deleteStudentRecord,
  resetProfilePassword,
  setProfileActive,
  updateStudentRecord,
  withStudentLoginState,
  type StudentInput,
} from './profiles';
import { assignStudentToClass } from './assignments';
import type { StudentRow } from '../../db/schema';
import { containsInsensitive, toCount } from '../../db/sql-helpers';
import { missingRecord } from '../errors';

export interface StudentFilter {
  grade?: number;
  /** in name or NIS */
  search?: string;
  /** in NIS */
  searchNis?: string;
  ascending: boolean;
}

/** One page of students (with their login state) by NIS, and how many match in all. */
export async function listStudents(db: Db, filter: StudentFilter, page: { limit: number; offset: number }) {
  const direction = filter.ascending ? 'asc' : 'desc';
  const { grade, search, searchNis } = filter;
  return db.transaction().execute(async (trx) => {
    let q = withStudentLoginState(trx);
    if (grade !== undefined) q = q.where('grade', '=', grade);
    if (search)
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(eb.ref('name_search'), searchText(search)),
          containsInsensitive(eb.ref('nis'), search),
        ]),
      );
    if (searchNis) q = q.where((eb) => containsInsensitive(eb.ref('nis'), searchNis));
    const { total } = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .orderBy('nis', direction)
      .orderBy('id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: toCount(total) };
  });
}

export async function findStudent(db: Db, id: number): Promise<StudentRow> {
  const row = await db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw missingRecord('student', 'Student not found');
  return row;
}

/** A new student with their login; unless `joinClasses` is false they join every class of their grade. */
export function createStudent(db: Db, input: StudentInput, passwordHash: string, joinClasses: boolean) {
  return db.transaction().execute((trx) => createStudentRecord(trx, input, passwordHash, joinClasses));
}

/** Which classes a new student joins: one named class, every class of their grade, or none. */
export type Enrolment = { classId: number } | 'grade' | 'none';

/**
 * Many new students at once, all or nothing (`passwordHashes[i]` is the hash of `inputs[i]`'s password, and
 * `enrolments[i]` says which classes they join).
 */
export function createStudents(
  db: Db,
  inputs: StudentInput[],
  passwordHashes: string[],
  enrolments: Enrolment[],
): Promise<StudentRow[]> {
  return db.transaction().execute(async (trx) => {
    const rows: StudentRow[] = [];
    for (let i = 0; i < inputs.length; i++) {
      const enrolment = enrolments[i];
      const row = await createStudentRecord(trx, inputs[i], passwordHashes[i], enrolment === 'grade');
      if (typeof enrolment === 'object') await assignStudentToClass(trx, row.id, enrolment.classId);
      rows.push(row);
    }
    return rows;
  });
}

export function replaceStudent(db: Db, id: number, input: StudentInput) {
  return db.transaction().execute((trx) => updateStudentRecord(trx, id, input));
}

export function deleteStudent(db: Db, id: number) {
  return db.transaction().execute((trx) => deleteStudentRecord(trx, id));
}

/** Deactivates or reactivates the student's login; returns the student with the new login state. */
export function setStudentActive(db: Db, id: number, active: boolean) {
  return db.transaction().execute(async (trx) => {
    await setProfileActive(trx, 'students', id, active);
    return withStudentLoginState(trx).where('students.id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Gives the student's login a new password hash (every session ends). */
export function resetStudentPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  return resetProfilePassword(db, 'students', id, passwordHash);
}

/** Of these NIS, the ones a student or any login (as its username) already has. */
export async function takenStudentNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500);
    for (const u of await db.selectFrom('users').select('username').where('username', 'in', chunk).execute())
      taken.add(u.username);
    for (const s of await db.selectFrom('students').select('nis').where('nis', 'in', chunk).execute()) taken.add(s.nis);
  }
  return taken;
}

/**
 * Moves every student one grade up (step 1) or down (-1), clamped to the school's grades, in one transaction: each leaves the
 * classes of their old grade and joins those of the new one. Returns how many moved.
 */
export async function migrateGrades(db: Db, step: 1 | -1): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('students').select(['id', 'grade']);
    q = step === 1 ? q.where('grade', '<', LAST_GRADE) : q.where('grade', '>', FIRST_GRADE);
    const rows = await q.execute();
    const byGrade = new Map<number, number[]>();
    for (const r of rows) byGrade.set(r.grade, [...(byGrade.get(r.grade) ?? []), r.id]);
    for (const [grade, ids] of byGrade) {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await trx
          .deleteFrom('assigned_students_class')
          .where('student_id', 'in', chunk)
          .where('class_id', 'in', (eb) => eb.selectFrom('classes').select('id').where('grade', '=', grade))
          .execute();
        await trx
          .updateTable('students')
          .set({ grade: grade + step, updated_at: new Date().toISOString() })
          .where('id', 'in', chunk)
          .execute();
        await trx
          .insertInto('assigned_students_class')
          .columns(['student_id', 'class_id'])
          .expression((eb) =>
            eb
              .selectFrom('students')
              .innerJoin('classes', 'classes.grade', 'students.grade')
              .select(['students.id as student_id', 'classes.id as class_id'])
              .where('students.id', 'in', chunk),
          )
          .onConflict((oc) => oc.columns(['student_id', 'class_id']).doNothing())
          .execute();
      }
    }
    return rows.length;
  });
}
