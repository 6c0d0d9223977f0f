// The one CSV module of the web apps: every export and import goes through here.
// Kept out of the package's index on purpose (import '@kelasku/shared-api/src/csv'): shared-api is a federation
// singleton loaded with the login page, and the CSV parser should load only with the screens that use it.
import Papa from 'papaparse';
import { saveBlob } from './download';

export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet would run as a formula: it starts with = + - @, a tab or a CR. Papa's default pattern ends in
 * `.*$` without the s flag, so a line break after the formula would slip past it; this one looks at the first
 * character only. A plain negative number (written as text with its decimal comma) is a number, not a formula.
 */
const FORMULA_START = /^(?!-\d+(?:,\d+)?$)[=+\-@\t\r]/;

/**
 * Written for Excel in the Indonesian locale (the schools' spreadsheet): it splits a CSV on ';' and reads a decimal
 * comma, so a file written that way opens in columns with numbers that are numbers. No `sep=;` line: Excel would
 * then ignore the BOM and read names in the local code page, and other programs show the line as data.
 */
export const CSV_SEPARATOR = ';';

/** Tabs are quoted too: some spreadsheets split on them when they open a file. */
const needsLocaleQuotes = (value: unknown) => typeof value === 'string' && /[;\t]/.test(value);

/** A number as Indonesian Excel reads one: 83.33 → "83,33" (no thousands separator, which Excel would read as text). */
const localeNumber = (cell: CsvCell): CsvCell =>
  typeof cell === 'number' && Number.isFinite(cell) ? String(cell).replace('.', ',') : cell;

/**
 * Rows as CSV text: `;` between fields, RFC 4180 quoting, CRLF line ends (one after the last row too), numbers with
 * a decimal comma, and formula-looking text neutralised with a leading apostrophe so that a name like
 * =HYPERLINK(…) stays text.
 */
export function toCsv(rows: CsvCell[][]): string {
  if (rows.length === 0) return '';
  const cells = rows.map((row) => row.map(localeNumber));
  const body = Papa.unparse(cells, {
    delimiter: CSV_SEPARATOR,
    newline: '\r\n',
    escapeFormulae: FORMULA_START,
    quotes: needsLocaleQuotes,
  });
  return `${body}\r\n`;
}

/** The CSV as a UTF-8 file with a BOM: without it Excel reads accented names in the local code page. */
export function csvBlob(rows: CsvCell[][]): Blob {
  return new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
}

/** Saves rows as a CSV file in the browser (no server round trip). */
export function downloadCsv(fileName: string, rows: CsvCell[][]): void {
  saveBlob(fileName, csvBlob(rows));
}

/**
 * A CSV file's bytes as text, and which encoding they were in. UTF-8 when the bytes are valid UTF-8 (a BOM is
 * dropped); otherwise Windows-1252, what Excel's "CSV (Comma delimited)" writes on an Indonesian or English Windows,
 * so "Andréas" and "Ma’ruf" arrive intact instead of as "Andr�as". Any byte sequence that is not UTF-8 decodes in
 * Windows-1252, so nothing is refused here.
 */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Splits CSV text into rows of fields: quoted fields, doubled quotes, line breaks inside quotes (read as LF), CRLF,
 * LF or CR line ends, a UTF-8 BOM.
 * The delimiter (',', ';' or tab) is guessed from the text. Rows made only of blank fields are dropped.
 */
export function parseCsv(text: string): string[][] {
  // Files edited by hand mix CRLF and LF; Papa takes the first line end for the whole file, so make them one.
  const lines = text.replace(/\r\n?/g, '\n');
  const result = Papa.parse<string[]>(lines, {
    newline: '\n',
    delimiter: '',
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
  });
  return result.data;
}
