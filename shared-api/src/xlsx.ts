// Excel (.xlsx) exports, the companion of ./csv.ts. Kept out of the package's index, and the writer itself is loaded
// only when a file is made: `const { downloadXlsx } = await import('@kelasku/shared-api/src/xlsx')` in a click handler.
import { saveBlob } from './download';

export type XlsxCell = string | number | null | undefined;

/**
 * Rows as an .xlsx file. Numbers are stored as numbers and text as text (never as a formula, so a name like
 * =HYPERLINK(…) stays text, and a NIS keeps its leading zeros): unlike CSV, Excel reads it the same in every locale.
 * The first row is the header: it stays in view while scrolling.
 */
export async function xlsxBlob(rows: XlsxCell[][], sheet = 'Sheet1'): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = rows.map((row, index) =>
    row.map((value) => {
      if (value === null || value === undefined || value === '') return null;
      if (typeof value === 'number') return { value, type: Number };
      return { value, type: String, ...(index === 0 ? { fontWeight: 'bold' as const } : {}) };
    }),
  );
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const name = sheet.replace(/[:\\/?*[\]]/g, '-').slice(0, 31) || 'Sheet1';
  return writeXlsxFile(data, { sheet: name, stickyRowsCount: 1 }).toBlob();
}

/** Saves rows as an .xlsx file in the browser. */
export async function downloadXlsx(fileName: string, rows: XlsxCell[][], sheet?: string): Promise<void> {
  saveBlob(fileName, await xlsxBlob(rows, sheet));
}
