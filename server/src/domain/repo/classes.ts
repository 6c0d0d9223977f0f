/** Classes and their rosters (routes/classes): reads and writes, each write in its own transaction; throws domain errors. */
import { searchText } from '@kelasku/shared-rules/src/search-text';
import { classNameKey, duplicateClassNameMessage } from '@kelasku/shared-rules';
import { deleteOrphanForumRows } from './accounts';
import { assignGradeStudentsToClass, unassignGradeFromClass } from './assignments';
import type { Db } from '../../db/connect';
import { preparedRead } from '../../db/prepared';
import { containsInsensitive, isUniqueViolation, toCount } from '../../db/sql-helpers';
import { clash, invalid, missingRecord } from '../errors';
import { activeStudent } from './members';
import { CLASSES_OF_STUDENT_SQL, COUNT_CLASSES_OF_STUDENT_SQL, type SessionColumns, withSessionColumns } from './hot-reads';

/** A class as every list shows it: with its teacher's name ('' without one) and how many members it has (members.ts). */
export interface ClassView {
  id: number;
  name: string;
  description: string;
  teacher_id: number;
  teacher_name: string;
  grade: number;
  student_count: number;
}

export interface ClassInput {
  name: string;
  description: string;
  teacher_id: number;
  grade: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Classes with teacher_name and student_count. */
function classesQuery(db: Db) {
  return db
    .selectFrom('classes')
    .leftJoin('teachers', 'teachers.id', 'classes.teacher_id')
    .select((eb) => [
      'classes.id',
      'classes.name',
      'classes.description',
      'classes.teacher_id',
      'classes.grade',
      eb.fn.coalesce('teachers.name', eb.val('')).as('teacher_name'),
      eb
        .selectFrom('assigned_students_class')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('assigned_students_class.class_id', '=', 'classes.id')
        .where(activeStudent('assigned_students_class.student_id'))
        .as('student_count'),
    ]);
}

type ClassRow = Omit<ClassView, 'student_count'> & { student_count: unknown };

function toClassView(row: ClassRow): ClassView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    teacher_id: row.teacher_id,
    teacher_name: row.teacher_name,
    grade: row.grade,
    student_count: toCount(row.student_count),
  };
}

/** One page of classes (of one grade, when given) ordered by id, and how many there are in all. */
export async function listClasses(db: Db, grade: number | undefined, page: Page) {
  return db.transaction().execute(async (trx) => {
    let count = trx.selectFrom('classes').select((eb) => eb.fn.countAll().as('total'));
    let rows = classesQuery(trx);
    if (grade !== undefined) {
      count = count.where('grade', '=', grade);
      rows = rows.where('classes.grade', '=', grade);
    }
    const { total } = await count.executeTakeFirstOrThrow();
    const items = await rows.orderBy('classes.id').limit(page.limit).offset(page.offset).execute();
    return { classes: items.map(toClassView), total: toCount(total) };
  });
}

export async function requireClass(db: Db, id: number): Promise<ClassView> {
  const row = await classesQuery(db).where('classes.id', '=', id).executeTakeFirst();
  if (!row) throw missingRecord('class', 'Class not found');
  return toClassView(row);
}

/** The classes a teacher teaches, ordered by id. */
export async function classesTaughtBy(db: Db, teacherId: number): Promise<ClassView[]> {
  const rows = await classesQuery(db).where('classes.teacher_id', '=', teacherId).orderBy('classes.id').execute();
  return rows.map(toClassView);
}

/** Every class of these grades (their names, for matching the classes an import names). */
export async function classesOfGrades(db: Db, grades: number[]): Promise<{ id: number; name: string; grade: number }[]> {
  if (grades.length === 0) return [];
  return db.selectFrom('classes').select(['id', 'name', 'grade']).where('grade', 'in', grades).orderBy('id').execute();
}

/** The first class (by id) a teacher teaches in a grade, and how many they teach there. */
export async function firstClassOfTeacher(db: Db, teacherId: number, grade: number) {
  const rows = await db.selectFrom('classes').select('id').where('grade', '=', grade).where('teacher_id', '=', teacherId).orderBy('id').execute();
  return { class_id: rows.length > 0 ? rows[0].id : null, total: rows.length };
}

/** One page of the classes a student is assigned to: one prepared statement, the total riding on each row (every student dashboard reads it). */
const CLASSES_OF_STUDENT_WITH_SESSION_SQL = withSessionColumns(CLASSES_OF_STUDENT_SQL, 4);

/** `session`: the session check of user `sessionUserId` done by the same statement (undefined: the page is empty). */
export async function classesOfStudent(db: Db, studentId: number, page: Page, sessionUserId: number) {
  const rows = await preparedRead<ClassRow & { total: unknown } & SessionColumns>(db, CLASSES_OF_STUDENT_WITH_SESSION_SQL)([studentId, page.limit, page.offset, sessionUserId]);
  const total = rows.length > 0 ? rows[0].total
    : page.offset === 0 ? 0 : (await preparedRead<{ n: unknown }>(db, COUNT_CLASSES_OF_STUDENT_SQL)([studentId]))[0]?.n;
  const session: SessionColumns | undefined = rows[0];
  return { classes: rows.map(toClassView), total: toCount(total), session };
}

async function assertTeacherExists(db: Db, teacherId: number) {
  const teacher = await db.selectFrom('teachers').select('id').where('id', '=', teacherId).executeTakeFirst();
  if (!teacher) throw invalid(`teacher_id ${teacherId} does not exist`, { code: 'unknown-teacher', params: { teacherId } });
}

const duplicateClassName = (name: string, grade: number) =>
  clash(duplicateClassNameMessage(name, grade), { code: 'duplicate-class-name', params: { name, grade } });

/** A conflict when another class of the grade already has this name (as a reader sees it); `exceptId` is the class being renamed. */
async function assertClassNameFree(db: Db, name: string, grade: number, exceptId?: number) {
  let q = db.selectFrom('classes').select(['id', 'name']).where('grade', '=', grade);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const key = classNameKey(name);
  const taken = (await q.execute()).find((c) => classNameKey(c.name) === key);
  if (taken) throw duplicateClassName(taken.name, grade);
}

/** When two writes race past assertClassNameFree, the unique index refuses the second: the same conflict. */
function duplicateNameOnRace(input: ClassInput) {
  return (err: unknown): never => {
    if (isUniqueViolation(err)) throw duplicateClassName(input.name, input.grade);
    throw err;
  };
}

/** A new class (name trimmed by the caller); unless `enrolAll` is false every student of its grade joins it. */
export async function createClass(db: Db, input: ClassInput, enrolAll: boolean): Promise<ClassView> {
  const id = await db
    .transaction()
    .execute(async (trx) => {
      await assertTeacherExists(trx, input.teacher_id);
      await assertClassNameFree(trx, input.name, input.grade);
      const row = await trx.insertInto('classes').values(input).returning('id').executeTakeFirstOrThrow();
      if (enrolAll) await assignGradeStudentsToClass(trx, row.id, input.grade);
      return row.id;
    })
    .catch(duplicateNameOnRace(input));
  return requireClass(db, id);
}

/** Replaces a class; a grade change moves its grade-assigned students to the new grade's. */
export async function replaceClass(db: Db, id: number, input: ClassInput): Promise<ClassView> {
  await db
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom('classes').select(['id', 'grade']).where('id', '=', id).executeTakeFirst();
      if (!current) throw missingRecord('class', 'Class not found');
      await assertTeacherExists(trx, input.teacher_id);
      await assertClassNameFree(trx, input.name, input.grade, id);
      await trx.updateTable('classes').set(input).where('id', '=', id).execute();
      if (current.grade !== input.grade) {
        await unassignGradeFromClass(trx, id, current.grade);
        await assignGradeStudentsToClass(trx, id, input.grade);
      }
    })
    .catch(duplicateNameOnRace(input));
  return requireClass(db, id);
}

/** Deletes a class and everything below it (the database cascades; forum rows have no foreign key). */
export async function deleteClass(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('classes').where('id', '=', id).returning('id').executeTakeFirst();
    if (!gone) throw missingRecord('class', 'Class not found');
    await deleteOrphanForumRows(trx);
  });
}

export interface RosterFilter {
  /** in name or NIS */
  search?: string;
  /** also the deactivated students still assigned (marked `active: false`), for the admin who changes rosters */
  withDeactivated?: boolean;
  /** NIS ascending (ties by id) or descending */
  ascending: boolean;
}

/**
 * A class and one page of its students, read together; `authorize` (the caller's policy check) sees the class
 * before any student is read and throws to refuse.
 */
export async function classWithRoster(db: Db, id: number, filter: RosterFilter, page: Page, authorize: (cls: ClassView) => void) {
  return db.transaction().execute(async (trx) => {
    const cls = await requireClass(trx, id);
    authorize(cls);
    let q = trx
      .selectFrom('assigned_students_class')
      .innerJoin('students', 'students.id', 'assigned_students_class.student_id')
      .where('assigned_students_class.class_id', '=', id);
    if (!filter.withDeactivated) q = q.where(activeStudent('assigned_students_class.student_id'));
    const { search } = filter;
    if (search) q = q.where((eb) => eb.or([containsInsensitive(eb.ref('students.name_search'), searchText(search)), containsInsensitive(eb.ref('students.nis'), search)]));
    const direction = filter.ascending ? 'asc' : 'desc';
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const students = await q
      .selectAll('students')
      .select((eb) => eb.selectFrom('users').select('users.deactivated_at').whereRef('users.id', '=', 'students.user_id').as('deactivated_at'))
      .orderBy('students.nis', direction)
      .orderBy('students.id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { cls, students, total: toCount(total) };
  });
}

/** Assigns students to a class: not found for an unknown class, invalid for unknown students, a conflict (listing them) for any already assigned. */
export async function assignStudents(db: Db, classId: number, studentIds: number[]): Promise<void> {
  const ids = [...new Set(studentIds)];
  await db.transaction().execute(async (trx) => {
    const cls = await trx.selectFrom('classes').select('id').where('id', '=', classId).executeTakeFirst();
    if (!cls) throw missingRecord('class', 'Class not found');
    const existing = await trx.selectFrom('students').select('id').where('id', 'in', ids).execute();
    const known = new Set(existing.map((s) => s.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw invalid(`Unknown student ids: ${unknown.join(', ')}`, { code: 'unknown-students', params: { studentIds: unknown.join(', ') } });
    const already = await trx
      .selectFrom('assigned_students_class')
      .select('student_id')
      .where('class_id', '=', classId)
      .where('student_id', 'in', ids)
      .orderBy('student_id')
      .execute();
    if (already.length > 0) {
      const list = already.map((a) => a.student_id);
      throw clash(`Students already assigned to this class: ${list.join(', ')}`, { student_id: list, code: 'students-already-in-class', params: { studentIds: list.join(', ') } });
    }
    await trx
      .insertInto('assigned_students_class')
      .values(ids.map((student_id) => ({ student_id, class_id: classId })))
      .execute();
  });
}

/** Removes students from a class (those not in it are ignored); not found for an unknown class. */
export async function unassignStudents(db: Db, classId: number, studentIds: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const cls = await trx.selectFrom('classes').select('id').where('id', '=', classId).executeTakeFirst();
    if (!cls) throw missingRecord('class', 'Class not found');
    await trx.deleteFrom('assigned_students_class').where('class_id', '=', classId).where('student_id', 'in', studentIds).execute();
  });
}
