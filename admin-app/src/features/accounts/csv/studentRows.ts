import type { ImportError, StudentInput } from '@kelasku/shared-api';
import { parseCsv } from '@kelasku/shared-api/src/csv';

export const CSV_COLUMNS = ['name', 'nis', 'grade', 'status'] as const;
export const MAX_IMPORT_ROWS = 1000;

export interface ParsedStudents {
  rows: StudentInput[];
  /** Problems found in the browser, numbered like the server's (row 1 = first line after the header). */
  errors: ImportError[];
}

/** Header, size or format problems that stop the whole file. */
export class CsvFileError extends Error {}

const GRADES = new Set([10, 11, 12]);

/** Reads a students CSV (header row with name, nis, grade, status in any order; other columns are ignored). */
export function readStudentCsv(text: string): ParsedStudents {
  const table = parseCsv(text);
  if (table.length === 0) throw new CsvFileError('The file is empty.');
  const header = table[0].map((h) => h.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new CsvFileError(`The header row must name the columns name, nis, grade, status. Missing: ${missing.join(', ')}.`);
  }
  const body = table.slice(1);
  if (body.length === 0) throw new CsvFileError('The file has a header but no student rows.');
  if (body.length > MAX_IMPORT_ROWS) throw new CsvFileError(`At most ${MAX_IMPORT_ROWS} students per file; this file has ${body.length}.`);

  const col = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof CSV_COLUMNS)[number], number>;
  const errors: ImportError[] = [];
  const seenNis = new Map<string, number>();
  const rows = body.map((cells, i) => {
    const row = i + 1;
    const cell = (c: (typeof CSV_COLUMNS)[number]) => (cells[col[c]] ?? '').trim();
    const gradeText = cell('grade');
    const grade = Number(gradeText.replace(',', '.'));
    for (const field of ['name', 'nis', 'status'] as const) {
      if (!cell(field)) errors.push({ row, field, message: `${field} is required` });
    }
    if (!gradeText) errors.push({ row, field: 'grade', message: 'grade is required' });
    else if (!Number.isInteger(grade) || !GRADES.has(grade)) errors.push({ row, field: 'grade', message: 'grade must be 10, 11 or 12' });
    const nis = cell('nis');
    if (nis) {
      const first = seenNis.get(nis);
      if (first !== undefined) errors.push({ row, field: 'nis', message: `NIS repeats row ${first}` });
      else seenNis.set(nis, row);
    }
    return { name: cell('name'), nis, status: cell('status'), grade: Number.isFinite(grade) ? Math.trunc(grade) : NaN };
  });
  return { rows, errors };
}

/** Errors grouped by row number, for the preview table. */
export function errorsByRow(errors: ImportError[]): Map<number, ImportError[]> {
  const map = new Map<number, ImportError[]>();
  for (const e of errors) map.set(e.row, [...(map.get(e.row) ?? []), e]);
  return map;
}
