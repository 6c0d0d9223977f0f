/**
 * Grading (docs/api.md §4.3, NEW rule): one rule for exercises and exams.
 *
 * - questions = MC questions (with `n_answer`) + essay questions (with `n_essay`);
 *   marks per question = total_marks / number of questions;
 * - MC: answer and key compared after trimming and lowercasing both;
 * - essays: a pluggable scorer with a timeout; when it has no opinion or fails, the essay is `pending` and counts 0
 *   until a teacher sets it; the grade itself never fails because of a scorer;
 * - the total is rounded to 2 decimals; a teacher override recomputes it.
 */
import { type ContentMap, listQuestions } from './content';
import { type ErrorDetails, RuleError } from './errors';
import { isJsonObject, readDbJson } from '../db/json';

export type EssaySource = 'local' | 'openai' | 'teacher';

export type QuestionDetail =
  | { kind: 'mc'; correct: boolean }
  | { kind: 'essay'; score: number | null; max: number; pending: boolean; source: EssaySource; comment?: string };

export type GradeDetail = Record<string, QuestionDetail>;

export interface GradeResult {
  score: number;
  detail: GradeDetail;
}

export interface EssayInput {
  question: string;
  answer: string;
  /** The teacher's reference answer (`n_essay_answer`), when there is one. */
  reference?: string;
  /** Marks this essay is worth. */
  max: number;
  signal: AbortSignal;
}

/** Scores one essay. Resolves to a number in [0, max], or null when it cannot judge (the essay stays pending). */
export interface EssayScorer {
  readonly name: 'local' | 'openai';
  score(input: EssayInput): Promise<number | null>;
}

export class GradingError extends RuleError {
  constructor(message: string, extra?: ErrorDetails) {
    super(message, { code: 'grading-invalid', ...extra });
  }
}

export function round2(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Runs the scorer with a deadline; any failure, timeout or non-number becomes null (pending). */
async function scoreWithTimeout(
  scorer: EssayScorer,
  input: Omit<EssayInput, 'signal'>,
  timeoutMs: number,
): Promise<number | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
  });
  try {
    const result = await Promise.race([scorer.score({ ...input, signal: controller.signal }), deadline]);
    if (result === null || typeof result !== 'number' || !Number.isFinite(result)) return null;
    return round2(clamp(result, 0, input.max));
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export interface GradeOptions {
  content: ContentMap;
  totalMarks: number;
  answers: Record<string, string>;
  scorer: EssayScorer;
  timeoutMs: number;
}

export function marksPerQuestion(totalMarks: number, questionCount: number): number {
  if (questionCount === 0) throw new GradingError('This item has no questions to grade');
  return totalMarks / questionCount;
}

/** Grades an answer sheet. Essays are scored in parallel, each with its own deadline. */
export async function gradeSheet(opts: GradeOptions): Promise<GradeResult> {
  const questions = listQuestions(opts.content);
  const per = marksPerQuestion(opts.totalMarks, questions.length);
  const max = round2(per);
  const detail: GradeDetail = {};
  const essays: Promise<void>[] = [];

  for (const q of questions) {
    const given = opts.answers[String(q.n)] ?? '';
    if (q.kind === 'mc') {
      const correct = given.trim().toLowerCase() === q.answer;
      detail[q.n] = { kind: 'mc', correct };
      continue;
    }
    if (given.trim() === '') {
      detail[q.n] = { kind: 'essay', score: 0, max, pending: false, source: opts.scorer.name };
      continue;
    }
    essays.push(
      scoreWithTimeout(
        opts.scorer,
        { question: q.text, answer: given, reference: q.reference, max: per },
        opts.timeoutMs,
      ).then((s) => {
        detail[q.n] =
          s === null
            ? { kind: 'essay', score: null, max, pending: true, source: opts.scorer.name }
            : { kind: 'essay', score: s, max, pending: false, source: opts.scorer.name };
      }),
    );
  }
  await Promise.all(essays);
  const ordered = orderDetail(detail);
  return { score: totalFromDetail(ordered, opts.totalMarks), detail: ordered };
}

function orderDetail(detail: GradeDetail): GradeDetail {
  const out: GradeDetail = {};
  for (const k of Object.keys(detail).sort((a, b) => Number(a) - Number(b))) out[k] = detail[k];
  return out;
}

/**
 * Recomputes the total from a stored detail: MC correct answers earn total/questions, essays their score
 * (pending ones 0).
 */
export function totalFromDetail(detail: GradeDetail, totalMarks: number): number {
  const count = Object.keys(detail).length;
  const per = marksPerQuestion(totalMarks, count);
  let sum = 0;
  for (const d of Object.values(detail)) {
    if (d.kind === 'mc') sum += d.correct ? per : 0;
    // Essay scores are stored rounded; one at its (rounded) max is worth exactly the per-question marks.
    else if (d.score !== null) sum += d.score >= d.max ? per : d.score;
  }
  return round2(Math.min(sum, totalMarks));
}

/**
 * A teacher sets the marks of essay n (0 ≤ score ≤ marks per question) and, optionally, a comment for the student
 * (undefined keeps the current one, blank removes it). Returns the new grade.
 */
export function overrideEssay(
  detail: GradeDetail,
  totalMarks: number,
  n: number,
  score: number,
  comment?: string,
): GradeResult {
  const current = detail[String(n)];
  if (!current) throw new GradingError(`Question ${n} does not exist in this grade`);
  if (current.kind !== 'essay') throw new GradingError(`Question ${n} is not an essay`);
  const per = marksPerQuestion(totalMarks, Object.keys(detail).length);
  if (!Number.isFinite(score) || score < 0 || score > round2(per) + 1e-9) {
    throw new GradingError(`score must be between 0 and ${round2(per)}`, {
      code: 'score-out-of-range',
      params: { max: round2(per) },
    });
  }
  const note = (comment === undefined ? current.comment : comment)?.trim();
  const essay: QuestionDetail = {
    kind: 'essay',
    score: round2(score),
    max: current.max,
    pending: false,
    source: 'teacher',
    ...(note ? { comment: note } : {}),
  };
  const next: GradeDetail = { ...detail, [String(n)]: essay };
  return { score: totalFromDetail(next, totalMarks), detail: next };
}

/** The detail without the multiple-choice results (which answers were right); essays keep their scores. */
export function withoutCorrectness(detail: GradeDetail): GradeDetail {
  const out: GradeDetail = {};
  for (const [n, d] of Object.entries(detail)) if (d.kind !== 'mc') out[n] = d;
  return out;
}

/** A grade's `detail` column (db/json.ts readDbJson): an object per question; `{}` when there is none. */
export function parseDetailColumn(value: unknown): GradeDetail {
  return readDbJson(value, 'detail', isGradeDetail) ?? {};
}

/** What a stored detail must be: an object (its questions' details are read by key, each checked where used). */
function isGradeDetail(value: unknown): value is GradeDetail {
  return isJsonObject(value);
}

export interface RegradeOptions {
  /** The content and total the sheet was graded with, and that grade's detail. */
  previous: { content: ContentMap; totalMarks: number; detail: GradeDetail };
  content: ContentMap;
  totalMarks: number;
  answers: Record<string, string>;
  /** Scores essays now; null: the essays that need a new score are marked pending (scored later, in the background). */
  scorer: EssayScorer | null;
  /** Whose name pending essays carry when `scorer` is null. */
  scorerName: 'local' | 'openai';
  timeoutMs: number;
}

export interface RegradeResult extends GradeResult {
  /** Essays marked pending for a later score (only when `scorer` is null). */
  deferred: number[];
}

/**
 * Grades a submitted sheet again after its item changed (answer key, questions, total marks):
 * - MC: compared with the new key;
 * - essays a teacher scored keep the teacher's score, scaled when the marks per question changed (half marks stay
 *   half marks) and dropped only when the question is no longer an essay;
 * - automatic essays keep their score when the question, its reference answer and its marks are unchanged; else they
 *   are scored again (or marked pending when `scorer` is null).
 */
export async function regradeSheet(opts: RegradeOptions): Promise<RegradeResult> {
  const questions = listQuestions(opts.content);
  const per = marksPerQuestion(opts.totalMarks, questions.length);
  const max = round2(per);
  const before = new Map(listQuestions(opts.previous.content).map((q) => [q.n, q]));
  const detail: GradeDetail = {};
  const deferred: number[] = [];
  const essays: Promise<void>[] = [];
  for (const q of questions) {
    const given = opts.answers[String(q.n)] ?? '';
    if (q.kind === 'mc') {
      detail[q.n] = { kind: 'mc', correct: given.trim().toLowerCase() === q.answer };
      continue;
    }
    const old = opts.previous.detail[String(q.n)];
    if (old?.kind === 'essay' && old.source === 'teacher' && old.score !== null) {
      const scaled = old.max > 0 && old.max !== max ? (old.score / old.max) * per : old.score;
      detail[q.n] = { ...old, score: round2(clamp(scaled, 0, max)), max, pending: false };
      continue;
    }
    if (given.trim() === '') {
      detail[q.n] = { kind: 'essay', score: 0, max, pending: false, source: opts.scorer?.name ?? opts.scorerName };
      continue;
    }
    const prev = before.get(q.n);
    const unchanged = prev?.kind === 'essay' && prev.text === q.text && prev.reference === q.reference;
    if (unchanged && old?.kind === 'essay' && old.max === max) {
      detail[q.n] = old;
      continue;
    }
    if (!opts.scorer) {
      detail[q.n] = { kind: 'essay', score: null, max, pending: true, source: opts.scorerName };
      deferred.push(q.n);
      continue;
    }
    const scorer = opts.scorer;
    essays.push(
      scoreWithTimeout(
        scorer,
        { question: q.text, answer: given, reference: q.reference, max: per },
        opts.timeoutMs,
      ).then((s) => {
        detail[q.n] = { kind: 'essay', score: s, max, pending: s === null, source: scorer.name };
      }),
    );
  }
  await Promise.all(essays);
  const ordered = orderDetail(detail);
  return { score: totalFromDetail(ordered, opts.totalMarks), detail: ordered, deferred };
}

/** Scores one essay of a stored grade (background re-grading); null when the scorer has no opinion or fails. */
export function scoreEssay(
  scorer: EssayScorer,
  question: { text: string; reference?: string },
  answer: string,
  per: number,
  timeoutMs: number,
): Promise<number | null> {
  return scoreWithTimeout(
    scorer,
    { question: question.text, answer, reference: question.reference, max: per },
    timeoutMs,
  );
}

export interface ReviewMarks {
  /** Essays waiting for a score (counted 0). */
  pending: number;
  /** Answered essays scored automatically and not yet confirmed or overridden by a teacher. */
  automatic: number;
}

/**
 * What a teacher still has to look at in one grade. A teacher confirms an automatic score by saving it
 * (essay-score with the same score), which makes it a teacher's score; a blank answer's automatic 0 needs no review.
 */
export function reviewMarks(detail: GradeDetail, answers: Record<string, string>): ReviewMarks {
  let pending = 0;
  let automatic = 0;
  for (const [n, d] of Object.entries(detail)) {
    if (d.kind !== 'essay') continue;
    if (d.pending || d.score === null) pending++;
    else if (d.source !== 'teacher' && (answers[n] ?? '').trim() !== '') automatic++;
  }
  return { pending, automatic };
}
