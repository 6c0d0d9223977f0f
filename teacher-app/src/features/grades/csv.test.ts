import type { Submission } from '@kelasku/shared-api';
import { toCsv } from '@kelasku/shared-api/src/csv';
import { gradesRows } from './csv';

const gradesCsv = (list: Submission[]) => toCsv(gradesRows(list));

const rows: Submission[] = [
  { student_id: 1, name: 'Ahmad Fauzi', nis: '2024100001', sheet_id: 3, status: 'Submitted', score: 83.333333 },
  { student_id: 2, name: 'Siti "Ani", S.', nis: '2024100002', sheet_id: null, status: 'Not started', score: null },
  { student_id: 3, name: '=HYPERLINK("x")', nis: '2024100003', sheet_id: 4, status: 'In progress', score: null },
];

describe('grades CSV', () => {
  it('has a header and one row per student, scores rounded to 2 decimals with a decimal comma, empty when ungraded', () => {
    const lines = gradesCsv(rows).split('\r\n');
    expect(lines[0]).toBe('Name;NIS;Status;Score');
    expect(lines[1]).toBe('Ahmad Fauzi;2024100001;Submitted;83,33');
    expect(lines[2]).toBe('"Siti ""Ani"", S.";2024100002;Not started;');
    expect(lines[4]).toBe('');
  });

  it('neutralises names that a spreadsheet would run as a formula', () => {
    expect(gradesCsv(rows).split('\r\n')[3]).toBe(`"'=HYPERLINK(""x"")";2024100003;In progress;`);
  });
});
