import i18next from 'i18next';
import type { ImportError, StudentInput } from '@kelasku/shared-api';
import { parseCsv } from '@kelasku/shared-api/src/csv';
import { checkStudentRows, MAX_IMPORT_ROWS, studentImportField } from '@kelasku/shared-rules';

// The file's column names are the same in every language (spreadsheets and other systems exchange them).
export const CSV_COLUMNS = ['name', 'nis', 'grade', 'status'] as const;
/** Columns a file must have: an empty or missing status means Active, as on the server. */
const REQUIRED_COLUMNS = ['name', 'nis', 'grade'] as const;
export { MAX_IMPORT_ROWS };

export interface ParsedStudents {
  rows: StudentInput[];
  /** Problems found in the browser by the server's own row rules, numbered like the server's (row 1 = first line after the header). */
  errors: ImportError[];
}

/** Header, size or format problems that stop the whole file (the message in the active language). */
export class CsvFileError extends Error {}

/**
 * Reads a students CSV (header row with name, nis, grade and optionally status, in any order, English or Indonesian
 * names such as nama, nis, tingkat; other columns are ignored).
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
  if (body.length > MAX_IMPORT_ROWS) throw new CsvFileError(i18next.t('admin:import.file.tooMany', { max: MAX_IMPORT_ROWS, count: body.length }));

  const raw = body.map((cells) => Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.includes(c) ? cells[header.indexOf(c)] ?? '' : ''])));
  const { inputs, errors } = checkStudentRows(raw);
  return { rows: inputs, errors };
}

/** Errors grouped by row number, for the preview table. */
export function errorsByRow(errors: ImportError[]): Map<number, ImportError[]> {
  const map = new Map<number, ImportError[]>();
  for (const e of errors) map.set(e.row, [...(map.get(e.row) ?? []), e]);
  return map;
}
