// The one CSV module of the web apps: every export and import goes through here.
// Kept out of the package's index on purpose (import '@kelasku/shared-api/src/csv'): shared-api is a federation
// singleton loaded with the login page, and the CSV parser should load only with the screens that use it.
import Papa from 'papaparse';
import { saveBlob } from './download';

export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet would run as a formula: it starts with = + - @, a tab or a CR. Papa's default pattern ends in
 * `.*$` without the s flag, so a line break after the formula would slip past it; this one looks at the first
 * character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheets in the Indonesian locale split on ';' (and some on tabs): quote those too, not only ','. */
const needsLocaleQuotes = (value: unknown) => typeof value === 'string' && /[;\t]/.test(value);

/**
 * Rows as CSV text: RFC 4180 quoting, CRLF line ends (one after the last row too), and formula-looking text
 * neutralised with a leading apostrophe so that a name like =HYPERLINK(…) stays text. Numbers are left as numbers.
 */
export function toCsv(rows: CsvCell[][]): string {
  if (rows.length === 0) return '';
  const body = Papa.unparse(rows, { newline: '\r\n', escapeFormulae: FORMULA_START, quotes: needsLocaleQuotes });
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
 * Splits CSV text into rows of fields: quoted fields, doubled quotes, line breaks inside quotes (read as LF), CRLF,
 * LF or CR line ends, a UTF-8 BOM.
 * The delimiter (',', ';' or tab) is guessed from the text. Rows made only of blank fields are dropped.
 */
export function parseCsv(text: string): string[][] {
  // Files edited by hand mix CRLF and LF; Papa takes the first line end for the whole file, so make them one.
  const lines = text.replace(/\r\n?/g, '\n');
  const result = Papa.parse<string[]>(lines, { newline: '\n', delimiter: '', delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  return result.data;
}
