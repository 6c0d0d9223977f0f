/** Validation of CSV-import rows (all-or-nothing): every problem is reported with its 1-based row and field. */
import type { Db } from '../../db/connect';
import { createStudentRecord, toStudentDto, type StudentInput } from '../../db/profiles';
import { generateInitialPassword, hashPasswordsInBatches } from '../../lib/passwords';
import { checkStudentRows, type ImportRowError } from '@kelasku/shared-rules';

export type ImportError = ImportRowError;

/** Checks each row by the rules the admin's preview also applies, then NIS already used by students or usernames. */
export async function validateImportRows(db: Db, rows: unknown[]): Promise<{ inputs: StudentInput[]; errors: ImportError[] }> {
  const { inputs, errors, firstRowOfNis: seen } = checkStudentRows(rows);
  const numbers = [...seen.keys()];
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500);
    const taken = await db.selectFrom('users').select('username').where('username', 'in', chunk).execute();
    const takenNis = await db.selectFrom('students').select('nis').where('nis', 'in', chunk).execute();
    const all = new Set([...taken.map((t) => t.username), ...takenNis.map((t) => t.nis)]);
    for (const nis of all) errors.push({ row: seen.get(nis) ?? 0, field: 'nis', message: `nis ${nis} already exists` });
  }
  errors.sort((a, b) => a.row - b.row);
  return { inputs, errors };
}

/**
 * Creates the validated students (all or nothing), each with a random initial password shown once. The passwords
 * are hashed before the transaction, a few at a time at background priority, so the sign-ins that arrive meanwhile
 * are served first and no database transaction stays open while hashing.
 */
export async function createImportedStudents(db: Db, inputs: StudentInput[], joinClasses = true) {
  const passwords = inputs.map(() => generateInitialPassword());
  const hashes = await hashPasswordsInBatches(passwords);
  return db.transaction().execute(async (trx) => {
    const out = [];
    for (let i = 0; i < inputs.length; i++) {
      const row = await createStudentRecord(trx, inputs[i], hashes[i], joinClasses);
      out.push({ ...toStudentDto(row), initial_password: passwords[i] });
    }
    return out;
  });
}
