// The gradebook as rows and columns: the averages and the final score come from shared-rules (one rule for the screen
// and both files); the files' headers are Indonesian, as the school's report card (rapor) uses them.
import type { Gradebook, GradebookAssessment } from '@kelasku/shared-api';
import { examKindFileName } from '@kelasku/shared-rules/src/exam-kinds';
import { finalScore, meanOf, weightKindOf } from '@kelasku/shared-rules/src/gradebook';

export interface GradebookRow {
  no: number;
  id: number;
  nis: string;
  name: string;
  scores: (number | null)[];
  /** the mean of the student's non-empty cells */
  average: number | null;
  /** weighted by kind, rounded half up */
  final: number | null;
}

export interface GradebookTable {
  rows: GradebookRow[];
  /** per assessment: the mean of its non-empty cells */
  columnAverages: (number | null)[];
}

export function buildGradebookTable(book: Gradebook): GradebookTable {
  const kinds = book.assessments.map((a) =>
    weightKindOf(a.type === 'exercise' ? { type: 'exercise' } : { type: 'exam', kind: a.kind }),
  );
  const rows = book.students.map((s, i) => ({
    no: i + 1,
    id: s.id,
    nis: s.nis,
    name: s.name,
    scores: s.scores,
    average: meanOf(s.scores),
    final: finalScore(
      s.scores.map((score, j) => ({ kind: kinds[j], score })),
      book.weights,
    ),
  }));
  const columnAverages = book.assessments.map((_, j) => meanOf(book.students.map((s) => s.scores[j])));
  return { rows, columnAverages };
}

/** 2026-11-28 → 28-11-2026, as dates are written in Indonesia. */
const indonesianDate = (day: string) => day.split('-').reverse().join('-');

/** A column's title in the files: its kind and date ("Ulangan Harian 28-11-2026"), its title added when two would read the same. */
export function assessmentHeaders(assessments: GradebookAssessment[]): string[] {
  const plain = assessments.map(
    (a) => `${a.type === 'exercise' ? 'Latihan' : examKindFileName(a.kind, a.kind_label)} ${indonesianDate(a.date)}`,
  );
  return plain.map((h, i) => (plain.indexOf(h) !== plain.lastIndexOf(h) ? `${h} (${assessments[i].title})` : h));
}

/** A score as a file cell: at most 2 decimals, empty when there is none (an empty cell is not a zero). */
const cell = (score: number | null) => (score == null ? null : Math.round(score * 100) / 100);

/** The file's rows: No, NIS, Nama, one column per assessment, Rata-rata, Nilai Akhir; students in roster order. */
export function gradebookFileRows(book: Gradebook): (string | number | null)[][] {
  const { rows } = buildGradebookTable(book);
  return [
    ['No', 'NIS', 'Nama', ...assessmentHeaders(book.assessments), 'Rata-rata', 'Nilai Akhir'],
    ...rows.map((r) => [r.no, r.nis, r.name, ...r.scores.map(cell), cell(r.average), r.final]),
  ];
}
