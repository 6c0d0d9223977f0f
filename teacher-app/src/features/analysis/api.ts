import { getData } from '@kelasku/shared-api';
import { workQuery, type WorkRef } from '../grades/kind';

/** Marks from (inclusive) to (exclusive; the last bin includes its end) and how many fall in between. */
export interface ScoreBin {
  from: number;
  to: number;
  count: number;
}

export type OptionKey = 'a' | 'b' | 'c' | 'd';

/** One question of GET /exercises/analysis or /exams/analysis: MC fields are null for essays and the reverse. */
export interface QuestionAnalysis {
  n: number;
  kind: 'mc' | 'essay';
  text: string;
  answered: number;
  key: OptionKey | null;
  correct: number | null;
  /** 0..1 */
  correct_share: number | null;
  options: Record<OptionKey | 'none' | 'other', number> | null;
  max: number | null;
  scored: number | null;
  pending: number | null;
  average: number | null;
  score_bins: ScoreBin[] | null;
}

export interface ItemAnalysis {
  kind: 'exercise' | 'exam';
  id: number;
  title: string;
  total_marks: number;
  students: number;
  submitted: number;
  in_progress: number;
  not_started: number;
  /** Exams: submitted after the end time by the auto-submit job; null for exercises. */
  auto_submitted: number | null;
  with_pending: number;
  average: number | null;
  score_bins: ScoreBin[];
  questions: QuestionAnalysis[];
}

export const fetchAnalysis = (work: WorkRef) =>
  getData<ItemAnalysis>(`/${work.kind === 'exam' ? 'exams' : 'exercises'}/analysis?${workQuery(work)}`);
