import i18next from 'i18next';
import type { ImportError } from '@kelasku/shared-api';
import { parseCsv } from '@kelasku/shared-api/src/csv';
import { checkStudentRows, MAX_IMPORT_ROWS, studentImportField, type ImportRowInput } from '@kelasku/shared-rules';

// The file's column names are the same in every language (spreadsheets and other systems exchange them).
export const CSV_COLUMNS = ['name', 'nis', 'grade', 'status', 'class'] as const;
/** Columns a file must have: an empty or missing status means Active, as on the server. */
const REQUIRED_COLUMNS = ['name', 'nis', 'grade'] as const;
export { MAX_IMPORT_ROWS };

/** A row's cells as the file has them (the accepted columns), for giving the rows with problems back as a file. */
export type StudentCells = Record<(typeof CSV_COLUMNS)[number], string>;

export interface ParsedStudents {
  rows: ImportRowInput[];
  cells: StudentCells[];
  /** Problems found in the browser by the server's own row rules, numbered like the server's (row 1 = first line after the header). */
  errors: ImportError[];
}

/** Header, size or format problems that stop the whole file (the message in the active language). */
export class CsvFileError extends Error {}

/**
 * Reads a students CSV (header row with name, nis, grade and optionally status and the class (rombel), in any order,
 * English or Indonesian names such as nama, nis, tingkat, rombel; other columns are ignored).
 */
export function readStudentCsv(text: string): ParsedStudents {
  const table = parseCsv(text);
  if (table.length === 0) throw new CsvFileError(i18next.t('admin:import.file.empty'));
  const header = table[0].map((h) => studentImportField(h));
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new CsvFileError(i18next.t('admin:import.file.missingColumns', { columns: missing.join(', ') }));
  }
  const body = table.slice(1);
  if (body.length === 0) throw new CsvFileError(i18next.t('admin:import.file.noRows'));
  if (body.length > MAX_IMPORT_ROWS)
    throw new CsvFileError(i18next.t('admin:import.file.tooMany', { max: MAX_IMPORT_ROWS, count: body.length }));

  const raw = body.map(
    (cells) =>
      Object.fromEntries(
        CSV_COLUMNS.map((c) => [c, header.includes(c) ? (cells[header.indexOf(c)] ?? '') : '']),
      ) as StudentCells,
  );
  const { inputs, errors } = checkStudentRows(raw);
  return { rows: inputs, cells: raw, errors };
}

/**
 * The rows to send: those without a problem found so far, with the file's row number of each (the server numbers
 * the rows it is sent from 1, so its errors are put back on the file's rows with `fileRows`).
 */
export function rowsWithoutProblems(
  rows: ImportRowInput[],
  errors: ImportError[],
): { rows: ImportRowInput[]; fileRows: number[] } {
  const bad = new Set(errors.map((e) => e.row));
  const fileRows = rows.map((_, i) => i + 1).filter((row) => !bad.has(row));
  return { rows: fileRows.map((row) => rows[row - 1]), fileRows };
}

/** The server's errors about the rows it was sent, numbered as the file's rows. */
export function onFileRows(errors: ImportError[], fileRows: number[]): ImportError[] {
  return errors.map((e) => ({ ...e, row: fileRows[e.row - 1] ?? e.row }));
}

/** The rows with problems as the file had them, each with its problems in a last column: fix them and import them later. */
export function problemRowsCsv(
  cells: StudentCells[],
  errors: ImportError[],
  describe: (e: ImportError) => string,
): string[][] {
  const byRow = errorsByRow(errors);
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  return [
    [...CSV_COLUMNS, 'problems'],
    ...rows.map((row) => [
      ...CSV_COLUMNS.map((c) => cells[row - 1]?.[c] ?? ''),
      (byRow.get(row) ?? []).map(describe).join('; '),
    ]),
  ];
}

/** Errors grouped by row number, for the preview table. */
export function errorsByRow(errors: ImportError[]): Map<number, ImportError[]> {
  const map = new Map<number, ImportError[]>();
  for (const e of errors) map.set(e.row, [...(map.get(e.row) ?? []), e]);
  return map;
}
