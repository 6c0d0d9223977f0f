/** Classes and their rosters (routes/classes): reads and writes, each write in its own transaction; throws domain errors. */
import { searchText } from '@kelasku/shared-rules/src/search-text';
import { classNameKey, duplicateClassNameMessage, restoreNameTakenMessage } from '@kelasku/shared-rules';
import { deleteOrphanForumRows } from './accounts';
import { assertOpenClass } from './common';
import { assignGradeStudentsToClass, unassignGradeFromClass } from './assignments';
import type { Db } from '../../db/connect';
import { preparedRead } from '../../db/prepared';
import { containsInsensitive, isUniqueViolation, toCount } from '../../db/sql-helpers';
import { isoFromDb, toDbTime } from '../../db/time';
import { clash, invalid, missingRecord } from '../errors';
import { activeStudent } from './members';
import {
  CLASSES_OF_STUDENT_SQL,
  COUNT_CLASSES_OF_STUDENT_SQL,
  type SessionColumns,
  withSessionColumns,
} from './hot-reads';

/** A class as every list shows it: with its teacher's name ('' without one) and how many members it has (members.ts). */
export interface ClassView {
  id: number;
  name: string;
  description: string;
  teacher_id: number;
  teacher_name: string;
  grade: number;
  student_count: number;
  /** RFC 3339 when archived, else null (always set; optional on the wire for older clients) */
  archived_at?: string | null;
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
      'classes.archived_at',
      eb.fn.coalesce('teachers.name', eb.val('')).as('teacher_name'),
      eb
        .selectFrom('assigned_students_class')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('assigned_students_class.class_id', '=', 'classes.id')
        .where(activeStudent('assigned_students_class.student_id'))
        .as('student_count'),
    ]);
}

export type ClassRow = Omit<ClassView, 'student_count' | 'archived_at'> & {
  student_count: unknown;
  archived_at: Date | string | null;
};

function toClassView(row: ClassRow): ClassView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    teacher_id: row.teacher_id,
    teacher_name: row.teacher_name,
    grade: row.grade,
    student_count: toCount(row.student_count),
    archived_at: row.archived_at === null ? null : isoFromDb(row.archived_at),
  };
}

/**
 * One page of classes (of one grade, when given) ordered by id, and how many there are in all: the classes in use, or
 * with `archived` only the archived ones.
 */
export async function listClasses(db: Db, grade: number | undefined, page: Page, archived = false) {
  return db.transaction().execute(async (trx) => {
    let count = trx
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('archived_at', archived ? 'is not' : 'is', null);
    let rows = classesQuery(trx).where('classes.archived_at', archived ? 'is not' : 'is', null);
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

/** The classes a teacher teaches, ordered by id (archived ones left out). */
export async function classesTaughtBy(db: Db, teacherId: number): Promise<ClassView[]> {
  const rows = await classesQuery(db)
    .where('classes.teacher_id', '=', teacherId)
    .where('classes.archived_at', 'is', null)
    .orderBy('classes.id')
    .execute();
  return rows.map(toClassView);
}

/** Every open class of these grades (their names, for matching the classes an import names; archived ones hold no name). */
export async function classesOfGrades(
  db: Db,
  grades: number[],
): Promise<{ id: number; name: string; grade: number }[]> {
  if (grades.length === 0) return [];
  return db
    .selectFrom('classes')
    .select(['id', 'name', 'grade'])
    .where('grade', 'in', grades)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The first class (by id) a teacher teaches in a grade, and how many they teach there (archived ones left out). */
export async function firstClassOfTeacher(db: Db, teacherId: number, grade: number) {
  const rows = await db
    .selectFrom('classes')
    .select('id')
    .where('grade', '=', grade)
    .where('teacher_id', '=', teacherId)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
  return { class_id: rows.length > 0 ? rows[0].id : null, total: rows.length };
}

/** One page of the classes a student is assigned to: one prepared statement, the total riding on each row (every student dashboard reads it). */
const CLASSES_OF_STUDENT_WITH_SESSION_SQL = withSessionColumns(CLASSES_OF_STUDENT_SQL, 4);

/** `session`: the session check of user `sessionUserId` done by the same statement (undefined: the page is empty). */
export async function classesOfStudent(db: Db, studentId: number, page: Page, sessionUserId: number) {
  const rows = await preparedRead(
    db,
    CLASSES_OF_STUDENT_WITH_SESSION_SQL,
  )([studentId, page.limit, page.offset, sessionUserId]);
  const total =
    rows.length > 0
      ? rows[0].total
      : page.offset === 0
        ? 0
        : (await preparedRead(db, COUNT_CLASSES_OF_STUDENT_SQL)([studentId]))[0]?.n;
  const session: SessionColumns | undefined = rows[0];
  return { classes: rows.map(toClassView), total: toCount(total), session };
}

/** One page of the archived classes a student was in (their results stay readable), ordered by id, and how many. */
export async function archivedClassesOfStudent(db: Db, studentId: number, page: Page) {
  const mine = db.selectFrom('assigned_students_class').select('class_id').where('student_id', '=', studentId);
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('id', 'in', mine)
      .where('archived_at', 'is not', null)
      .executeTakeFirstOrThrow(),
    classesQuery(db)
      .where('classes.id', 'in', mine)
      .where('classes.archived_at', 'is not', null)
      .orderBy('classes.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { classes: rows.map(toClassView), total: toCount(total) };
}

async function assertTeacherExists(db: Db, teacherId: number) {
  const teacher = await db.selectFrom('teachers').select('id').where('id', '=', teacherId).executeTakeFirst();
  if (!teacher)
    throw invalid(`teacher_id ${teacherId} does not exist`, { code: 'unknown-teacher', params: { teacherId } });
}

const duplicateClassName = (name: string, grade: number) =>
  clash(duplicateClassNameMessage(name, grade), { code: 'duplicate-class-name', params: { name, grade } });

/** The class in use (not archived) of the grade that holds this name as a reader sees it (classNameKey), if any. */
async function holderOfName(db: Db, name: string, grade: number, exceptId?: number) {
  let q = db
    .selectFrom('classes')
    .select(['id', 'name'])
    .where('grade', '=', grade)
    .where('name_key', '=', classNameKey(name))
    .where('archived_at', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** A conflict when another class in use of the grade already has this name; `exceptId` is the class being renamed. */
async function assertClassNameFree(db: Db, name: string, grade: number, exceptId?: number) {
  const taken = await holderOfName(db, name, grade, exceptId);
  if (taken) throw duplicateClassName(taken.name, grade);
}

/** What the classes table stores for a class written from `input` (its name's key beside it). */
const classValues = (input: ClassInput) => ({ ...input, name_key: classNameKey(input.name) });

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
      const row = await trx.insertInto('classes').values(classValues(input)).returning('id').executeTakeFirstOrThrow();
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
      await assertOpenClass(trx, id);
      await assertTeacherExists(trx, input.teacher_id);
      await assertClassNameFree(trx, input.name, input.grade, id);
      await trx.updateTable('classes').set(classValues(input)).where('id', '=', id).execute();
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

/**
 * Archives a class: read-only from now on, hidden from its teacher's and students' lists, its name free for a new
 * class of the grade; kept whole (roster, work, grades) for reports and for a restore. Archiving twice keeps the
 * first date.
 */
export async function archiveClass(db: Db, id: number): Promise<ClassView> {
  const found = await db
    .updateTable('classes')
    .set({ archived_at: toDbTime() })
    .where('id', '=', id)
    .returning('archived_at')
    .executeTakeFirst();
  if (!found) throw missingRecord('class', 'Class not found');
  return requireClass(db, id);
}

/** Brings an archived class back into use; refused while another class of its grade holds its name. */
export async function restoreClass(db: Db, id: number): Promise<ClassView> {
  await db
    .transaction()
    .execute(async (trx) => {
      const cls = await trx
        .selectFrom('classes')
        .select(['name', 'grade', 'archived_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!cls) throw missingRecord('class', 'Class not found');
      if (cls.archived_at === null) throw clash('This class is not archived', { code: 'class-not-archived' });
      const holder = await holderOfName(trx, cls.name, cls.grade, id);
      if (holder) throw restoreNameTaken(holder.name, cls.grade);
      await trx.updateTable('classes').set({ archived_at: null }).where('id', '=', id).execute();
    })
    .catch((err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      return refuseRestoreAfterRace(db, id);
    });
  return requireClass(db, id);
}

const restoreNameTaken = (name: string, grade: number) =>
  clash(restoreNameTakenMessage(name, grade), { code: 'restore-name-taken', params: { name, grade } });

/** A restore that raced a class taking the name: the same refusal, naming the class as stored. */
async function refuseRestoreAfterRace(db: Db, id: number): Promise<never> {
  const cls = await db.selectFrom('classes').select(['name', 'grade']).where('id', '=', id).executeTakeFirstOrThrow();
  throw restoreNameTaken(cls.name, cls.grade);
}

/** What deleting a class takes with it: its roster, materials, exercises, exams, answer sheets, grades and discussions, in one read. */
export async function classImpact(db: Db, id: number) {
  const row = await db
    .selectFrom('classes as c')
    .where('c.id', '=', id)
    .select((eb) => {
      const materials = eb.selectFrom('materials as m').select('m.id').whereRef('m.class_id', '=', 'c.id');
      const exercises = eb.selectFrom('exercises as e').select('e.id').where('e.material_id', 'in', materials);
      const exams = eb.selectFrom('exams as x').select('x.id').whereRef('x.class_id', '=', 'c.id');
      return [
        'c.id',
        'c.name',
        'c.grade',
        'c.archived_at',
        eb
          .selectFrom('assigned_students_class as a')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('a.class_id', '=', 'c.id')
          .as('students'),
        eb
          .selectFrom('materials as m')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('m.class_id', '=', 'c.id')
          .as('materials'),
        eb
          .selectFrom('exercises as e')
          .select((e) => e.fn.countAll().as('n'))
          .where('e.material_id', 'in', materials)
          .as('exercises'),
        eb
          .selectFrom('exams as x')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('x.class_id', '=', 'c.id')
          .as('exams'),
        eb
          .selectFrom('exercise_answers as s')
          .select((e) => e.fn.countAll().as('n'))
          .where('s.exercise_id', 'in', exercises)
          .as('exercise_sheets'),
        eb
          .selectFrom('exam_answers as s')
          .select((e) => e.fn.countAll().as('n'))
          .where('s.exam_id', 'in', exams)
          .as('exam_sheets'),
        eb
          .selectFrom('exercise_scores as g')
          .select((e) => e.fn.countAll().as('n'))
          .where('g.exercise_id', 'in', exercises)
          .as('exercise_grades'),
        eb
          .selectFrom('exam_scores as g')
          .select((e) => e.fn.countAll().as('n'))
          .where('g.exam_id', 'in', exams)
          .as('exam_grades'),
        eb
          .selectFrom('material_forum as f')
          .select((e) => e.fn.countAll().as('n'))
          .where('f.material_id', 'in', materials)
          .as('discussions'),
      ];
    })
    .executeTakeFirst();
  if (!row) throw missingRecord('class', 'Class not found');
  return {
    id: row.id,
    name: row.name,
    grade: row.grade,
    archived_at: row.archived_at === null ? null : isoFromDb(row.archived_at),
    students: toCount(row.students),
    materials: toCount(row.materials),
    exercises: toCount(row.exercises),
    exams: toCount(row.exams),
    answer_sheets: toCount(row.exercise_sheets) + toCount(row.exam_sheets),
    grades: toCount(row.exercise_grades) + toCount(row.exam_grades),
    discussions: toCount(row.discussions),
  };
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
export async function classWithRoster(
  db: Db,
  id: number,
  filter: RosterFilter,
  page: Page,
  authorize: (cls: ClassView) => void,
) {
  return db.transaction().execute(async (trx) => {
    const cls = await requireClass(trx, id);
    authorize(cls);
    let q = trx
      .selectFrom('assigned_students_class')
      .innerJoin('students', 'students.id', 'assigned_students_class.student_id')
      .where('assigned_students_class.class_id', '=', id);
    if (!filter.withDeactivated) q = q.where(activeStudent('assigned_students_class.student_id'));
    const { search } = filter;
    if (search)
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(eb.ref('students.name_search'), searchText(search)),
          containsInsensitive(eb.ref('students.nis'), search),
        ]),
      );
    const direction = filter.ascending ? 'asc' : 'desc';
    const { total } = await q.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
    const students = await q
      .selectAll('students')
      .select((eb) =>
        eb
          .selectFrom('users')
          .select('users.deactivated_at')
          .whereRef('users.id', '=', 'students.user_id')
          .as('deactivated_at'),
      )
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
    await assertOpenClass(trx, classId);
    const existing = await trx.selectFrom('students').select('id').where('id', 'in', ids).execute();
    const known = new Set(existing.map((s) => s.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw invalid(`Unknown student ids: ${unknown.join(', ')}`, {
        code: 'unknown-students',
        params: { studentIds: unknown.join(', ') },
      });
    const already = await trx
      .selectFrom('assigned_students_class')
      .select('student_id')
      .where('class_id', '=', classId)
      .where('student_id', 'in', ids)
      .orderBy('student_id')
      .execute();
    if (already.length > 0) {
      const list = already.map((a) => a.student_id);
      throw clash(`Students already assigned to this class: ${list.join(', ')}`, {
        student_id: list,
        code: 'students-already-in-class',
        params: { studentIds: list.join(', ') },
      });
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
    await assertOpenClass(trx, classId);
    await trx
      .deleteFrom('assigned_students_class')
      .where('class_id', '=', classId)
      .where('student_id', 'in', studentIds)
      .execute();
  });
}
