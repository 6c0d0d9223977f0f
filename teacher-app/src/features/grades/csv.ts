import type { Submission } from '@kelasku/shared-api';

/** One CSV field: quoted when it holds a comma, quote or line break; formula-looking text is neutralised for spreadsheets. */
export function csvField(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function formatScore(score: number | null | undefined): string {
  return score == null ? '' : String(Math.round(score * 100) / 100);
}

/** The grades table as CSV (header row first, CRLF line ends as RFC 4180 has them). */
export function gradesCsv(rows: Submission[]): string {
  const lines = [['Name', 'NIS', 'Status', 'Score'].join(',')];
  for (const r of rows) {
    lines.push([csvField(r.name), csvField(r.nis), csvField(r.status), csvField(formatScore(r.score))].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file in the browser (no server round trip). A BOM lets Excel read names with accents as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
