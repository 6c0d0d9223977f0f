import { MAX_QUESTION_TEXT_BYTES, overBytes } from '@kelasku/shared-rules/src/text-bytes';
import type { ContentMap } from './types';

export type OptionLetter = 'a' | 'b' | 'c' | 'd';
export const OPTION_LETTERS: OptionLetter[] = ['a', 'b', 'c', 'd'];

/** One question as the editors and the answer screens see it. */
export interface Question {
  type: 'mc' | 'essay';
  text: string;
  options: [string, string, string, string];
  /** Correct option (multiple choice), '' when unknown (students never receive it). */
  answer: OptionLetter | '';
  /** Optional image as a data: URL. */
  image: string;
  /** Optional teacher reference answer for an essay (used by the automatic scorer). */
  essayAnswer: string;
}

export function emptyQuestion(type: Question['type'] = 'mc'): Question {
  return { type, text: '', options: ['', '', '', ''], answer: '', image: '', essayAnswer: '' };
}

/** A question exists at n when '{n}' or '{n}_essay' is set; numbering starts at 1 without gaps. */
export function hasQuestion(content: ContentMap, n: number): boolean {
  return Boolean(content[String(n)] || content[`${n}_essay`]);
}

export function questionCount(content: ContentMap): number {
  let n = 0;
  while (hasQuestion(content, n + 1)) n += 1;
  return n;
}

export function readQuestion(content: ContentMap, n: number): Question {
  const essay = content[`${n}_essay`];
  const answer = (content[`${n}_answer`] ?? '').trim().toLowerCase();
  return {
    type: essay ? 'essay' : 'mc',
    text: essay || content[String(n)] || '',
    options: OPTION_LETTERS.map((l) => content[`${n}_${l}`] ?? '') as Question['options'],
    answer: (OPTION_LETTERS as string[]).includes(answer) ? (answer as OptionLetter) : '',
    image: content[`${n}_pict`] ?? '',
    essayAnswer: content[`${n}_essay_answer`] ?? '',
  };
}

export function parseQuestions(content: ContentMap | null | undefined): Question[] {
  if (!content) return [];
  return Array.from({ length: questionCount(content) }, (_, i) => readQuestion(content, i + 1));
}

/** Builds the content map from the editor's list, numbering from 1 without gaps. */
export function buildContent(questions: Question[]): ContentMap {
  const content: ContentMap = {};
  questions.forEach((q, i) => {
    const n = i + 1;
    if (q.type === 'essay') {
      content[`${n}_essay`] = q.text;
      if (q.essayAnswer.trim()) content[`${n}_essay_answer`] = q.essayAnswer;
    } else {
      content[String(n)] = q.text;
      OPTION_LETTERS.forEach((l, j) => {
        content[`${n}_${l}`] = q.options[j];
      });
      content[`${n}_answer`] = q.answer;
    }
    if (q.image) content[`${n}_pict`] = q.image;
  });
  return content;
}

/** What is missing from an editor's questions, for the screen to say in its language: any question at all, or question n's part. */
export type QuestionProblem = { kind: 'no-questions' | 'text' | 'options' | 'answer' | 'too-large'; question: number };

/** A text of the question past what the server stores (shared-rules MAX_QUESTION_TEXT_BYTES, in bytes as sent). */
function tooLarge(q: Question): boolean {
  const texts = q.type === 'mc' ? [q.text, ...q.options] : [q.text, q.essayAnswer];
  return texts.some((text) => overBytes(text, MAX_QUESTION_TEXT_BYTES));
}

/** The first problem in an editor's list, or null (the spec's required fields; image optional). */
export function findQuestionProblem(questions: Question[]): QuestionProblem | null {
  if (questions.length === 0) return { kind: 'no-questions', question: 0 };
  for (const [i, q] of questions.entries()) {
    const question = i + 1;
    if (!q.text.trim()) return { kind: 'text', question };
    if (tooLarge(q)) return { kind: 'too-large', question };
    if (q.type === 'mc') {
      if (q.options.some((o) => !o.trim())) return { kind: 'options', question };
      if (!q.answer) return { kind: 'answer', question };
    }
  }
  return null;
}
