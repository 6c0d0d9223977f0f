/**
 * Item analysis of one exercise or exam (pure: no database). From the content map and every student's sheet and
 * grade it computes, per question, how many answered, the share correct and how many chose each option (multiple
 * choice) or the score distribution (essays); overall, the score distribution and average.
 *
 * Definitions:
 * - submitted = a stored grade; only submitted sheets count in the figures. A sheet opened but not graded is
 *   "in progress"; a student of the class without a sheet "not started".
 * - MC answers are read as grading reads them (trimmed, lowercased); blank = no answer; any other text = other.
 *   Correctness comes from the stored grade (re-graded on every edit of the key).
 * - Essays: pending ones (no score yet) are counted apart, never as 0; a blank essay is scored 0 by grading.
 * - Overall scores are the grades as they stand: a sheet with pending essays counts with its current score (its
 *   pending essays 0 for now) and is counted in `with_pending`.
 * - Automatically submitted (exams): no flag is stored. The auto-submit job (repo/exam-job.ts) locks open sheets
 *   after the end time and stamps `submitted_at` then, while answers can no longer change after the end; so a sheet
 *   whose `submitted_at` is after the end time is one the student did not hand in within the window.
 */
import { type ContentMap, listQuestions } from './content';
import { type GradeDetail, marksPerQuestion, round2 } from './grading';
import type { Static } from 'typebox';
// The reply's wire schemas, declared once for the route and the teacher app (type-only: nothing is bundled).
import type {
  itemAnalysisFiguresSchema,
  questionAnalysisSchema,
  scoreBinSchema,
} from '@kelasku/shared-rules/src/wire/analysis';

type ItemAnalysisFigures = Static<typeof itemAnalysisFiguresSchema>;
type QuestionAnalysis = Static<typeof questionAnalysisSchema>;
type ScoreBin = Static<typeof scoreBinSchema>;

export const OPTION_LETTERS = ['a', 'b', 'c', 'd'] as const;
export type OptionLetter = (typeof OPTION_LETTERS)[number];

/** Overall scores fall into this many equal bins from 0 to the total marks; an essay's into ESSAY_BINS up to its marks. */
export const SCORE_BINS = 10;
export const ESSAY_BINS = 5;

/** One student of the class with what they handed in. */
export interface StudentWork {
  /** Has the student opened a sheet? */
  hasSheet: boolean;
  answers: Record<string, string>;
  submittedAt: Date | null;
  /** The stored grade; null when not graded (not submitted). */
  grade: { score: number; detail: GradeDetail } | null;
}

export interface AnalysisInput {
  content: ContentMap;
  totalMarks: number;
  /** Exams: the end of the window; exercises: null (nothing is submitted automatically). */
  endTime: Date | null;
  students: StudentWork[];
}

/** `count` equal bins over [0, max]; a value at max goes into the last one. */
function binned(values: number[], max: number, count: number): ScoreBin[] {
  const bins = Array.from({ length: count }, (_, i) => ({
    from: round2((max * i) / count),
    to: round2((max * (i + 1)) / count),
    count: 0,
  }));
  for (const v of values) {
    // The small epsilon keeps 2-decimal scores on a bin edge (e.g. 19.99999 from float division) in the upper bin.
    const i = max > 0 ? Math.floor((v * count) / max + 1e-9) : 0;
    bins[Math.min(count - 1, Math.max(0, i))].count++;
  }
  return bins;
}

const mean = (values: number[]): number | null =>
  values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : null;

const normalized = (answer: string | undefined) => (answer ?? '').trim().toLowerCase();

export function analyseItem(input: AnalysisInput): ItemAnalysisFigures {
  const questions = listQuestions(input.content);
  const submitted = input.students.filter((s) => s.grade !== null);
  const per = questions.length ? round2(marksPerQuestion(input.totalMarks, questions.length)) : 0;

  const perQuestion = questions.map((q): QuestionAnalysis => {
    const given = submitted.map((s) => normalized(s.answers[String(q.n)]));
    const answered = given.filter((a) => a !== '').length;
    const base = { n: q.n, kind: q.kind, text: q.text, answered };
    if (q.kind === 'mc') {
      const options = { a: 0, b: 0, c: 0, d: 0, none: 0, other: 0 };
      for (const a of given) {
        if (a === '') options.none++;
        else if ((OPTION_LETTERS as readonly string[]).includes(a)) options[a as OptionLetter]++;
        else options.other++;
      }
      const correct = submitted.filter((s, i) => {
        const d = s.grade!.detail[String(q.n)];
        return d?.kind === 'mc' ? d.correct : given[i] === q.answer;
      }).length;
      return {
        ...base,
        key: q.answer as OptionLetter,
        correct,
        correct_share: submitted.length ? Math.round((correct / submitted.length) * 10_000) / 10_000 : null,
        options,
        max: null,
        scored: null,
        pending: null,
        average: null,
        score_bins: null,
      };
    }
    const scores: number[] = [];
    let pending = 0;
    for (const s of submitted) {
      const d = s.grade!.detail[String(q.n)];
      if (d?.kind !== 'essay') continue;
      if (d.pending || d.score === null) pending++;
      else scores.push(d.score);
    }
    return {
      ...base,
      key: null,
      correct: null,
      correct_share: null,
      options: null,
      max: per,
      scored: scores.length,
      pending,
      average: mean(scores),
      score_bins: binned(scores, per, ESSAY_BINS),
    };
  });

  const endTime = input.endTime;
  const scores = submitted.map((s) => s.grade!.score);
  const inProgress = input.students.filter((s) => s.hasSheet && s.grade === null).length;
  return {
    total_marks: input.totalMarks,
    students: input.students.length,
    submitted: submitted.length,
    in_progress: inProgress,
    not_started: input.students.length - submitted.length - inProgress,
    auto_submitted:
      endTime === null
        ? null
        : submitted.filter((s) => s.submittedAt !== null && s.submittedAt.getTime() > endTime.getTime()).length,
    with_pending: submitted.filter((s) =>
      Object.values(s.grade!.detail).some((d) => d.kind === 'essay' && (d.pending || d.score === null)),
    ).length,
    average: mean(scores),
    score_bins: binned(scores, input.totalMarks, SCORE_BINS),
    questions: perQuestion,
  };
}
