import i18next from 'i18next';
import type { CsvCell } from '@kelasku/shared-api/src/csv';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { formatScore as fileScore, roundScore } from '../../lib/score';
import { OPTION_LETTERS } from '@kelasku/shared-api';
import type { ItemAnalysis, QuestionAnalysis, ScoreBin } from './transport';

export const OPTION_KEYS = OPTION_LETTERS;

/** '0–9' (marks), in the active language's numbers unless another format is given (the CSV file's). */
export const binLabel = (b: ScoreBin, format: (n: number) => string = formatScore) =>
  `${format(b.from)}–${format(b.to)}`;

/** 0.6 → '60%'; null → '-'. */
export const percent = (share: number | null) => (share == null ? '-' : `${Math.round(share * 100)}%`);

export const questionLabel = (q: QuestionAnalysis) => i18next.t('teacher:analysis.questionShort', { n: q.n });

export const mcQuestions = (a: ItemAnalysis) => a.questions.filter((q) => q.kind === 'mc');
export const essayQuestions = (a: ItemAnalysis) => a.questions.filter((q) => q.kind === 'essay');

/** Does any MC answer hold text that is no option (only then is the 'Other' column shown)? */
export const hasOtherAnswers = (a: ItemAnalysis) => mcQuestions(a).some((q) => (q.options?.other ?? 0) > 0);

/**
 * The CSV's first rows: the figures shown above the charts (Analysis.tsx's Summary, in the active language), as
 * label/value pairs. The file keeps English labels and decimal points in every language: files are exchanged with
 * other systems.
 */
export function summaryRows(a: ItemAnalysis): [string, string | number][] {
  return [
    ['Submitted', `${a.submitted} of ${a.students}`],
    ['Average score', a.average == null ? '-' : `${fileScore(a.average)} / ${fileScore(a.total_marks)}`],
    ...(a.auto_submitted != null ? [['Submitted automatically at the end', a.auto_submitted] as [string, number]] : []),
    ['With essays awaiting a score', a.with_pending],
    ['In progress', a.in_progress],
    ['Not started', a.not_started],
  ];
}

const essayBinsText = (q: QuestionAnalysis) =>
  (q.score_bins ?? []).map((b) => `${binLabel(b, fileScore)}: ${b.count}`).join('; ');

/** The analysis as CSV rows (headers in English in every language): the summary, one row per question, then the score distribution. */
export function analysisCsvRows(a: ItemAnalysis): CsvCell[][] {
  return [
    [a.kind === 'exam' ? 'Exam' : 'Exercise', a.title],
    ...summaryRows(a),
    [],
    [
      'Question',
      'Type',
      'Text',
      'Answered',
      'Correct',
      'Correct (%)',
      'Correct option',
      'A',
      'B',
      'C',
      'D',
      'No answer',
      'Other',
      'Marks',
      'Scored',
      'Awaiting a score',
      'Average',
      'Score distribution',
    ],
    ...a.questions.map((q): CsvCell[] =>
      q.kind === 'mc'
        ? [
            q.n,
            'Multiple choice',
            q.text,
            q.answered,
            q.correct,
            q.correct_share == null ? '' : Math.round(q.correct_share * 100),
            q.key?.toUpperCase(),
            ...OPTION_KEYS.map((k) => q.options?.[k]),
            q.options?.none,
            q.options?.other,
            '',
            '',
            '',
            '',
            '',
          ]
        : [
            q.n,
            'Essay',
            q.text,
            q.answered,
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            q.max,
            q.scored,
            q.pending,
            roundScore(q.average),
            essayBinsText(q),
          ],
    ),
    [],
    ['Score range', 'Students'],
    ...a.score_bins.map((b): CsvCell[] => [binLabel(b, fileScore), b.count]),
  ];
}
