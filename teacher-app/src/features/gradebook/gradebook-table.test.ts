import type { Gradebook } from '@kelasku/shared-api';
import { toCsv } from '@kelasku/shared-api/src/csv';
import { buildGradebookTable, gradebookFileRows } from './gradebook-table';

const book: Gradebook = {
  class_id: 1,
  class_name: 'X IPA 1',
  default_weights: true,
  weights: { exercise: 30, daily: 20, midterm: 20, final: 30 },
  assessments: [
    {
      type: 'exercise',
      id: 4,
      title: 'Latihan 1',
      kind: 'exercise',
      kind_label: null,
      date: '2026-08-03',
      closed: false,
    },
    { type: 'exam', id: 7, title: 'UH 1', kind: 'daily', kind_label: null, date: '2026-08-10', closed: true },
    { type: 'exam', id: 8, title: 'Kuis', kind: 'other', kind_label: 'Kuis', date: '2026-09-01', closed: true },
    { type: 'exam', id: 9, title: 'PTS Ganjil', kind: 'midterm', kind_label: null, date: '2026-09-21', closed: false },
  ],
  students: [
    { id: 11, nis: '2024000001', name: 'Andi Pratama', scores: [80, 70, null, 61.5] },
    { id: 12, nis: '2024000002', name: 'Bunga; "Lestari"', scores: [null, 0, 90, null] },
    { id: 13, nis: '2024000003', name: 'Citra', scores: [null, null, null, null] },
  ],
};

describe('the gradebook table and its files', () => {
  it('averages only non-empty cells and weighs by kind (no final yet: its weight shared out)', () => {
    const { rows, columnAverages } = buildGradebookTable(book);
    expect(rows.map((r) => [r.no, r.average, r.final])).toEqual([
      // (80 + 70 + 61.5) / 3; final: (30·80 + 20·70 + 20·61.5) / 70 = 5030 / 70 = 71.86 → 72
      [1, 70.5, 72],
      // (0 + 90) / 2 = 45; daily mean of 0 and the quiz's 90 = 45, the only kind: 45
      [2, 45, 45],
      [3, null, null],
    ]);
    expect(columnAverages).toEqual([80, 35, 90, 61.5]);
  });

  it('writes the Indonesian headers, the roster order and empty cells (not zeros) in the CSV', () => {
    const rows = gradebookFileRows(book);
    expect(rows[0]).toEqual([
      'No',
      'NIS',
      'Nama',
      'Latihan 03-08-2026',
      'Ulangan Harian 10-08-2026',
      'Kuis 01-09-2026',
      'PTS 21-09-2026',
      'Rata-rata',
      'Nilai Akhir',
    ]);
    expect(toCsv(rows).split('\r\n')).toEqual([
      'No;NIS;Nama;Latihan 03-08-2026;Ulangan Harian 10-08-2026;Kuis 01-09-2026;PTS 21-09-2026;Rata-rata;Nilai Akhir',
      '1;2024000001;Andi Pratama;80;70;;61,5;70,5;72',
      '2;2024000002;"Bunga; ""Lestari""";;0;90;;45;45',
      '3;2024000003;Citra;;;;;;',
      '',
    ]);
  });

  it('adds the title when two columns would read the same', () => {
    const twice = {
      ...book,
      assessments: [book.assessments[1], { ...book.assessments[1], id: 10, title: 'UH 2' }],
      students: [],
    };
    expect(gradebookFileRows(twice)[0].slice(3, 5)).toEqual([
      'Ulangan Harian 10-08-2026 (UH 1)',
      'Ulangan Harian 10-08-2026 (UH 2)',
    ]);
  });
});
