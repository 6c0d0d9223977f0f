/**
 * Bulk roster changes (routes/classes/roster-changes.ts): students selected on a class's roster join another class of
 * its grade, move there, or leave. One transaction: every id is checked first and any bad one refuses the whole change.
 */
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import type { Db } from '../../db/connect';
import { clash, invalid, missingRecord } from '../errors';
import { assertOpenClass } from './common';

export interface RosterChangeRequest {
  change: RosterChange;
  /** the class whose roster the students were selected on */
  classId: number;
  /** the other class (assign and move) */
  targetId?: number;
  /** distinct ids */
  studentIds: number[];
}

async function classFacts(trx: Db, id: number) {
  const cls = await trx.selectFrom('classes').select(['id', 'name', 'grade']).where('id', '=', id).executeTakeFirst();
  if (!cls) throw missingRecord('class', `Class ${id} not found`);
  return cls;
}

const idList = (ids: number[]) => ids.join(', ');

/** The target of an assign or a move: another class of the same grade. */
async function targetOf(trx: Db, from: { id: number; grade: number }, targetId: number) {
  const to = await classFacts(trx, targetId);
  if (to.id === from.id) throw invalid('Choose another class than this one', { code: 'roster-same-class' });
  if (to.grade !== from.grade) {
    const params = { name: to.name, grade: to.grade, classGrade: from.grade };
    throw invalid(
      `${to.name} is a grade ${to.grade} class: students move only between classes of grade ${from.grade}`,
      { code: 'roster-other-grade', params },
    );
  }
  return to;
}

/** Refuses ids that are no student (400), students not in the class (409) and, for a target, students already there (409). */
async function checkStudents(trx: Db, classId: number, studentIds: number[], target?: { id: number; name: string }) {
  const known = new Set(
    (await trx.selectFrom('students').select('id').where('id', 'in', studentIds).execute()).map((s) => s.id),
  );
  const unknown = studentIds.filter((id) => !known.has(id)).sort((x, y) => x - y);
  if (unknown.length > 0) {
    throw invalid(`Unknown student ids: ${idList(unknown)}`, {
      student_id: unknown,
      code: 'unknown-students',
      params: { studentIds: idList(unknown) },
    });
  }
  const membersOf = async (id: number) =>
    new Set(
      (
        await trx
          .selectFrom('assigned_students_class')
          .select('student_id')
          .where('class_id', '=', id)
          .where('student_id', 'in', studentIds)
          .execute()
      ).map((a) => a.student_id),
    );
  const members = await membersOf(classId);
  const outside = studentIds.filter((id) => !members.has(id)).sort((x, y) => x - y);
  if (outside.length > 0) {
    throw clash(`Students not in this class: ${idList(outside)}`, {
      student_id: outside,
      code: 'students-not-in-class',
      params: { studentIds: idList(outside) },
    });
  }
  if (!target) return;
  const there = [...(await membersOf(target.id))].sort((x, y) => x - y);
  if (there.length > 0) {
    const params = { name: target.name, studentIds: idList(there) };
    throw clash(`Students already in ${target.name}: ${params.studentIds}`, {
      student_id: there,
      code: 'students-already-in-target',
      params,
    });
  }
}

/** Applies the change (all or nothing); returns how many students it moved. */
export async function changeRoster(db: Db, request: RosterChangeRequest): Promise<number> {
  const { change, classId, targetId, studentIds } = request;
  return db.transaction().execute(async (trx) => {
    const from = await classFacts(trx, classId);
    const to = change === 'unassign' ? undefined : await targetOf(trx, from, targetId ?? 0);
    // an archived class is read-only, as the class it is moved into or out of
    await assertOpenClass(trx, from.id);
    if (to) await assertOpenClass(trx, to.id);
    await checkStudents(trx, from.id, studentIds, to);
    if (to)
      await trx
        .insertInto('assigned_students_class')
        .values(studentIds.map((student_id) => ({ student_id, class_id: to.id })))
        .execute();
    if (change !== 'assign')
      await trx
        .deleteFrom('assigned_students_class')
        .where('class_id', '=', from.id)
        .where('student_id', 'in', studentIds)
        .execute();
    return studentIds.length;
  });
}
