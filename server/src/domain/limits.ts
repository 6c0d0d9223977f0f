/**
 * Every cap on the size of what one request may ask the server to do, in one place. Each is far above what a real
 * teacher or student reaches, and input beyond it is refused with a 4xx naming the cap — never truncated. Together
 * they keep each request's work linear in its size and bounded, so one request cannot stall the others.
 */

/** Questions in one exercise or exam, and entries in one answers map. */
export const MAX_QUESTIONS = 200;
/** One text value of a content map (question, option, reference answer), in bytes (the teacher's form checks the same). */
export { MAX_QUESTION_TEXT_BYTES } from '@kelasku/shared-rules';
/** One student answer, and a whole sheet's answers together, in bytes (shared-rules: the exam page checks them too). */
export { MAX_ANSWER_BYTES, MAX_SHEET_BYTES } from '@kelasku/shared-rules';
import { MAX_SHEET_BYTES as SHARED_MAX_SHEET_BYTES } from '@kelasku/shared-rules';
/** A teacher's comment on one essay answer (kept in the grade's detail). */
export const MAX_ESSAY_COMMENT_CHARS = 2_000;
/**
 * What people type in the forums, in bytes as a reply carries them (shared-rules textBytes: the forms check the same).
 * A discussion's replies come inline with it on every page, so they are bounded too: in number, and in bytes of text
 * all together; the reply that would pass either is refused.
 */
import {
  MAX_DESCRIPTION_BYTES,
  MAX_REPLY_BYTES,
  MAX_REPORT_REASON_BYTES,
  MAX_TOPIC_BYTES,
} from '@kelasku/shared-rules';

export { MAX_DESCRIPTION_BYTES, MAX_REPLY_BYTES, MAX_TOPIC_BYTES };
export const MAX_REPLIES_PER_POST = 100;
export const MAX_REPLY_BYTES_PER_POST = 64 * 1024;
/** Classes one material is copied into by one request (a teacher's parallel classes of a grade). */
export const MAX_COPY_TARGETS = 20;
/** A material's content field as sent: its text (MAX_RICH_HTML_CHARS) and inline pictures (MAX_PICT_CHARS each). */
export const MAX_MATERIAL_CONTENT_CHARS = 8_000_000;

/** A report's optional reason (the student's report form caps it too). */
export { MAX_REPORT_REASON_BYTES };
/** Largest picture accepted, in bytes: the browsers check and name the same limit before upload. */
export { MAX_IMAGE_BYTES } from '@kelasku/shared-rules';
/** A picture as a data URL (`n_pict`): base64 of MAX_IMAGE_BYTES plus its header fits in this many characters. */
export const MAX_PICT_CHARS = 2_000_000;

/**
 * Rich HTML (a material) handed to the sanitizer, in characters, not counting inline pictures'
 * data URLs (each picture has its own cap, and all of them together the request body limit): 1 MiB is a book's
 * worth of text, and sanitizing it stays well under 100 ms.
 */
export const MAX_RICH_HTML_CHARS = 1024 * 1024;
/**
 * Open elements inside each other. Quill nests a few levels; the HTML parser under the sanitizer keeps open
 * elements in an array it shifts at the front, so its work grows with the square of the depth (200,000 unclosed
 * `<b>` took 22 s). Capped, the work stays linear.
 */
export const MAX_HTML_DEPTH = 64;
/**
 * Elements in one rich HTML text: a long chapter has one to three thousand. The sanitizer costs a few microseconds
 * per element (more before the JIT has warmed up), so this keeps one text's sanitizing within tens of milliseconds.
 */
export const MAX_HTML_ELEMENTS = 5_000;

/**
 * Values (strings, numbers, objects, arrays…) in one JSON request body, counted from its bytes before it is parsed
 * (lib/json-values.ts): parsing costs by values, not bytes, and a 10 MB body of `[{},…]` took 0.7–0.9 s. The largest
 * real bodies stay far below: a 1,000-row import about 30,000, an exam of 200 questions a few thousand.
 */
export const MAX_BODY_VALUES = 100_000;

const KB = 1024;
const MB = 1024 * KB;

/** Request bodies, in bytes (see plugins/body-limits.ts for where each applies). */
export const BODY_LIMITS = {
  /** No (valid) token, or the /auth routes: a login body is tiny, so strangers cannot make us parse megabytes. */
  unauthenticated: 16 * KB,
  /** Every signed-in route not listed below. */
  standard: 256 * KB,
  /** An answers map: even dozens of long essays stay far below. */
  answers: 1 * MB,
  /**
   * Sealed answers delivered after a sign-out, from any caller (no token): an answers map with its per-question times
   * and ticket, encrypted and in base64 (4/3), plus the envelope's clear fields.
   */
  sealedAnswers: 1.5 * MB,
  /** A student import of up to MAX_IMPORT_ROWS (1,000) rows. */
  import: 1 * MB,
  /** A student or teacher with a profile picture: room for a data URL of MAX_PICT_CHARS and the other fields. */
  withProfilePicture: 2.5 * MB,
  /** Content with inline pictures: materials, exercises, exams. */
  withImages: 10 * MB,
} as const;

/** Bytes as a short human text for refusal messages: `16 KB`, `10 MB`. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)} MB` : `${Math.round(bytes / KB)} KB`;
}

/**
 * Pages: a list's largest page times the largest item it can hold stays within MAX_PAGE_BYTES, so no read of a list
 * sends more, whatever the items hold (limits.test.ts checks each bound below, page-bytes.test.ts real pages of them).
 * An item's bound is its texts' caps plus what its other fields can take as JSON.
 */
export const MAX_PAGE_BYTES = 2 * MB;

/** A name as stored (students, teachers: 100 characters), at its largest as JSON: 6 bytes a character (`\u0001`). */
const MAX_NAME_JSON_BYTES = 6 * 100;
/** A title (materials, classes: 255 characters) at its largest as JSON. */
const MAX_TITLE_JSON_BYTES = 6 * 255;
/** Field names, ids, times and punctuation of one object, generously. */
export const FIELDS_JSON_BYTES = 512;

/** One reply in a discussion's `replies`, its text aside. */
export const REPLY_OVERHEAD_BYTES = FIELDS_JSON_BYTES + MAX_NAME_JSON_BYTES;
/** One discussion of a forum page, with all its replies. */
export const MAX_DISCUSSION_BYTES =
  FIELDS_JSON_BYTES +
  MAX_NAME_JSON_BYTES +
  MAX_TOPIC_BYTES +
  MAX_DESCRIPTION_BYTES +
  MAX_REPLIES_PER_POST * REPLY_OVERHEAD_BYTES +
  MAX_REPLY_BYTES_PER_POST;
/**
 * A material as stored and listed (title, description and HTML as JSON, domain/material-bytes.ts): a list page of
 * materials is sized by its largest one (materialPageSize), so it holds at least one within MAX_PAGE_BYTES.
 */
export const MAX_MATERIAL_BYTES = 1536 * KB;
/**
 * A teacher's list of every sheet of an item (GET …-answers without student_id): a bare array, as every other sheet
 * read, so it is bounded by its length — each sheet may hold MAX_SHEET_BYTES of answers, so 3 fit in a page; `page`
 * gives the next ones (a page shorter than this is the last).
 */
export const MAX_SHEET_LIST_BYTES = SHARED_MAX_SHEET_BYTES + MAX_QUESTIONS * '"200":"",'.length + FIELDS_JSON_BYTES;
export const SHEET_LIST_PAGE_SIZE = Math.floor(MAX_PAGE_BYTES / MAX_SHEET_LIST_BYTES);
/** Discussions on one page of either forum, and a page without pageSize (the students' board asks for 10). */
export const MAX_DISCUSSION_PAGE_SIZE = 10;
export const DEFAULT_DISCUSSION_PAGE_SIZE = MAX_DISCUSSION_PAGE_SIZE;

/** One report as the admin's list shows it: names, the reported post's topic and text (or a reply), reason, place. */
export const MAX_REPORT_BYTES =
  FIELDS_JSON_BYTES +
  2 * MAX_NAME_JSON_BYTES +
  MAX_TOPIC_BYTES +
  Math.max(MAX_DESCRIPTION_BYTES, MAX_REPLY_BYTES) +
  MAX_REPORT_REASON_BYTES +
  2 * MAX_TITLE_JSON_BYTES;
/** Reports on one page of the admin's list. */
export const MAX_REPORT_PAGE_SIZE = 50;
