/**
 * Fair exams: each student sees the questions, and the options of each multiple-choice question, in an order of
 * their own. The order is derived from a seed the server gives with the student's read of the item (`order_seed`, an
 * HMAC of kind, item and student under a server secret: server/src/domain/order-seed.ts), so it is the same after a
 * reload, on any device, in the student's review and in the teacher's "as a student sees it" preview, and no one can
 * work out a classmate's order from the public ids. Presentation only: answers, grades and the API keep the original
 * numbers and letters.
 */

export type ShuffleKind = 'exercise' | 'exam';

export interface ShuffleSettings {
  shuffle_questions?: boolean;
  shuffle_options?: boolean;
}

/** One student's view of an item. */
export interface SheetOrder {
  /** The original question numbers (1-based) in display order: `questions[p - 1]` is shown at position p. */
  questions: number[];
  /** The original option indices (0 = a … 3 = d) in display order, for original question n. */
  options: (n: number) => number[];
}

/** A 32-bit FNV-1a hash of the seed text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, well-known seeded PRNG giving floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The values `first … first + length - 1`, Fisher–Yates shuffled with the seed text (identity when `on` is false). */
export function seededPermutation(seed: string, length: number, first = 0, on = true): number[] {
  const out = Array.from({ length }, (_, i) => first + i);
  if (!on) return out;
  const random = prng(hash(seed));
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The seed sheets opened before seeds were secret were shuffled with (the public ids): the database keeps it on those
 * sheets so their order does not change (server migration 0017_order_seed writes the same text in SQL).
 */
export function publicIdsSeed(kind: ShuffleKind, itemId: number, studentId: number): string {
  return `${kind}:${itemId}:${studentId}`;
}

/** The order one student sees an item's `count` questions (and their four options) in, from the student's seed. */
export function sheetOrder(seed: string, count: number, settings: ShuffleSettings): SheetOrder {
  return {
    questions: seededPermutation(`${seed}:questions`, count, 1, Boolean(settings.shuffle_questions)),
    options: (n) => seededPermutation(`${seed}:options:${n}`, 4, 0, Boolean(settings.shuffle_options)),
  };
}

/** The unshuffled order (the teacher's original view, or an item with both settings off). */
export function originalOrder(count: number): SheetOrder {
  return { questions: seededPermutation('', count, 1, false), options: () => [0, 1, 2, 3] };
}
