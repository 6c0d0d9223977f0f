/** Student and teacher profiles with their login rows, created/updated/deleted together (caller's transaction). */
import { assertUsernameFree, createProfileUser, deleteOrphanForumRows, syncProfileUser, type ProfileRole } from './accounts';
import { assignStudentToGradeClasses, unassignStudentFromGrade } from './assignments';
import type { Db } from './connect';
import type { StudentRow, TeacherRow } from './schema';
import { conflict, notFound } from '../plugins/errors';

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

const STUDENT: ProfileKind = { table: 'students', numberColumn: 'nis', numberLabel: 'NIS', role: 'student', notFound: 'Student not found' };
const TEACHER: ProfileKind = { table: 'teachers', numberColumn: 'nip', numberLabel: 'NIP', role: 'teacher', notFound: 'Teacher not found' };

/** The API shows `user_id` as a string, '' when the profile has no login. */
const userIdText = (userId: number | null) => (userId == null ? '' : String(userId));

/** Student as the API shows it (api-contract.md §2.2; `user_id` as a string). */
export function toStudentDto(row: StudentRow) {
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
  };
}

export function toTeacherDto(row: TeacherRow) {
  return {
    id: row.id,
    name: row.name,
    nip: row.nip,
    phone_number: row.phone_number,
    specialization: row.specialization,
    status: row.status,
    profile_picture_url: row.profile_picture_url,
    user_id: userIdText(row.user_id),
  };
}

/** The NIS/NIP must be free both among the profiles and as a username; `current` is the profile being edited. */
async function assertNumberFree(trx: Db, kind: ProfileKind, number: string, current?: { id: number; user_id: number | null }) {
  let q = trx.selectFrom(kind.table).select('id').where(kind.numberColumn, '=', number);
  if (current) q = q.where('id', '<>', current.id);
  if (await q.executeTakeFirst()) throw conflict(`${kind.numberLabel} ${number} already exists`);
  await assertUsernameFree(trx, number, current?.user_id);
}

/** Columns students and teachers share, as written on insert and update. */
function sharedColumns(input: StudentInput | TeacherInput) {
  return {
    name: input.name,
    status: input.status,
    phone_number: input.phone_number ?? null,
    profile_picture_url: input.profile_picture_url ?? null,
  };
}

/** Checks the number and creates the profile's login; returns the new user id. */
async function createLogin(trx: Db, kind: ProfileKind, number: string, name: string, passwordHash: string): Promise<number> {
  await assertNumberFree(trx, kind, number);
  return createProfileUser(trx, { username: number, role: kind.role, displayName: name, passwordHash });
}

/** The login follows the profile's number (username) and name. */
async function syncLogin(trx: Db, kind: ProfileKind, userId: number | null, number: string, name: string) {
  if (userId != null) await syncProfileUser(trx, userId, { username: number, role: kind.role, displayName: name });
}

async function deleteProfile(trx: Db, kind: ProfileKind, id: number): Promise<void> {
  const current = await trx.selectFrom(kind.table).select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound(kind.notFound);
  await trx.deleteFrom(kind.table).where('id', '=', id).execute();
  if (current.user_id != null) await trx.deleteFrom('users').where('id', '=', current.user_id).execute();
  await deleteOrphanForumRows(trx);
}

/** Insert a student with their login (username = NIS) and assign them to every class of their grade. */
export async function createStudentRecord(trx: Db, input: StudentInput, passwordHash: string): Promise<StudentRow> {
  const user_id = await createLogin(trx, STUDENT, input.nis, input.name, passwordHash);
  const row = await trx
    .insertInto('students')
    .values({ ...sharedColumns(input), nis: input.nis, grade: input.grade, curr_score: input.curr_score ?? null, user_id })
    .returningAll()
    .executeTakeFirstOrThrow();
  await assignStudentToGradeClasses(trx, row.id, row.grade);
  return row;
}

/** Full replace of a student; username follows NIS; a grade change moves the class assignments to the new grade. */
export async function updateStudentRecord(trx: Db, id: number, input: StudentInput): Promise<StudentRow> {
  const current = await trx.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound(STUDENT.notFound);
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

export async function deleteStudentRecord(trx: Db, id: number): Promise<void> {
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
  if (!current) throw notFound(TEACHER.notFound);
  if (input.nip !== current.nip) await assertNumberFree(trx, TEACHER, input.nip, current);
  const row = await trx
    .updateTable('teachers')
    .set({ ...sharedColumns(input), nip: input.nip, specialization: input.specialization, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await syncLogin(trx, TEACHER, current.user_id, input.nip, input.name);
  return row;
}

/** Deleting a teacher cascades to their classes and everything below them (api-contract.md §2.3). */
export async function deleteTeacherRecord(trx: Db, id: number): Promise<void> {
  await deleteProfile(trx, TEACHER, id);
}
