/**
 * The default essay scorer: compares the student's text with the teacher's reference answer (`n_essay_answer`).
 *
 * Both texts are lowercased, split into word tokens (letters and digits of any script) and stripped of a few very
 * common Indonesian and English words. Similarity is the Dice coefficient of the two token sets, with recall of the
 * reference weighted more than precision (students should not lose marks for explaining more):
 *   similarity = 0.7 · recall + 0.3 · precision.
 * A similarity of CLOSE_MATCH or more earns full marks; below that the marks are proportional
 * (max · similarity / CLOSE_MATCH). Without a reference answer the scorer has no opinion: the essay stays pending
 * for the teacher.
 */
import type { EssayInput, EssayScorer } from '../grading';

export const CLOSE_MATCH = 0.8;

const STOPWORDS = new Set([
  // Indonesian
  'yang',
  'dan',
  'di',
  'ke',
  'dari',
  'ini',
  'itu',
  'untuk',
  'dengan',
  'pada',
  'adalah',
  'atau',
  'juga',
  'dalam',
  'akan',
  'tidak',
  'ada',
  'oleh',
  'sebagai',
  'karena',
  'bahwa',
  'para',
  'se',
  'nya',
  'kita',
  'kami',
  'saya',
  // English
  'the',
  'a',
  'an',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'is',
  'are',
  'was',
  'were',
  'be',
  'it',
  'that',
  'this',
  'for',
  'with',
  'as',
  'by',
  'at',
  'from',
]);

export function tokens(text: string): Set<string> {
  const words =
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => !STOPWORDS.has(w)));
}

/** Weighted overlap in [0, 1] between a student's answer and the reference. */
export function similarity(answer: string, reference: string): number {
  const a = tokens(answer);
  const r = tokens(reference);
  if (r.size === 0 || a.size === 0) return 0;
  let common = 0;
  for (const t of a) if (r.has(t)) common++;
  const recall = common / r.size;
  const precision = common / a.size;
  return 0.7 * recall + 0.3 * precision;
}

export class LocalEssayScorer implements EssayScorer {
  readonly name = 'local' as const;

  async score(input: EssayInput): Promise<number | null> {
    if (!input.reference || input.reference.trim() === '') return null;
    const sim = similarity(input.answer, input.reference);
    return input.max * Math.min(1, sim / CLOSE_MATCH);
  }
}
