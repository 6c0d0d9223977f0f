import { toCsv } from './parseCsv';

/** Saves rows as a CSV file through a temporary object URL. */
export function downloadCsv(fileName: string, rows: (string | number)[][]): void {
  const blob = new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
