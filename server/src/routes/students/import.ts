/** The CSV import of students (all or nothing): every problem is reported with its 1-based row and field. */
import { checkStudentRows, findClassByName, type ImportRowError, type ImportRowInput } from '@kelasku/shared-rules';
import type { Db } from '../../db/connect';
import { toStudentDto, type StudentInput } from '../../domain/repo/profiles';
import { invalid } from '../../domain/errors';
import { classesOfGrades } from '../../domain/repo/classes';
import { createStudents, takenStudentNumbers } from '../../domain/repo/students';
import { generateInitialPassword, hashPasswordsInBatches } from '../../lib/passwords';

/** A row to create: the student, and the class its row named (absent: the row named none). */
type ImportInput = StudentInput & { classId?: number };

/**
 * The class each row names (its rombel), looked up among the classes of the row's grade by the class-name rule; a
 * name the grade has no class of is the row's problem.
 */
async function matchClasses(db: Db, inputs: ImportRowInput[], errors: ImportRowError[]): Promise<ImportInput[]> {
  // a row whose grade or class cell is already wrong has that problem, not this one
  const badGrade = new Set(errors.filter((e) => e.field === 'grade' || e.field === 'class').map((e) => e.row));
  const named = inputs.filter((input, i) => input.class !== undefined && !badGrade.has(i + 1));
  const classes = named.length === 0 ? [] : await classesOfGrades(db, [...new Set(named.map((input) => input.grade))]);
  return inputs.map(({ class: className, ...input }, i) => {
    if (className === undefined || badGrade.has(i + 1)) return input;
    const found = findClassByName(classes, input.grade, className);
    if (found) return { ...input, classId: found.id };
    const params = { field: 'class', name: className, grade: input.grade };
    const message = `class "${className}" does not exist in grade ${input.grade}`;
    errors.push({ row: i + 1, field: 'class', message, code: 'import-class-unknown', params });
    return input;
  });
}

/**
 * Checks each row by the rules the admin's preview also applies, then what only the server knows: NIS already used
 * by students or usernames, and the classes the rows name.
 */
async function validateImportRows(
  db: Db,
  rows: unknown[],
): Promise<{ inputs: ImportInput[]; errors: ImportRowError[] }> {
  const { inputs: checked, errors, firstRowOfNis: seen } = checkStudentRows(rows);
  for (const nis of await takenStudentNumbers(db, [...seen.keys()])) {
    errors.push({
      row: seen.get(nis) ?? 0,
      field: 'nis',
      message: `nis ${nis} already exists`,
      code: 'duplicate-nis',
      params: { number: nis },
    });
  }
  const inputs = await matchClasses(db, checked, errors);
  errors.sort((a, b) => a.row - b.row);
  return { inputs, errors };
}

/**
 * Creates the validated students (all or nothing), each with a random initial password shown once. The passwords
 * are hashed before the transaction, a few at a time at background priority, so the sign-ins that arrive meanwhile
 * are served first and no database transaction stays open while hashing. A row that named a class joins that class
 * only; the others join every class of their grade when `joinClasses`.
 */
async function createImportedStudents(db: Db, inputs: ImportInput[], joinClasses: boolean) {
  const passwords = inputs.map(() => generateInitialPassword());
  const enrolments = inputs.map((input) =>
    input.classId !== undefined ? { classId: input.classId } : joinClasses ? ('grade' as const) : ('none' as const),
  );
  const rows = await createStudents(
    db,
    inputs.map(({ classId: _classId, ...input }) => input),
    await hashPasswordsInBatches(passwords),
    enrolments,
  );
  return rows.map((row, i) => ({ ...toStudentDto(row), initial_password: passwords[i] }));
}

/** Validates the rows (refused as a whole, listing every problem) and, unless `dryRun`, creates the students. */
export async function importStudents(db: Db, rows: unknown[], options: { dryRun: boolean; joinClasses: boolean }) {
  const { inputs, errors } = await validateImportRows(db, rows);
  if (errors.length > 0) {
    const message = `Import rejected: ${errors.length} problem${errors.length === 1 ? '' : 's'} found, nothing was created`;
    throw invalid(message, {
      created: 0,
      errors,
      students: [],
      code: 'import-rejected',
      params: { count: errors.length },
    });
  }
  if (options.dryRun) return { created: 0, errors: [], students: [], valid: inputs.length };
  const created = await createImportedStudents(db, inputs, options.joinClasses);
  return { created: created.length, errors: [], students: created };
}
