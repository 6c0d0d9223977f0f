import type { Submission } from '@kelasku/shared-api';
import { downloadCsv, type CsvCell } from '@kelasku/shared-api/src/csv';
import { roundScore } from '../../lib/score';

/** The grades table as rows, header first. Headers, statuses and numbers stay English in every language: files are
 * exchanged with other systems. */
export function gradesRows(rows: Submission[]): CsvCell[][] {
  return [['Name', 'NIS', 'Status', 'Score'], ...rows.map((r) => [r.name, r.nis, r.status, roundScore(r.score)])];
}

/** Saves the grades table as a CSV file (quoting, formula neutralising and the BOM come from the shared CSV module). */
export function downloadGradesCsv(fileName: string, rows: Submission[]): void {
  downloadCsv(fileName, gradesRows(rows));
}
