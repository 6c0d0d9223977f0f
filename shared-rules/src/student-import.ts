/**
 * One row of a student import, checked and normalised the same way in the admin's CSV preview and on the server, so
 * a row the preview accepts is a row the server accepts (the server alone also checks NIS already in use).
 */
import { loginNameProblem } from './login-names';
import { normalizeStatus } from './person-status';
import { normalizeSchoolId, schoolIdProblem } from './school-ids';
import { ERROR_CODES, type ErrorCode, type ErrorParams } from './error-codes';
import { gradeOfRoman, isStudentGrade } from './grades';

/** An empty status means a new, active student. */
export const DEFAULT_STUDENT_STATUS = 'Active';
export const MAX_STUDENT_NAME_CHARS = 100;
export const MAX_NIS_CHARS = 50;
export const MAX_STUDENT_STATUS_CHARS = 50;
/** As long as a class name may be (the classes' own limit). */
export const MAX_CLASS_NAME_CHARS = 255;
/** Students in one import (one CSV file, one request). */
export const MAX_IMPORT_ROWS = 1000;

export interface ImportRowInput {
  name: string;
  nis: string;
  grade: number;
  status: string;
  /** The class (rombel) the row names, trimmed; absent when the file has no class column or the cell is blank. */
  class?: string;
}

export interface ImportRowError {
  /** 1-based: row 1 is the first student (the line after a CSV header). */
  row: number;
  field: string;
  /** English, as the server also sends it. */
  message: string;
  /** The problem, for a screen to say in its language (error-codes.ts), with the values its words hold. */
  code: ErrorCode;
  params: ErrorParams;
}

export type StudentImportField = keyof ImportRowInput;

/**
 * Column names a student list may use, English or Indonesian (compared trimmed, case-insensitive, with `_`, `-` and
 * repeated spaces read as one space). "tingkat" is the grade (10, 11, 12); "kelas" and "rombel" name the class the
 * student joins (matched within the row's grade by the class-name rule).
 */
export const STUDENT_IMPORT_COLUMNS: Record<StudentImportField, readonly string[]> = {
  name: ['name', 'full name', 'student name', 'nama', 'nama lengkap', 'nama siswa', 'nama peserta didik'],
  nis: ['nis', 'student number', 'nomor induk', 'nomor induk siswa', 'no induk'],
  grade: ['grade', 'tingkat', 'tingkatan', 'kelas tingkat'],
  status: ['status', 'status siswa'],
  class: ['class', 'class name', 'rombel', 'rombongan belajar', 'nama rombel', 'kelas', 'nama kelas'],
};

const FIELD_OF_COLUMN = new Map(
  (Object.entries(STUDENT_IMPORT_COLUMNS) as [StudentImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((n) => [n, field] as const),
  ),
);

/** The field a column name stands for ('Nama' → name, 'TINGKAT' → grade), or undefined for a column that is ignored. */
export function studentImportField(column: string): StudentImportField | undefined {
  return FIELD_OF_COLUMN.get(column.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' '));
}

/** A row keyed by any accepted column names, keyed by its fields (the first non-blank value of each field wins). */
export function studentRowFields(raw: Record<string, unknown>): Partial<Record<StudentImportField, unknown>> {
  const out: Partial<Record<StudentImportField, unknown>> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = studentImportField(key);
    if (field && (out[field] === undefined || text(out[field]) === '')) out[field] = value;
  }
  return out;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Checks one raw row (strings from a CSV, or JSON values); `row` numbers its errors. */
export function checkStudentRow(raw: unknown, row: number): { input: ImportRowInput; errors: ImportRowError[] } {
  const r = studentRowFields((raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>);
  const errors: ImportRowError[] = [];
  const name = text(r.name);
  const nis = normalizeSchoolId(text(r.nis));
  const gradeText = text(r.grade);
  const status = normalizeStatus(text(r.status) || DEFAULT_STUDENT_STATUS);
  const className = text(r.class);
  const problem = (field: StudentImportField, code: ErrorCode, message: string, params: ErrorParams = {}) =>
    errors.push({ row, field, message, code, params: { field, ...params } });
  const required = (field: StudentImportField) => problem(field, 'validation-required', `${field} is required`);
  const tooLong = (field: StudentImportField, limit: number) =>
    problem(field, 'validation-too-long', `${field} must be at most ${limit} characters`, { limit });
  if (!name) required('name');
  else if (name.length > MAX_STUDENT_NAME_CHARS) tooLong('name', MAX_STUDENT_NAME_CHARS);
  const nisProblem = nis ? (loginNameProblem(nis) ?? schoolIdProblem(nis)) : undefined;
  if (!nis) required('nis');
  else if (nis.length > MAX_NIS_CHARS) tooLong('nis', MAX_NIS_CHARS);
  else if (nisProblem) problem('nis', nisProblem.code, `nis ${nisProblem.text}`);
  const grade = gradeText === '' ? NaN : (gradeOfRoman(gradeText) ?? Number(gradeText));
  if (!gradeText) required('grade');
  else if (!isStudentGrade(grade)) problem('grade', 'import-grade', ERROR_CODES['import-grade']);
  if (status.length > MAX_STUDENT_STATUS_CHARS) tooLong('status', MAX_STUDENT_STATUS_CHARS);
  if (className.length > MAX_CLASS_NAME_CHARS) tooLong('class', MAX_CLASS_NAME_CHARS);
  return { input: { name, nis, grade, status, ...(className ? { class: className } : {}) }, errors };
}

/** Checks every row, then NIS repeated inside the list (reported on the later row). */
export function checkStudentRows(rows: unknown[]): {
  inputs: ImportRowInput[];
  errors: ImportRowError[];
  firstRowOfNis: Map<string, number>;
} {
  const inputs: ImportRowInput[] = [];
  const errors: ImportRowError[] = [];
  const firstRowOfNis = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const checked = checkStudentRow(raw, row);
    inputs.push(checked.input);
    errors.push(...checked.errors);
    const { nis } = checked.input;
    if (!nis || checked.errors.some((e) => e.field === 'nis')) return;
    const first = firstRowOfNis.get(nis);
    if (first !== undefined) {
      errors.push({
        row,
        field: 'nis',
        message: `nis ${nis} is repeated (first on row ${first})`,
        code: 'import-nis-repeated',
        params: { nis, first },
      });
    } else firstRowOfNis.set(nis, row);
  });
  return { inputs, errors, firstRowOfNis };
}
