import type { CsvCell } from '@kelasku/shared-api/src/csv';
import { formatScore } from '../grades/score';
import { OPTION_LETTERS } from '@kelasku/shared-api';
import type { ItemAnalysis, QuestionAnalysis, ScoreBin } from './api';

export const OPTION_KEYS = OPTION_LETTERS;

/** '0–9' (marks). */
export const binLabel = (b: ScoreBin) => `${formatScore(b.from)}–${formatScore(b.to)}`;

/** 0.6 → '60%'; null → '-'. */
export const percent = (share: number | null) => (share == null ? '-' : `${Math.round(share * 100)}%`);

export const questionLabel = (q: QuestionAnalysis) => `Q${q.n}`;

export const mcQuestions = (a: ItemAnalysis) => a.questions.filter((q) => q.kind === 'mc');
export const essayQuestions = (a: ItemAnalysis) => a.questions.filter((q) => q.kind === 'essay');

/** Does any MC answer hold text that is no option (only then is the 'Other' column shown)? */
export const hasOtherAnswers = (a: ItemAnalysis) => mcQuestions(a).some((q) => (q.options?.other ?? 0) > 0);

/** The figures above the charts, as label/value pairs (also the CSV's first rows). */
export function summaryRows(a: ItemAnalysis): [string, string | number][] {
  return [
    ['Submitted', `${a.submitted} of ${a.students}`],
    ['Average score', a.average == null ? '-' : `${formatScore(a.average)} / ${formatScore(a.total_marks)}`],
    ...(a.auto_submitted != null ? [['Submitted automatically at the end', a.auto_submitted] as [string, number]] : []),
    ['With essays awaiting a score', a.with_pending],
    ['In progress', a.in_progress],
    ['Not started', a.not_started],
  ];
}

const essayBinsText = (q: QuestionAnalysis) => (q.score_bins ?? []).map((b) => `${binLabel(b)}: ${b.count}`).join('; ');

/** The analysis as CSV rows: the summary, one row per question, then the score distribution. */
export function analysisCsvRows(a: ItemAnalysis): CsvCell[][] {
  return [
    [a.kind === 'exam' ? 'Exam' : 'Exercise', a.title],
    ...summaryRows(a),
    [],
    [
      'Question', 'Type', 'Text', 'Answered', 'Correct', 'Correct (%)', 'Correct option', 'A', 'B', 'C', 'D', 'No answer', 'Other',
      'Marks', 'Scored', 'Awaiting a score', 'Average', 'Score distribution',
    ],
    ...a.questions.map((q): CsvCell[] => (q.kind === 'mc'
      ? [q.n, 'Multiple choice', q.text, q.answered, q.correct, q.correct_share == null ? '' : Math.round(q.correct_share * 100), q.key?.toUpperCase(),
        ...OPTION_KEYS.map((k) => q.options?.[k]), q.options?.none, q.options?.other, '', '', '', '', '']
      : [q.n, 'Essay', q.text, q.answered, '', '', '', '', '', '', '', '', '', q.max, q.scored, q.pending, formatScore(q.average), essayBinsText(q)])),
    [],
    ['Score range', 'Students'],
    ...a.score_bins.map((b): CsvCell[] => [binLabel(b), b.count]),
  ];
}
