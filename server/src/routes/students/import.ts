/** The CSV import of students (all or nothing): every problem is reported with its 1-based row and field. */
import { checkStudentRows, type ImportRowError } from '@kelasku/shared-rules';
import type { Db } from '../../db/connect';
import { toStudentDto, type StudentInput } from '../../domain/repo/profiles';
import { invalid } from '../../domain/errors';
import { createStudents, takenStudentNumbers } from '../../domain/repo/students';
import { generateInitialPassword, hashPasswordsInBatches } from '../../lib/passwords';

/** Checks each row by the rules the admin's preview also applies, then NIS already used by students or usernames. */
async function validateImportRows(db: Db, rows: unknown[]): Promise<{ inputs: StudentInput[]; errors: ImportRowError[] }> {
  const { inputs, errors, firstRowOfNis: seen } = checkStudentRows(rows);
  for (const nis of await takenStudentNumbers(db, [...seen.keys()])) {
    errors.push({ row: seen.get(nis) ?? 0, field: 'nis', message: `nis ${nis} already exists`, code: 'duplicate-nis', params: { number: nis } });
  }
  errors.sort((a, b) => a.row - b.row);
  return { inputs, errors };
}

/**
 * Creates the validated students (all or nothing), each with a random initial password shown once. The passwords
 * are hashed before the transaction, a few at a time at background priority, so the sign-ins that arrive meanwhile
 * are served first and no database transaction stays open while hashing.
 */
async function createImportedStudents(db: Db, inputs: StudentInput[], joinClasses = true) {
  const passwords = inputs.map(() => generateInitialPassword());
  const rows = await createStudents(db, inputs, await hashPasswordsInBatches(passwords), joinClasses);
  return rows.map((row, i) => ({ ...toStudentDto(row), initial_password: passwords[i] }));
}

/** Validates the rows (refused as a whole, listing every problem) and, unless `dryRun`, creates the students. */
export async function importStudents(db: Db, rows: unknown[], options: { dryRun: boolean; joinClasses: boolean }) {
  const { inputs, errors } = await validateImportRows(db, rows);
  if (errors.length > 0) {
    const message = `Import rejected: ${errors.length} problem${errors.length === 1 ? '' : 's'} found, nothing was created`;
    throw invalid(message, { created: 0, errors, students: [], code: 'import-rejected', params: { count: errors.length } });
  }
  if (options.dryRun) return { created: 0, errors: [], students: [], valid: inputs.length };
  const created = await createImportedStudents(db, inputs, options.joinClasses);
  return { created: created.length, errors: [], students: created };
}
