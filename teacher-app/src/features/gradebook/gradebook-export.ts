// The gradebook's files, loaded on click: CSV through the one CSV module (`;`, decimal comma, UTF-8 BOM), Excel
// through the project's .xlsx writer.
import type { Gradebook } from '@kelasku/shared-api';
import { downloadCsv } from '@kelasku/shared-api/src/csv';
import { fileNameOf } from '@kelasku/shared-api/src/download';
import { gradebookFileRows } from './gradebook-table';

export async function exportGradebook(book: Gradebook, format: 'csv' | 'xlsx'): Promise<void> {
  const rows = gradebookFileRows(book);
  const name = fileNameOf(['Buku Nilai', book.class_name], format);
  if (format === 'csv') {
    downloadCsv(name, rows);
    return;
  }
  const { downloadXlsx } = await import('@kelasku/shared-api/src/xlsx');
  await downloadXlsx(name, rows, 'Buku Nilai');
}
