/**
 * The class gradebook's arithmetic, the same on the teacher's screen, in its exports and on the server:
 * - a cell is a score or empty (null: not graded); an empty cell counts in no average (it is not a zero);
 * - a student's average (Rata-rata) is the plain mean of their non-empty cells, an assessment's the mean over its
 *   students' non-empty cells;
 * - the final score (Nilai Akhir) weighs the mean of each kind (exercises, daily tests, mid-term, final) by the
 *   teacher's weights; an exam of a free-text kind weighs as a daily test; a kind with no score for the student (no
 *   assessment of it yet, or only empty cells) has its weight shared out among the other kinds in proportion to
 *   their weights; the result is rounded half up to a whole number.
 */
import { isExamKind } from './exam-kinds';

export const WEIGHT_KINDS = ['exercise', 'daily', 'midterm', 'final'] as const;
export type WeightKind = (typeof WEIGHT_KINDS)[number];
export type GradebookWeights = Record<WeightKind, number>;

/** Exams of a kind the teacher named themselves weigh as daily tests. */
const WEIGHT_OF_OTHER_EXAMS: WeightKind = WEIGHT_KINDS[1];

/** Exercises 30 %, daily tests 20 %, mid-term 20 %, final 30 %. */
export const DEFAULT_GRADEBOOK_WEIGHTS: Readonly<GradebookWeights> = Object.freeze({
  exercise: 30,
  daily: 20,
  midterm: 20,
  final: 30,
});

/** What the teacher may set: whole percents from 0 to 100 adding up to 100. Returns the problem, or null. */
export function weightsProblem(w: GradebookWeights): { code: 'weights-sum'; sum: number } | null {
  const sum = WEIGHT_KINDS.reduce((s, k) => s + w[k], 0);
  return sum === 100 ? null : { code: 'weights-sum', sum };
}

/** The weight an assessment counts under: an exercise, or an exam by its kind ('other' and unknown: a daily test). */
export function weightKindOf(a: { type: 'exercise' } | { type: 'exam'; kind: string }): WeightKind {
  if (a.type === 'exercise') return 'exercise';
  return isExamKind(a.kind) && a.kind !== 'other' ? a.kind : WEIGHT_OF_OTHER_EXAMS;
}

/** The mean of the non-empty cells; null when every cell is empty. */
export function meanOf(cells: readonly (number | null | undefined)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const c of cells) {
    if (c == null || !Number.isFinite(c)) continue;
    sum += c;
    n++;
  }
  return n ? sum / n : null;
}

/**
 * Half up to a whole number: 84.5 → 85, 84.49 → 84. Rounded to 9 decimals first, so a sum of weighted parts that
 * lands a hair under .5 in binary (84.49999999999999) still counts as the .5 it is.
 */
export function roundHalfUp(x: number): number {
  return Math.floor(Number(x.toFixed(9)) + 0.5);
}

export interface GradebookCell {
  kind: WeightKind;
  score: number | null;
}

/** A student's weighted final score from their cells (each tagged with its weight kind); null with no score at all. */
export function finalScore(cells: readonly GradebookCell[], weights: GradebookWeights): number | null {
  let weighted = 0;
  let used = 0;
  for (const kind of WEIGHT_KINDS) {
    const mean = meanOf(cells.filter((c) => c.kind === kind).map((c) => c.score));
    if (mean === null || weights[kind] <= 0) continue;
    weighted += mean * weights[kind];
    used += weights[kind];
  }
  return used > 0 ? roundHalfUp(weighted / used) : null;
}
