/**
 * Teacher profiles with their logins (routes/teachers): each write in one transaction over profiles.ts, which
 * keeps a profile and its login in step; throws domain errors.
 */
import { searchText } from '@kelasku/shared-rules/src/search-text';
import type { Db } from '../../db/connect';
import {
  createTeacherRecord,
  deleteTeacherRecord,
  resetProfilePassword,
  setProfileActive,
  updateTeacherRecord,
  withTeacherLoginState,
  type TeacherInput,
} from './profiles';
import { containsInsensitive, startsWithInsensitive, toCount } from '../../db/sql-helpers';

export interface TeacherFilter {
  /** exact, or the start of a name with " &" ("Art" finds "Art & Culture") */
  specialization?: string;
  /** in name or NIP */
  search?: string;
  /** in NIP */
  searchNip?: string;
  ascending: boolean;
}

/** One page of teachers (with their login state) by NIP, and how many match in all. */
export async function listTeachers(db: Db, filter: TeacherFilter, page: { limit: number; offset: number }) {
  const direction = filter.ascending ? 'asc' : 'desc';
  const { specialization, search, searchNip } = filter;
  return db.transaction().execute(async (trx) => {
    let q = withTeacherLoginState(trx);
    if (specialization) {
      q = q.where((eb) =>
        eb.or([
          eb('specialization', '=', specialization),
          startsWithInsensitive(eb.ref('specialization'), `${specialization} &`),
        ]),
      );
    }
    if (search)
      q = q.where((eb) =>
        eb.or([
          containsInsensitive(eb.ref('name_search'), searchText(search)),
          containsInsensitive(eb.ref('nip'), search),
        ]),
      );
    if (searchNip) q = q.where((eb) => containsInsensitive(eb.ref('nip'), searchNip));
    const { total } = await q
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await q
      .orderBy('nip', direction)
      .orderBy('id', direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: toCount(total) };
  });
}

export function createTeacher(db: Db, input: TeacherInput, passwordHash: string) {
  return db.transaction().execute((trx) => createTeacherRecord(trx, input, passwordHash));
}

export function replaceTeacher(db: Db, id: number, input: TeacherInput) {
  return db.transaction().execute((trx) => updateTeacherRecord(trx, id, input));
}

export function deleteTeacher(db: Db, id: number) {
  return db.transaction().execute((trx) => deleteTeacherRecord(trx, id));
}

/** Deactivates or reactivates the teacher's login; returns the teacher with the new login state. */
export function setTeacherActive(db: Db, id: number, active: boolean) {
  return db.transaction().execute(async (trx) => {
    await setProfileActive(trx, 'teachers', id, active);
    return withTeacherLoginState(trx).where('teachers.id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Gives the teacher's login a new password hash (every session ends). */
export function resetTeacherPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  return resetProfilePassword(db, 'teachers', id, passwordHash);
}
