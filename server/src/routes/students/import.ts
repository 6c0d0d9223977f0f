/** Validation of CSV-import rows (all-or-nothing): every problem is reported with its 1-based row and field. */
import type { Db } from '../../db/connect';
import { createStudentRecord, toStudentDto, type StudentInput } from '../../db/profiles';
import { generateInitialPassword, hashPasswordsInBatches } from '../../plugins/passwords';
import { GRADES } from './schemas';
import { loginNameProblem, normalizeLoginName } from '../../domain/login-names';

export interface ImportError {
  row: number;
  field: string;
  message: string;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Checks each row on its own, then NIS duplicates inside the file and against existing students/usernames. */
export async function validateImportRows(db: Db, rows: unknown[]): Promise<{ inputs: StudentInput[]; errors: ImportError[] }> {
  const errors: ImportError[] = [];
  const inputs: StudentInput[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const r = (raw ?? {}) as Record<string, unknown>;
    const name = text(r.name);
    const nis = normalizeLoginName(text(r.nis));
    const gradeText = text(r.grade);
    const status = text(r.status) || 'Active';
    if (!name) errors.push({ row, field: 'name', message: 'name is required' });
    else if (name.length > 100) errors.push({ row, field: 'name', message: 'name must be at most 100 characters' });
    if (!nis) errors.push({ row, field: 'nis', message: 'nis is required' });
    else if (!/^\S{1,50}$/.test(nis)) errors.push({ row, field: 'nis', message: 'nis must be 1–50 characters without spaces' });
    else if (loginNameProblem(nis)) errors.push({ row, field: 'nis', message: `nis ${loginNameProblem(nis)}` });
    else if (seen.has(nis)) errors.push({ row, field: 'nis', message: `nis ${nis} is repeated (first on row ${seen.get(nis)})` });
    else seen.set(nis, row);
    const grade = Number(gradeText);
    if (!(GRADES as readonly number[]).includes(grade)) errors.push({ row, field: 'grade', message: 'grade must be 10, 11 or 12' });
    if (status.length > 50) errors.push({ row, field: 'status', message: 'status must be at most 50 characters' });
    inputs.push({ name, nis, grade, status });
  });
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
export async function createImportedStudents(db: Db, inputs: StudentInput[]) {
  const passwords = inputs.map(() => generateInitialPassword());
  const hashes = await hashPasswordsInBatches(passwords);
  return db.transaction().execute(async (trx) => {
    const out = [];
    for (let i = 0; i < inputs.length; i++) {
      const row = await createStudentRecord(trx, inputs[i], hashes[i]);
      out.push({ ...toStudentDto(row), initial_password: passwords[i] });
    }
    return out;
  });
}
