/** Student and teacher profiles with their login rows, created/updated/deleted together (caller's transaction). */
import {
  assertUsernameFree,
  createProfileUser,
  deleteOrphanForumRows,
  initialPasswordSet,
  setLoginActive,
  syncProfileUser,
  type ProfileRole,
} from './accounts';
import { assignStudentToGradeClasses, unassignStudentFromGrade } from './assignments';
import { sql } from 'kysely';
import { dbKindOf, type Db } from '../../db/connect';
import type { StudentRow, TeacherRow } from '../../db/schema';
import { clash, missingRecord } from '../errors';
import { searchText } from '@kelasku/shared-rules/src/search-text';

export interface StudentInput {
  name: string;
  nis: string;
  grade: number;
  status: string;
  phone_number?: string | null;
  curr_score?: number | null;
  profile_picture_url?: string | null;
}

export interface TeacherInput {
  name: string;
  nip: string;
  specialization: string;
  status: string;
  phone_number?: string | null;
  profile_picture_url?: string | null;
}

/** What tells the two profile tables apart; the NIS or NIP is also the login's username. */
interface ProfileKind {
  table: 'students' | 'teachers';
  numberColumn: 'nis' | 'nip';
  numberLabel: 'NIS' | 'NIP';
  role: ProfileRole;
  notFound: string;
}

const STUDENT: ProfileKind = {
  table: 'students',
  numberColumn: 'nis',
  numberLabel: 'NIS',
  role: 'student',
  notFound: 'Student not found',
};
const TEACHER: ProfileKind = {
  table: 'teachers',
  numberColumn: 'nip',
  numberLabel: 'NIP',
  role: 'teacher',
  notFound: 'Teacher not found',
};

/** The API shows `user_id` as a string, '' when the profile has no login. */
const userIdText = (userId: number | null) => (userId == null ? '' : String(userId));

/** Student as the API shows it (docs/api.md §2.2; `user_id` as a string). */
export function toStudentDto(row: StudentRow & WithLoginState) {
  return {
    id: row.id,
    name: row.name,
    nis: row.nis,
    phone_number: row.phone_number,
    grade: row.grade,
    curr_score: row.curr_score,
    status: row.status,
    profile_picture_url: row.profile_picture_url,
    user_id: userIdText(row.user_id),
    ...activeOf(row),
  };
}

export function toTeacherDto(row: TeacherRow & WithLoginState) {
  return {
    id: row.id,
    name: row.name,
    nip: row.nip,
    phone_number: row.phone_number,
    specialization: row.specialization,
    status: row.status,
    profile_picture_url: row.profile_picture_url,
    user_id: userIdText(row.user_id),
    ...activeOf(row),
  };
}

/** A profile row with its login's `deactivated_at` (see `withStudentLoginState`). */
type WithLoginState = { deactivated_at?: Date | string | null };

/** Profile columns plus the login's `deactivated_at`, for the admin's lists (`active` in the DTOs). */
export function withStudentLoginState(db: Db) {
  return db
    .selectFrom('students')
    .selectAll('students')
    .select((eb) =>
      eb
        .selectFrom('users')
        .select('users.deactivated_at')
        .whereRef('users.id', '=', 'students.user_id')
        .as('deactivated_at'),
    );
}

export function withTeacherLoginState(db: Db) {
  return db
    .selectFrom('teachers')
    .selectAll('teachers')
    .select((eb) =>
      eb
        .selectFrom('users')
        .select('users.deactivated_at')
        .whereRef('users.id', '=', 'teachers.user_id')
        .as('deactivated_at'),
    );
}

/** `active`: false while the login is deactivated (present only when the row was read with its login state). */
const activeOf = (row: WithLoginState) => ('deactivated_at' in row ? { active: row.deactivated_at == null } : {});

/**
 * Deactivate or reactivate the login of a student or teacher. 404 for an
 * unknown profile; 409 for a profile without a login.
 */
export async function setProfileActive(trx: Db, table: 'students' | 'teachers', id: number, active: boolean) {
  const kind = table === 'students' ? STUDENT : TEACHER;
  const row = await trx.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw missingRecord(kind.role, kind.notFound);
  if (row.user_id == null) throw clash('This profile has no login to deactivate', { code: 'no-login' });
  await setLoginActive(trx, row.user_id, active);
}

/** Gives the login of a student or teacher a new password hash (every session ends); not found without a login. */
export async function resetProfilePassword(
  db: Db,
  table: 'students' | 'teachers',
  id: number,
  passwordHash: string,
): Promise<void> {
  const row = await db.selectFrom(table).select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row || row.user_id == null)
    throw missingRecord(
      table === 'students' ? 'student' : 'teacher',
      (table === 'students' ? STUDENT : TEACHER).notFound,
    );
  await db.updateTable('users').set(initialPasswordSet(passwordHash)).where('id', '=', row.user_id).execute();
}

/** The NIS/NIP must be free both among the profiles and as a username; `current` is the profile being edited. */
async function assertNumberFree(
  trx: Db,
  kind: ProfileKind,
  number: string,
  current?: { id: number; user_id: number | null },
) {
  let q = trx.selectFrom(kind.table).select('id').where(kind.numberColumn, '=', number);
  if (current) q = q.where('id', '<>', current.id);
  if (await q.executeTakeFirst())
    throw clash(`${kind.numberLabel} ${number} already exists`, {
      code: kind.role === 'student' ? 'duplicate-nis' : 'duplicate-nip',
      params: { number },
    });
  await assertUsernameFree(trx, number, current?.user_id);
}

/** Columns students and teachers share, as written on insert and update. */
function sharedColumns(input: StudentInput | TeacherInput) {
  return {
    name: input.name,
    name_search: searchText(input.name),
    status: input.status,
    phone_number: input.phone_number ?? null,
    profile_picture_url: input.profile_picture_url ?? null,
  };
}

/** Checks the number and creates the profile's login; returns the new user id. */
async function createLogin(
  trx: Db,
  kind: ProfileKind,
  number: string,
  name: string,
  passwordHash: string,
): Promise<number> {
  await assertNumberFree(trx, kind, number);
  return createProfileUser(trx, { username: number, role: kind.role, displayName: name, passwordHash });
}

/** The login follows the profile's number (username) and name. */
async function syncLogin(trx: Db, kind: ProfileKind, userId: number | null, number: string, name: string) {
  if (userId != null) await syncProfileUser(trx, userId, { username: number, role: kind.role, displayName: name });
}

async function deleteProfile(trx: Db, kind: ProfileKind, id: number): Promise<void> {
  const current = await trx.selectFrom(kind.table).select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!current) throw missingRecord(kind.role, kind.notFound);
  await trx.deleteFrom(kind.table).where('id', '=', id).execute();
  if (current.user_id != null) await trx.deleteFrom('users').where('id', '=', current.user_id).execute();
  await deleteOrphanForumRows(trx);
}

/** Insert a student with their login (username = NIS); unless `joinClasses` is false they join every class of their grade. */
export async function createStudentRecord(
  trx: Db,
  input: StudentInput,
  passwordHash: string,
  joinClasses = true,
): Promise<StudentRow> {
  const user_id = await createLogin(trx, STUDENT, input.nis, input.name, passwordHash);
  const row = await trx
    .insertInto('students')
    .values({
      ...sharedColumns(input),
      nis: input.nis,
      grade: input.grade,
      curr_score: input.curr_score ?? null,
      user_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (joinClasses) await assignStudentToGradeClasses(trx, row.id, row.grade);
  return row;
}

/** Full replace of a student; username follows NIS; a grade change moves the class assignments to the new grade. */
export async function updateStudentRecord(trx: Db, id: number, input: StudentInput): Promise<StudentRow> {
  const current = await trx.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw missingRecord('student', STUDENT.notFound);
  if (input.nis !== current.nis) await assertNumberFree(trx, STUDENT, input.nis, current);
  const row = await trx
    .updateTable('students')
    .set({
      ...sharedColumns(input),
      nis: input.nis,
      grade: input.grade,
      curr_score: input.curr_score ?? null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await syncLogin(trx, STUDENT, current.user_id, input.nis, input.name);
  if (current.grade !== input.grade) {
    await unassignStudentFromGrade(trx, id, current.grade);
    await assignStudentToGradeClasses(trx, id, input.grade);
  }
  return row;
}

/**
 * Deleting a student removes their answers, grades, replies and the posts nobody else replied to. A post other
 * students replied to stays with its replies; its author becomes null (ON DELETE SET NULL).
 */
export async function deleteStudentRecord(trx: Db, id: number): Promise<void> {
  for (const [kind, table] of [
    ['general', 'general_forum'],
    ['material', 'material_forum'],
  ] as const) {
    await trx
      .deleteFrom(table)
      .where('student_id', '=', id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('discussion_replies')
              .select('discussion_replies.id')
              .where('discussion_replies.kind', '=', kind)
              .whereRef('discussion_replies.discussion_id', '=', `${table}.id`)
              // someone else's reply: another student's or a teacher's (student_id null)
              .where((eb) =>
                eb.or([eb('discussion_replies.student_id', '<>', id), eb('discussion_replies.student_id', 'is', null)]),
              ),
          ),
        ),
      )
      .execute();
  }
  await deleteProfile(trx, STUDENT, id);
}

export async function createTeacherRecord(trx: Db, input: TeacherInput, passwordHash: string): Promise<TeacherRow> {
  const user_id = await createLogin(trx, TEACHER, input.nip, input.name, passwordHash);
  return trx
    .insertInto('teachers')
    .values({ ...sharedColumns(input), nip: input.nip, specialization: input.specialization, user_id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTeacherRecord(trx: Db, id: number, input: TeacherInput): Promise<TeacherRow> {
  const current = await trx.selectFrom('teachers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw missingRecord('teacher', TEACHER.notFound);
  if (input.nip !== current.nip) await assertNumberFree(trx, TEACHER, input.nip, current);
  const row = await trx
    .updateTable('teachers')
    .set({
      ...sharedColumns(input),
      nip: input.nip,
      specialization: input.specialization,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await syncLogin(trx, TEACHER, current.user_id, input.nip, input.name);
  return row;
}

/** The classes a teacher teaches, as the 409 of a refused deletion lists them. */
export async function classesOfTeacher(trx: Db, teacherId: number) {
  return trx
    .selectFrom('classes')
    .select(['id', 'name', 'grade'])
    .where('teacher_id', '=', teacherId)
    .orderBy('grade')
    .orderBy('name')
    .execute();
}

/**
 * A person's deletion never removes a class's work: refused (409, listing the classes) while the teacher still
 * teaches classes. Materials, exercises and exams they wrote in other teachers' classes stay, handed to the class's
 * teacher. On PostgreSQL the teacher row is locked first, so a class cannot be given to them meanwhile.
 */
export async function deleteTeacherRecord(trx: Db, id: number): Promise<void> {
  let q = trx.selectFrom('teachers').select('id').where('id', '=', id);
  if (dbKindOf(trx) === 'postgres') q = q.forUpdate();
  if (!(await q.executeTakeFirst())) throw missingRecord('teacher', TEACHER.notFound);
  const classes = await classesOfTeacher(trx, id);
  if (classes.length > 0) {
    const list = classes.map((c) => `${c.name} (grade ${c.grade})`).join(', ');
    throw clash(
      `This teacher still teaches ${classes.length === 1 ? 'a class' : `${classes.length} classes`}: ${list}. Give ${classes.length === 1 ? 'it' : 'them'} to another teacher first.`,
      {
        classes,
        code: 'teacher-has-classes',
        params: { count: classes.length, classes: list },
      },
    );
  }
  // Each piece of work goes to the current teacher of its class.
  await trx
    .updateTable('materials')
    .set({ teacher_id: sql<number>`(select c.teacher_id from classes c where c.id = materials.class_id)` })
    .where('teacher_id', '=', id)
    .execute();
  await trx
    .updateTable('exams')
    .set({ teacher_id: sql<number>`(select c.teacher_id from classes c where c.id = exams.class_id)` })
    .where('teacher_id', '=', id)
    .execute();
  await trx
    .updateTable('exercises')
    .set({
      teacher_id: sql<number>`(select c.teacher_id from materials m join classes c on c.id = m.class_id where m.id = exercises.material_id)`,
    })
    .where('teacher_id', '=', id)
    .execute();
  await deleteProfile(trx, TEACHER, id);
}
