/** Student and teacher profiles with their login rows, created/updated/deleted together (caller's transaction). */
import { assertUsernameFree, createProfileUser, deleteOrphanForumRows, syncProfileUser } from './accounts';
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
    user_id: row.user_id == null ? '' : String(row.user_id),
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
    user_id: row.user_id == null ? '' : String(row.user_id),
  };
}

async function assertNisFree(trx: Db, nis: string, exceptId?: number) {
  let q = trx.selectFrom('students').select('id').where('nis', '=', nis);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`NIS ${nis} already exists`);
}

async function assertNipFree(trx: Db, nip: string, exceptId?: number) {
  let q = trx.selectFrom('teachers').select('id').where('nip', '=', nip);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw conflict(`NIP ${nip} already exists`);
}

/** Insert a student with their login (username = NIS) and assign them to every class of their grade. */
export async function createStudentRecord(trx: Db, input: StudentInput, passwordHash: string): Promise<StudentRow> {
  await assertNisFree(trx, input.nis);
  await assertUsernameFree(trx, input.nis);
  const user_id = await createProfileUser(trx, { username: input.nis, role: 'student', displayName: input.name, passwordHash });
  const row = await trx
    .insertInto('students')
    .values({
      name: input.name,
      nis: input.nis,
      grade: input.grade,
      status: input.status,
      phone_number: input.phone_number ?? null,
      curr_score: input.curr_score ?? null,
      profile_picture_url: input.profile_picture_url ?? null,
      user_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await assignStudentToGradeClasses(trx, row.id, row.grade);
  return row;
}

/** Full replace of a student; username follows NIS; a grade change moves the class assignments to the new grade. */
export async function updateStudentRecord(trx: Db, id: number, input: StudentInput): Promise<StudentRow> {
  const current = await trx.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('Student not found');
  if (input.nis !== current.nis) {
    await assertNisFree(trx, input.nis, id);
    await assertUsernameFree(trx, input.nis, current.user_id);
  }
  const row = await trx
    .updateTable('students')
    .set({
      name: input.name,
      nis: input.nis,
      grade: input.grade,
      status: input.status,
      phone_number: input.phone_number ?? null,
      curr_score: input.curr_score ?? null,
      profile_picture_url: input.profile_picture_url ?? null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (current.user_id != null) await syncProfileUser(trx, current.user_id, { username: input.nis, role: 'student', displayName: input.name });
  if (current.grade !== input.grade) {
    await unassignStudentFromGrade(trx, id, current.grade);
    await assignStudentToGradeClasses(trx, id, input.grade);
  }
  return row;
}

export async function deleteStudentRecord(trx: Db, id: number): Promise<void> {
  const current = await trx.selectFrom('students').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('Student not found');
  await trx.deleteFrom('students').where('id', '=', id).execute();
  if (current.user_id != null) await trx.deleteFrom('users').where('id', '=', current.user_id).execute();
  await deleteOrphanForumRows(trx);
}

export async function createTeacherRecord(trx: Db, input: TeacherInput, passwordHash: string): Promise<TeacherRow> {
  await assertNipFree(trx, input.nip);
  await assertUsernameFree(trx, input.nip);
  const user_id = await createProfileUser(trx, { username: input.nip, role: 'teacher', displayName: input.name, passwordHash });
  return trx
    .insertInto('teachers')
    .values({
      name: input.name,
      nip: input.nip,
      specialization: input.specialization,
      status: input.status,
      phone_number: input.phone_number ?? null,
      profile_picture_url: input.profile_picture_url ?? null,
      user_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTeacherRecord(trx: Db, id: number, input: TeacherInput): Promise<TeacherRow> {
  const current = await trx.selectFrom('teachers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('Teacher not found');
  if (input.nip !== current.nip) {
    await assertNipFree(trx, input.nip, id);
    await assertUsernameFree(trx, input.nip, current.user_id);
  }
  const row = await trx
    .updateTable('teachers')
    .set({
      name: input.name,
      nip: input.nip,
      specialization: input.specialization,
      status: input.status,
      phone_number: input.phone_number ?? null,
      profile_picture_url: input.profile_picture_url ?? null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (current.user_id != null) await syncProfileUser(trx, current.user_id, { username: input.nip, role: 'teacher', displayName: input.name });
  return row;
}

/** Deleting a teacher cascades to their classes and everything below them (api-contract.md §2.3). */
export async function deleteTeacherRecord(trx: Db, id: number): Promise<void> {
  const current = await trx.selectFrom('teachers').select(['id', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('Teacher not found');
  await trx.deleteFrom('teachers').where('id', '=', id).execute();
  if (current.user_id != null) await trx.deleteFrom('users').where('id', '=', current.user_id).execute();
  await deleteOrphanForumRows(trx);
}
