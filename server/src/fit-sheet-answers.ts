/**
 * An answer sheet stored before today's caps (an answer within MAX_ANSWER_BYTES, a sheet within MAX_SHEET_BYTES:
 * domain/sheet-bounds.ts) brought within them by fit-texts (fit-stored-texts.ts) without changing a grade:
 *
 * - a multiple-choice answer is graded trimmed and lowercased against a key letter (a–d), so it is stored trimmed
 *   when that fits; one still over the cap is no key letter, so it is wrong before and after its cut (an answer whose
 *   trimmed text is longer than one character is wrong whatever is cut from it, and is cut for the sheet cap too);
 * - an essay is cut at a character boundary, ending with TRIM_MARKER, when its score cannot come from the cut text:
 *   on an open sheet (no grade yet: the student sees the marker and goes on writing), on a submitted one only when a
 *   teacher has scored it (a re-grade keeps a teacher's score). An essay of a submitted sheet scored automatically,
 *   or waiting for its score, is left as it is and named, as a re-grade or the scorer would read the cut text;
 * - an answer to a question the item does not have counts in no grade and is cut like an essay;
 * - a sheet still over MAX_SHEET_BYTES has its longest answers that may be cut cut to one common length, the
 *   shortest cut that brings it within the cap; when those cannot, it is left over the cap and named.
 */
import { MAX_ANSWER_BYTES, MAX_SHEET_BYTES, overBytes, textBytes } from '@kelasku/shared-rules';
import { type Answers, sheetBytes } from './domain/sheet-bounds';
import { cutToBytes, TRIM_MARKER } from './text-cuts';

export interface SheetFacts {
  /** question number → its kind, for the item's questions */
  kinds: Map<string, 'mc' | 'essay'>;
  /** the sheet is still open (no grade yet) */
  open: boolean;
  /** essays of a submitted sheet a teacher has scored */
  teacherScored: Set<string>;
}

export interface SheetFit {
  /** the sheet as fitted (the same object when nothing changed) */
  answers: Answers;
  /** questions whose answer was changed, with the answer as stored before */
  changed: Map<string, string>;
  /** why an answer, or the sheet, is still over its cap */
  left: { question?: string; reason: string }[];
}

const MARKER_BYTES = textBytes(TRIM_MARKER);

/** May `question`'s answer be cut without changing a grade (see the module comment)? */
function cuttable(question: string, answer: string, facts: SheetFacts): boolean {
  const kind = facts.kinds.get(question);
  if (kind === 'mc') return answer.trim().length > 1;
  return kind === undefined || facts.open || facts.teacherScored.has(question);
}

/** The longest common length in bytes to which cutting `sizes` saves at least `excess` bytes, or undefined. */
function commonLength(sizes: number[], excess: number): number | undefined {
  const saved = (length: number) => sizes.reduce((sum, bytes) => sum + Math.max(0, bytes - length), 0);
  if (saved(MARKER_BYTES) < excess) return undefined;
  let low = MARKER_BYTES;
  let high = Math.max(...sizes);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (saved(mid) >= excess) low = mid;
    else high = mid - 1;
  }
  return low;
}

export function fitSheetAnswers(answers: Answers, facts: SheetFacts): SheetFit {
  const out: Answers = { ...answers };
  const changed = new Map<string, string>();
  const left: SheetFit['left'] = [];
  const set = (question: string, text: string) => {
    if (text === out[question]) return;
    if (!changed.has(question)) changed.set(question, answers[question]);
    out[question] = text;
  };

  for (const [question, answer] of Object.entries(answers)) {
    if (!overBytes(answer, MAX_ANSWER_BYTES)) continue;
    if (facts.kinds.get(question) === 'mc') {
      const trimmed = answer.trim();
      set(question, overBytes(trimmed, MAX_ANSWER_BYTES) ? cutToBytes(trimmed, MAX_ANSWER_BYTES) : trimmed);
    } else if (cuttable(question, answer, facts)) {
      set(question, cutToBytes(answer, MAX_ANSWER_BYTES));
    } else {
      left.push({
        question,
        reason: 'an essay of a submitted sheet scored from its text: cut it once a teacher scores it',
      });
    }
  }

  const excess = sheetBytes(out) - MAX_SHEET_BYTES;
  if (excess > 0) {
    const candidates = Object.keys(out).filter((q) => cuttable(q, out[q], facts));
    const length = commonLength(
      candidates.map((q) => textBytes(out[q])),
      excess,
    );
    if (length === undefined) {
      left.push({ reason: 'over the sheet cap in essays scored from their text: cut them once a teacher scores them' });
    } else {
      for (const q of candidates) if (textBytes(out[q]) > length) set(q, cutToBytes(out[q], length));
    }
  }
  return { answers: changed.size > 0 ? out : answers, changed, left };
}
