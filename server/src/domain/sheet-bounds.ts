/**
 * What an answer sheet may hold, whichever way it is saved (opened with answers, a whole map, per-question changes,
 * several saves in one group commit): answers only to the questions its item has (numbered 1..question_count), each
 * within MAX_ANSWER_BYTES and all of them together within MAX_SHEET_BYTES. A save past these is refused with a 400
 * naming the reason, and stores nothing. The routes check what a request alone decides (answer sizes, a whole map's
 * size); the save statement checks what needs the stored row (the item's question count, a merged sheet's size) with
 * the same numbers, and the route names the reason when it wrote nothing (sheetRefusal).
 */
import { MAX_ANSWER_BYTES, MAX_SHEET_BYTES, overBytes, textBytes } from '@kelasku/shared-rules';
import { ContentError } from './content';

export { MAX_ANSWER_BYTES, MAX_SHEET_BYTES };

export type Answers = Record<string, string>;

/** The highest question number among `questions` (0 for none). */
export function highestQuestion(questions: Iterable<string>): number {
  let highest = 0;
  for (const q of questions) highest = Math.max(highest, Number(q));
  return highest;
}

/** The size of a sheet: the bytes of its answers as a reply carries them (textBytes), all together. */
export function sheetBytes(answers: Answers): number {
  let bytes = 0;
  for (const answer of Object.values(answers)) bytes += textBytes(answer);
  return bytes;
}

export function noSuchQuestion(question: number, questions: number): ContentError {
  return new ContentError(`Question ${question} does not exist: this item has ${questions} question(s)`, {
    code: 'no-such-question',
    params: { question: String(question), questions },
  });
}

export function sheetTooLarge(): ContentError {
  return new ContentError(`The answers together are too large (max ${MAX_SHEET_BYTES} bytes)`, {
    code: 'sheet-too-large',
    params: { limit: MAX_SHEET_BYTES },
  });
}

/** Each answer within MAX_ANSWER_BYTES; throws answer-too-long naming the first that is not. */
export function requireAnswerSizes(answers: Iterable<[string, string]>): void {
  for (const [question, answer] of answers) {
    if (overBytes(answer, MAX_ANSWER_BYTES)) {
      throw new ContentError(`answers["${question}"] is too long (max ${MAX_ANSWER_BYTES} bytes)`, {
        code: 'answer-too-long',
        params: { question, limit: MAX_ANSWER_BYTES },
      });
    }
  }
}

/** A whole map as sent (opening a sheet, or a whole-map save): every answer and the map within the caps. */
export function requireWholeMap(answers: Answers, questions?: number): void {
  requireAnswerSizes(Object.entries(answers));
  if (questions !== undefined) {
    const highest = highestQuestion(Object.keys(answers));
    if (highest > questions) throw noSuchQuestion(highest, questions);
  }
  if (sheetBytes(answers) > MAX_SHEET_BYTES) throw sheetTooLarge();
}

/**
 * Why a save that the save statement did not write breaks these rules, if it does: it names a question past the item's
 * last, or the sheet it leaves (`after`: the stored map with the save applied) would pass MAX_SHEET_BYTES.
 */
export function sheetRefusal(
  questionsNamed: Iterable<string>,
  questions: number,
  after: Answers,
): ContentError | undefined {
  const highest = highestQuestion(questionsNamed);
  if (highest > questions) return noSuchQuestion(highest, questions);
  if (sheetBytes(after) > MAX_SHEET_BYTES) return sheetTooLarge();
  return undefined;
}
