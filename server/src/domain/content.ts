/**
 * Exercise / exam content maps (docs/api.md §4.1).
 *
 * Keys are question numbers n = 1..N: `n` (MC question) or `n_essay` (essay question), `n_a`..`n_d` (options),
 * `n_answer` (correct option a–d), `n_pict` (optional image: a data URL when sent, stored as an /api/v1/images/ URL) and `n_essay_answer` (the teacher's optional
 * reference answer for an essay). Every value is a string. Answer keys are never sent to students.
 */

import { overBytes } from '@kelasku/shared-rules';
import { MAX_PICT_CHARS, MAX_QUESTION_TEXT_BYTES, MAX_QUESTIONS } from './limits';
import { type ErrorDetails, RuleError } from './errors';
import { readDbJson } from '../db/json';

// The caps live in domain/limits.ts with the others; re-exported for the routes' schemas.
export { MAX_PICT_CHARS, MAX_QUESTION_TEXT_BYTES, MAX_QUESTIONS };

export type ContentMap = Record<string, string>;

export type QuestionKind = 'mc' | 'essay';

export interface Question {
  n: number;
  kind: QuestionKind;
  text: string;
  /** Lowercase option letter for MC questions. */
  answer?: string;
  /** Teacher's reference answer for essays, when given. */
  reference?: string;
}

const KEY_RE = /^([1-9]\d{0,3})(?:_(essay|a|b|c|d|answer|pict|essay_answer))?$/;
const RASTER_DATA_URL_HEAD = /^data:image\/(?:png|jpeg|gif|webp);base64,/;

const withoutPadding = (text: string) =>
  text.endsWith('==') ? text.slice(0, -2) : text.endsWith('=') ? text.slice(0, -1) : text;

/**
 * Canonical base64 (what browsers write): decoding and encoding again gives the same text, padding aside. Node's
 * decoder skips characters outside the alphabet, so any such character makes the texts differ. ~5× faster than
 * matching `^[A-Za-z0-9+/]+={0,2}$` over a picture's 2 million characters.
 */
export function isBase64(text: string): boolean {
  const data = Buffer.from(text, 'base64');
  return data.length > 0 && withoutPadding(data.toString('base64')) === withoutPadding(text);
}

/** `data:image/(png|jpeg|gif|webp);base64,<base64>`: a picture accepted inline (no SVG, which can carry script). */
export function isRasterDataUrl(url: string): boolean {
  const head = RASTER_DATA_URL_HEAD.exec(url);
  return head !== null && isBase64(url.slice(head[0].length));
}
/**
 * A picture already stored by domain/images.ts (what a saved `n_pict` holds, sent back when a teacher edits), with
 * its width and height as fragment when known (`#1600x1200`, shared-rules picture-variants).
 */
export const IMAGE_URL_RE = /^\/api\/v1\/images\/[0-9a-f]{64}\.(?:png|jpg|gif|webp)(?:#\d{1,5}x\d{1,5})?$/;
const OPTION_SUFFIXES = ['a', 'b', 'c', 'd'] as const;

/** Content a teacher or student sent that we refuse: a 400 with this message wherever it is thrown. */
export class ContentError extends RuleError {
  readonly statusCode = 400;

  constructor(message: string, extra?: ErrorDetails) {
    super(message, { code: 'content-invalid', ...extra });
  }
}

/**
 * Validates a content map sent by a teacher and returns its normalized form (answer letters lowercased, empty
 * optional values dropped). Throws ContentError with a message a teacher can act on.
 */
export function normalizeContent(raw: unknown): ContentMap {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ContentError('content must be an object mapping question keys to strings');
  }
  const out: ContentMap = {};
  const numbers = new Set<number>();
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const m = KEY_RE.exec(key);
    if (!m)
      throw new ContentError(
        `content key "${key}" is not a question key (n, n_essay, n_a..n_d, n_answer, n_pict, n_essay_answer)`,
      );
    if (typeof value !== 'string') throw new ContentError(`content["${key}"] must be a string`);
    const n = Number(m[1]);
    const suffix = m[2];
    numbers.add(n);
    if (suffix === 'pict') {
      if (value === '') continue;
      if (value.length > MAX_PICT_CHARS) {
        throw new ContentError(`content["${key}"]: the image is too large (max ${MAX_PICT_CHARS} characters)`, {
          code: 'image-too-large',
          params: { field: `content["${key}"]`, limit: `${MAX_PICT_CHARS} characters` },
        });
      }
      // Only the head of a data URL here: its base64 and bytes are checked as it is decoded (images.ts, off the main
      // thread when large), before anything is stored.
      if (!RASTER_DATA_URL_HEAD.test(value) && !IMAGE_URL_RE.test(value)) {
        throw new ContentError(
          `content["${key}"] must be a data:image/(png|jpeg|gif|webp);base64 URL or an /api/v1/images/ URL`,
          {
            code: 'not-an-image',
            params: { field: `content["${key}"]` },
          },
        );
      }
      out[key] = value;
      continue;
    }
    if (overBytes(value, MAX_QUESTION_TEXT_BYTES)) {
      throw new ContentError(`content["${key}"] is too long (max ${MAX_QUESTION_TEXT_BYTES} bytes)`, {
        code: 'text-too-large',
        params: { field: `content["${key}"]`, limit: MAX_QUESTION_TEXT_BYTES },
      });
    }
    if (suffix === 'answer') {
      if (value.trim() === '') continue;
      const letter = value.trim().toLowerCase();
      if (!/^[a-d]$/.test(letter)) throw new ContentError(`content["${key}"] must be one of a, b, c, d`);
      out[key] = letter;
      continue;
    }
    if (suffix === 'essay_answer' && value.trim() === '') continue;
    out[key] = value;
  }

  const count = numbers.size;
  if (count === 0) throw new ContentError('content must hold at least one question');
  if (count > MAX_QUESTIONS)
    throw new ContentError(`content may hold at most ${MAX_QUESTIONS} questions`, {
      code: 'too-many-questions',
      params: { limit: MAX_QUESTIONS },
    });
  for (let n = 1; n <= count; n++) {
    if (!numbers.has(n))
      throw new ContentError(`questions must be numbered 1..${count} without gaps (question ${n} is missing)`);
  }
  for (let n = 1; n <= count; n++) {
    const essay = out[`${n}_essay`];
    const mc = out[`${n}`];
    if (essay !== undefined && essay.trim() !== '') {
      if (out[`${n}_answer`] !== undefined)
        throw new ContentError(`question ${n} is an essay and cannot have ${n}_answer`);
      continue;
    }
    if (mc === undefined || mc.trim() === '')
      throw new ContentError(`question ${n} needs a text in "${n}" or "${n}_essay"`);
    for (const o of OPTION_SUFFIXES) {
      if (out[`${n}_${o}`] === undefined) throw new ContentError(`question ${n} needs option "${n}_${o}"`);
    }
    if (out[`${n}_answer`] === undefined)
      throw new ContentError(`question ${n} needs a correct answer "${n}_answer" (a-d)`);
    if (out[`${n}_essay_answer`] !== undefined)
      throw new ContentError(`question ${n} is multiple choice and cannot have ${n}_essay_answer`);
  }
  return out;
}

/**
 * How many questions a content map has: its highest question number (a saved map numbers them 1..n without gaps,
 * normalizeContent; an older row with a gap still counts up to its last question).
 */
export function questionCount(content: ContentMap): number {
  let highest = 0;
  for (const key of Object.keys(content)) {
    const m = KEY_RE.exec(key);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return highest;
}

/** True when every value of a stored map is a string (old or hand-edited rows may not be). */
export function isContentMap(value: unknown): value is ContentMap {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value as Record<string, unknown>).every((v) => typeof v === 'string');
}

/**
 * The questions of a content map in number order. A question is an essay when `n_essay` is non-empty (as the
 * frontend decides), multiple choice when it has `n_answer`; other numbers are not graded.
 */
export function listQuestions(content: ContentMap): Question[] {
  const numbers = new Set<number>();
  for (const key of Object.keys(content)) {
    const m = KEY_RE.exec(key);
    if (m) numbers.add(Number(m[1]));
  }
  const out: Question[] = [];
  for (const n of [...numbers].sort((a, b) => a - b)) {
    const essay = content[`${n}_essay`];
    if (essay !== undefined && essay.trim() !== '') {
      const reference = content[`${n}_essay_answer`];
      out.push({ n, kind: 'essay', text: essay, ...(reference && reference.trim() ? { reference } : {}) });
      continue;
    }
    const answer = content[`${n}_answer`];
    if (answer !== undefined && answer.trim() !== '') {
      out.push({ n, kind: 'mc', text: content[`${n}`] ?? '', answer: answer.trim().toLowerCase() });
    }
  }
  return out;
}

function isAnswerKey(key: string): boolean {
  return key.endsWith('_answer'); // covers both n_answer and n_essay_answer
}

/** The content without `n_answer` and `n_essay_answer`: what a student may see. */
export function stripAnswerKeys(content: ContentMap): ContentMap {
  const out: ContentMap = {};
  for (const [k, v] of Object.entries(content)) if (!isAnswerKey(k)) out[k] = v;
  return out;
}

/** Question n only (keys equal to "n" or starting with "n_"), answer keys dropped (docs/api.md §4.2). */
export function questionOnly(content: ContentMap, n: number): ContentMap {
  const own = String(n);
  const prefix = `${own}_`;
  const out: ContentMap = {};
  for (const [k, v] of Object.entries(content)) {
    if ((k === own || k.startsWith(prefix)) && !isAnswerKey(k)) out[k] = v;
  }
  return out;
}

/** An item's `content` column (db/json.ts readDbJson): a map of strings; `{}` when there is none. */
export function parseContentColumn(value: unknown): ContentMap {
  return readDbJson(value, 'content', isContentMap) ?? {};
}

/** Answers map from a student: keys are question numbers, values strings (their sizes: sheet-bounds.ts). */
export function validateAnswers(raw: unknown): Record<string, string> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ContentError('answers must be an object');
  const out: Record<string, string> = {};
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_QUESTIONS) throw new ContentError(`answers may hold at most ${MAX_QUESTIONS} entries`);
  for (const [k, v] of entries) {
    if (!/^[1-9]\d{0,3}$/.test(k)) throw new ContentError(`answers key "${k}" must be a question number`);
    if (typeof v !== 'string') throw new ContentError(`answers["${k}"] must be a string`);
    out[k] = v;
  }
  return out;
}

/** What the content cache counts one property as beyond its characters (the property and its slot in the map). */
const PROPERTY_OVERHEAD_BYTES = 32;

/**
 * The memory a cached entry is counted as: 2 bytes a character of its key and of every key and value (V8 keeps a
 * string in one or two bytes a character), plus a little a property. An upper bound: the student view of an item
 * shares its strings with the full content, and is counted in full all the same.
 */
export function contentBytes(key: string, value: ContentMap): number {
  let bytes = 2 * key.length + PROPERTY_OVERHEAD_BYTES;
  for (const [k, v] of Object.entries(value)) bytes += 2 * (k.length + v.length) + PROPERTY_OVERHEAD_BYTES;
  return bytes;
}

export interface ContentCacheLimits {
  maxEntries: number;
  /** All entries together, as contentBytes counts them. */
  maxBytes: number;
}

/**
 * A small LRU cache of parsed content, keyed by something that changes whenever the row changes
 * (e.g. `exam:12:2025-06-29T08:00:00.000Z`). Keeps the per-question endpoint from re-parsing base64-heavy JSON.
 * Bounded in bytes as well as entries: items differ in size by a thousand times, so a count alone let 40 reads of
 * large items hold 100 MB. An entry over a quarter of the bytes is not kept at all, so that one huge item cannot push
 * out the exam a whole class is reading.
 */
export class ContentCache {
  private readonly entries = new Map<string, { value: ContentMap; bytes: number }>();
  private total = 0;
  constructor(private readonly limits: ContentCacheLimits) {}

  /** The bytes the entries held now are counted as (never above maxBytes). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): ContentMap | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit?.value;
  }

  set(key: string, value: ContentMap): void {
    this.delete(key);
    const bytes = contentBytes(key, value);
    if (bytes > this.limits.maxBytes / 4) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    while (this.entries.size > this.limits.maxEntries || this.total > this.limits.maxBytes) {
      this.delete(this.entries.keys().next().value as string);
    }
  }

  /** Drops every entry whose key starts with prefix (used when a row is updated or deleted). */
  invalidate(prefix: string): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.delete(k);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }
}
