/**
 * Event-loop delay while the server processes the LARGEST payload each write route allows (body limits and content
 * caps from server/src/domain/limits.ts), and the known pathological payloads (which must now be refused or cheap).
 * One request at a time; for each, the server's own event-loop delay (perf_hooks.monitorEventLoopDelay) is read from
 * inside the server process by bench/lib/loop-probe.mjs, preloaded with `node --import` (no production code knows
 * about it). Target: max delay < 100 ms for every request. Env: BENCH_DBS, BENCH_FULL (more repeats).
 *
 * Then, for every write route and every role (no token, student, teacher, admin, each with its own token), the largest
 * body that caller may send in the costliest shape to parse: `[{},{},…]` up to the route's body limit, and the most
 * values the server parses (MAX_BODY_VALUES) padded to the limit. Targets: < 100 ms for no token and a student;
 * < 250 ms for a teacher's or admin's body.
 *
 * And the pictures a teacher or admin uploads, in each accepted format at the largest size allowed (photo-like, made
 * with sharp: lib/photos.ts), plus one past the pixel limit that must be refused (rows saying "photo"; < 250 ms).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { routeBodyLimit } from '../server/src/plugins/body-limits';
import {
  BODY_LIMITS,
  MAX_BODY_VALUES,
  MAX_HTML_ELEMENTS,
  MAX_MATERIAL_CONTENT_CHARS,
  MAX_PICT_CHARS,
  MAX_QUESTIONS,
  MAX_RICH_HTML_CHARS,
  MAX_QUESTION_TEXT_BYTES,
  MAX_ANSWER_BYTES,
} from '../server/src/domain/limits';
import { call, makePool, sleep } from './lib/http';
import { dataUrl, largestPhoto, oversizedPng, PHOTO_MIME, type PhotoFormat } from './lib/photos';
import { FULL, isMain, saveResult, table } from './lib/results';
import { buildSchool, openDb } from './lib/school';
import { classNameKey } from '../shared-rules/src/class-names';
import { MAX_IMAGE_SIDE_PX } from '../shared-rules/src/pictures';
import { createPgDatabase, dropPgDatabase, pgAvailable, startServer, type DbChoice } from './lib/server';
import { BENCH_JWT_SECRET, mintToken, studentToken } from './lib/tokens';

const TARGET_MS = 100;
/** The largest body a teacher or admin may send to a route that serves them (see the header). */
const STAFF_TARGET_MS = 250;
const REPEATS = FULL ? 5 : 2;
const PROBE = path.join(__dirname, 'lib', 'loop-probe.mjs');

type Who = 'none' | 'admin' | 'teacher' | 'student';
type Ctx = Record<string, number>;
interface Case {
  route: string;
  /** max event-loop delay allowed (default TARGET_MS) */
  targetMs?: number;
  payload: string;
  who: Who;
  method: 'POST' | 'PUT';
  path: (c: Ctx) => string;
  /** the body, or its JSON text as sent */
  body: (c: Ctx, run: number) => unknown;
  raw?: boolean;
  /** remember ids from a 200 answer */
  save?: (body: Record<string, unknown>, c: Ctx) => void;
  /** a pathological payload that must be refused with a 4xx */
  refused?: boolean;
  /** the error code that refusal must carry (the rule that refuses it) */
  refusedCode?: string;
  /** its body holds pictures made by preparePhotos */
  photos?: boolean;
}

interface Row {
  route: string;
  targetMs: number;
  payload: string;
  bodyBytes: number;
  statuses: number[];
  maxDelayMs: number;
  p99DelayMs: number;
  latencyMs: number;
  ok: boolean;
}

// --- payload builders ------------------------------------------------------------------------------------------
const MARGIN = 4 * 1024; // below each limit: JSON quoting and headers

/** The body padded with an ignored `note` field up to `limit` bytes (the largest body the route parses). */
function padTo<T extends object>(body: T, limit: number): T & { note: string } {
  const bare = Buffer.byteLength(JSON.stringify({ ...body, note: '' }));
  return { ...body, note: 'x'.repeat(Math.max(0, limit - MARGIN - bare)) };
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG data URL of the largest size an `n_pict` may hold: a 1600 × 1600 header and one image-data chunk of noise
 * (different bytes each call, so stored anew). The server walks a picture's chunks to drop its metadata and read its
 * size, so the frame must be a real PNG's; it never inflates the data.
 */
function largestPicture(): string {
  const bytes = Math.floor(((MAX_PICT_CHARS - 'data:image/png;base64,'.length) * 3) / 4) - 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1600, 0);
  header.writeUInt32BE(1600, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const frame = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
  ]);
  const end = pngChunk('IEND', Buffer.alloc(0));
  const data = Buffer.concat([
    frame,
    pngChunk('IDAT', crypto.randomBytes(bytes - frame.length - end.length - 12)),
    end,
  ]);
  return `data:image/png;base64,${data.toString('base64')}`;
}

const words = (n: number) =>
  'Sel adalah unit terkecil kehidupan yang dapat membelah diri. '.repeat(Math.ceil(n / 61)).slice(0, n);

/** Rich HTML at the element cap and the length cap: styled spans in paragraphs, the sanitizer's costliest input. */
function richHtmlAtCaps(): string {
  const units = MAX_HTML_ELEMENTS / 2;
  const head = '<p><span style="color: rgb(230, 0, 0);">merah</span> ';
  const text = words(Math.floor((MAX_RICH_HTML_CHARS - 1000) / units) - head.length - 4);
  return `${head}${text}</p>`.repeat(units);
}

/**
 * A material with text up to the length cap (pictures do not count against it) and as many of the largest pictures
 * inline as the content field's schema (MAX_MATERIAL_CONTENT_CHARS) lets in.
 */
function htmlWithPicture(): string {
  const text = `<h2>Sel</h2><p>${words(MAX_RICH_HTML_CHARS - 1000)}</p>`;
  const img = () => `<p><img src="${largestPicture()}"></p>`;
  const pictures = Math.floor((MAX_MATERIAL_CONTENT_CHARS - text.length) / (MAX_PICT_CHARS + 20));
  return text + Array.from({ length: pictures }, img).join('');
}

/** An exercise/exam content map at the body limit: MAX_QUESTIONS questions and as many largest pictures as fit. */
function contentAtCaps(): Record<string, string> {
  const content: Record<string, string> = {};
  for (let n = 1; n <= MAX_QUESTIONS; n++) {
    content[`${n}`] = `Soal ${n}: ${words(400)}`;
    for (const l of ['a', 'b', 'c', 'd']) content[`${n}_${l}`] = `Pilihan ${l} ${words(60)}`;
    content[`${n}_answer`] = 'a';
  }
  const pictures = Math.floor(
    (BODY_LIMITS.withImages - MARGIN - Buffer.byteLength(JSON.stringify(content)) - 1000) / (MAX_PICT_CHARS + 20),
  );
  for (let n = 1; n <= pictures; n++) content[`${n}_pict`] = largestPicture();
  return content;
}

/** The payload that blocked the event loop ~20 s in the image regex: `<img` × 4998 + `data:` in 100 question texts. */
function imgRegexBomb(): Record<string, string> {
  const content: Record<string, string> = {};
  for (let n = 1; n <= 100; n++) {
    content[`${n}`] = `${'<img'.repeat(4998)}data:`.slice(0, MAX_QUESTION_TEXT_BYTES);
    for (const l of ['a', 'b', 'c', 'd']) content[`${n}_${l}`] = l;
    content[`${n}_answer`] = 'b';
  }
  return content;
}

/** Answers at the answers body limit: essays of MAX_ANSWER_BYTES, as many as fit (more than a sheet holds: refused, after parsing). */
function answersAtLimit(): Record<string, string> {
  const count = Math.floor((BODY_LIMITS.answers - MARGIN) / (MAX_ANSWER_BYTES + 12));
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), words(MAX_ANSWER_BYTES)]));
}

function importRowsAtLimit(): { rows: Record<string, unknown>[]; dry_run: boolean } {
  const rows = Array.from({ length: 2000 }, (_, i) => ({
    name: `Siswa Impor ${i} ${words(100)}`.slice(0, 100),
    nis: `2098${String(i).padStart(6, '0')}`,
    grade: 10,
    status: 'Active',
    phone_number: '0812345678',
    note: words(300),
  }));
  return { rows, dry_run: true };
}

// --- photos at the upload limits ------------------------------------------------------------------------------
/**
 * The pictures a teacher uploads (inside an exam's, exercise's or material's content: there is no upload route of its
 * own) and an admin sets as a profile picture, in each accepted format at MAX_IMAGE_SIDE_PX on both sides and the byte
 * limit (bench/lib/photos.ts: photo-like, so the server decodes and resizes real pixels), one different picture per
 * run; and one past the pixel limit, which must be refused. Their rows all say "photo" (BENCH_EL_ROUTES=photo).
 */
const PHOTO_FORMATS: { format: PhotoFormat; label: string }[] = [
  { format: 'jpeg', label: "JPEG with a phone's EXIF (GPS, turned)" },
  { format: 'png', label: 'PNG' },
  { format: 'webp', label: 'WebP' },
];
const photoUrls = new Map<string, string>();
const photoUrl = (key: string) => {
  const url = photoUrls.get(key);
  if (!url) throw new Error(`photo ${key} was not prepared`);
  return url;
};

async function preparePhotos(): Promise<void> {
  for (const { format } of PHOTO_FORMATS)
    for (let run = 0; run < REPEATS; run++)
      photoUrls.set(`${format}-${run}`, dataUrl(PHOTO_MIME[format], await largestPhoto(format, 1000 + run)));
  photoUrls.set('oversized', dataUrl('image/png', await oversizedPng()));
}

/** A one-question exam with `picture` as the question's picture. */
const examWithPicture = (picture: string) => ({
  title: 'UH Foto',
  total_marks: 100,
  start_time: inOneDay(0),
  end_time: inOneDay(2),
  content: {
    '1': 'Apa yang tampak di foto?',
    '1_a': 'a',
    '1_b': 'b',
    '1_c': 'c',
    '1_d': 'd',
    '1_answer': 'a',
    '1_pict': picture,
  },
});

/** The classes that receive the photo exams (one exam per class): one per format and run, and one for the refused picture. */
const PHOTO_CLASSES = PHOTO_FORMATS.length * REPEATS + 1;

function photoCases(person: (run: number, id: string) => Record<string, string>): Case[] {
  const side = `${MAX_IMAGE_SIDE_PX}×${MAX_IMAGE_SIDE_PX}`;
  const out: Case[] = [];
  PHOTO_FORMATS.forEach(({ format, label }, f) => {
    const photo = (run: number) => photoUrl(`${format}-${run}`);
    out.push(
      {
        route: 'POST /exams',
        payload: `photo ${side} ${label} at the byte limit, as a question's picture`,
        who: 'teacher',
        method: 'POST',
        path: () => '/api/v1/exams',
        body: (c, run) => ({ ...examWithPicture(photo(run)), class_id: c[`photoClass${f * REPEATS + run}`] }),
        targetMs: STAFF_TARGET_MS,
        photos: true,
      },
      {
        route: 'POST /materials',
        payload: `photo ${side} ${label} at the byte limit, inline in the text`,
        who: 'teacher',
        method: 'POST',
        path: () => '/api/v1/materials',
        body: (c, run) => ({
          title: 'Foto praktikum',
          description: 'd',
          content: `<p>${words(2000)}</p><p><img src="${photo(run)}"></p>`,
          class_id: c.schoolClassId,
        }),
        targetMs: STAFF_TARGET_MS,
        photos: true,
      },
      {
        route: 'POST /teachers',
        payload: `photo ${side} ${label} at the byte limit, as the profile picture`,
        who: 'admin',
        method: 'POST',
        path: () => '/api/v1/teachers',
        body: (_c, run) => ({ ...person(run, 'nip'), specialization: 'Biologi', profile_picture_url: photo(run) }),
        targetMs: STAFF_TARGET_MS,
        photos: true,
      },
    );
  });
  out.push(
    {
      route: 'POST /students',
      payload: `photo ${side} JPEG with EXIF at the byte limit, as the profile picture`,
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/students',
      body: (_c, run) => ({ ...person(run, 'nis'), grade: 10, profile_picture_url: photoUrl(`jpeg-${run}`) }),
      targetMs: STAFF_TARGET_MS,
      photos: true,
    },
    {
      route: 'POST /exams',
      payload: 'photo sanity: a 10000×10000 PNG (refused: past the pixel limit)',
      who: 'teacher',
      method: 'POST',
      path: () => '/api/v1/exams',
      body: (c) => ({ ...examWithPicture(photoUrl('oversized')), class_id: c[`photoClass${PHOTO_CLASSES - 1}`] }),
      refused: true,
      refusedCode: 'image-too-many-pixels',
      targetMs: STAFF_TARGET_MS,
      photos: true,
    },
    {
      route: 'POST /teachers',
      payload: 'photo sanity: a 10000×10000 PNG as the profile picture (refused: past the pixel limit)',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/teachers',
      body: (_c, run) => ({
        ...person(run, 'nip'),
        specialization: 'Biologi',
        profile_picture_url: photoUrl('oversized'),
      }),
      refused: true,
      refusedCode: 'image-too-many-pixels',
      targetMs: STAFF_TARGET_MS,
      photos: true,
    },
  );
  return out;
}

const inOneDay = (hours: number) => new Date(Date.now() + 24 * 3600_000 + hours * 3600_000).toISOString();

// --- the write routes ------------------------------------------------------------------------------------------
function cases(): Case[] {
  const S = BODY_LIMITS.standard;
  const U = BODY_LIMITS.unauthenticated;
  const W = BODY_LIMITS.withImages;
  const P = BODY_LIMITS.withProfilePicture;
  const uniq = (p: string, run: number) => `${p}${process.pid}${run}${Math.floor(Math.random() * 1e6)}`;
  // NIS and NIP are digits only: an id with a letter is refused before the profile picture is read
  const person = (run: number, id: string) => ({
    name: 'Nama Lengkap',
    status: 'Active',
    phone_number: '0812',
    [id]: uniq('', run),
  });
  return [
    {
      route: 'POST /auth',
      payload: 'login at the 16 KB limit',
      who: 'none',
      method: 'POST',
      path: () => '/api/v1/auth',
      body: () => padTo({ username: 'nobody', password: 'x' }, U),
    },
    {
      route: 'POST /auth',
      payload: '10 MB without a token (refused before parsing)',
      who: 'none',
      method: 'POST',
      path: () => '/api/v1/auth',
      body: () => padTo({ username: 'a', password: 'b' }, W),
      refused: true,
    },
    {
      route: 'POST /materials',
      payload: '10 MB without a token (refused before parsing)',
      who: 'none',
      method: 'POST',
      path: () => '/api/v1/materials',
      body: () => padTo({}, W),
      refused: true,
    },
    {
      route: 'POST /auth/change-password',
      payload: 'at the 16 KB limit',
      who: 'teacher',
      method: 'POST',
      path: () => '/api/v1/auth/change-password',
      body: () => padTo({ old_password: 'wrong-password', new_password: 'new-password-123' }, U),
    },
    {
      route: 'POST /users',
      payload: 'at the 256 KB limit',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/users',
      body: (_c, r) =>
        padTo(
          {
            username: uniq('u', r),
            email: `${uniq('u', r)}@x.id`,
            password: 'password-123',
            role: 'user',
            display_name: 'U',
          },
          S,
        ),
      save: (b, c) => {
        c.userId = Number(b.id ?? b.user_id);
      },
    },
    {
      route: 'PUT /users',
      payload: 'at the 256 KB limit',
      who: 'admin',
      method: 'PUT',
      path: (c) => `/api/v1/users?id=${c.userId}`,
      body: (_c, r) =>
        padTo({ username: uniq('u', r), email: `${uniq('u', r)}@x.id`, role: 'user', display_name: 'U2' }, S),
    },
    {
      route: 'POST /students',
      payload: '2 MB profile picture, padded to 2.5 MB',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/students',
      body: (_c, r) => padTo({ ...person(r, 'nis'), grade: 10, profile_picture_url: largestPicture() }, P),
      save: (b, c) => {
        c.studentId = Number(b.id);
      },
    },
    {
      route: 'PUT /students',
      payload: '2 MB profile picture, padded to 2.5 MB',
      who: 'admin',
      method: 'PUT',
      path: (c) => `/api/v1/students?id=${c.studentId}`,
      body: (_c, r) => padTo({ ...person(r, 'nis'), grade: 10, profile_picture_url: largestPicture() }, P),
    },
    {
      route: 'POST /students/reset-password',
      payload: 'at the 256 KB limit',
      who: 'admin',
      method: 'POST',
      path: (c) => `/api/v1/students/reset-password?id=${c.studentId}`,
      body: (c) => padTo({ id: c.studentId }, S),
    },
    {
      route: 'POST /students/grade-migrate',
      payload: 'at the 256 KB limit (dry run)',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/students/grade-migrate',
      body: () => padTo({ dry_run: true }, S),
    },
    {
      route: 'POST /students/import',
      payload: '2,000 rows at the 1 MB limit (dry run)',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/students/import',
      body: () => padTo(importRowsAtLimit(), BODY_LIMITS.import),
    },
    {
      route: 'POST /teachers',
      payload: '2 MB profile picture, padded to 2.5 MB',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/teachers',
      body: (_c, r) =>
        padTo({ ...person(r, 'nip'), specialization: 'Biologi', profile_picture_url: largestPicture() }, P),
      save: (b, c) => {
        c.teacherId = Number(b.id);
      },
    },
    {
      route: 'PUT /teachers',
      payload: '2 MB profile picture, padded to 2.5 MB',
      who: 'admin',
      method: 'PUT',
      path: (c) => `/api/v1/teachers?id=${c.teacherId}`,
      body: (_c, r) =>
        padTo({ ...person(r, 'nip'), specialization: 'Biologi', profile_picture_url: largestPicture() }, P),
    },
    {
      route: 'POST /teachers/reset-password',
      payload: 'at the 256 KB limit',
      who: 'admin',
      method: 'POST',
      path: (c) => `/api/v1/teachers/reset-password?id=${c.teacherId}`,
      body: (c) => padTo({ id: c.teacherId }, S),
    },
    {
      route: 'POST /classes',
      payload: 'at the 256 KB limit',
      who: 'admin',
      method: 'POST',
      path: () => '/api/v1/classes',
      body: (c, r) =>
        padTo({ name: uniq('Kelas ', r), description: words(5000), grade: 11, teacher_id: c.schoolTeacherId }, S),
      save: (b, c) => {
        c.classId = Number(b.id);
      },
    },
    {
      route: 'PUT /classes',
      payload: 'at the 256 KB limit',
      who: 'admin',
      method: 'PUT',
      path: (c) => `/api/v1/classes?id=${c.classId}`,
      body: (c, r) =>
        padTo({ name: uniq('Kelas ', r), description: words(5000), grade: 11, teacher_id: c.schoolTeacherId }, S),
    },
    {
      route: 'POST /classes/assign-students',
      payload: '5,000 ids, padded to 256 KB',
      who: 'admin',
      method: 'POST',
      path: (c) => `/api/v1/classes/assign-students?id=${c.classId}`,
      body: (c) => padTo({ student_id: Array.from({ length: 5000 }, (_, i) => c.firstStudentId + (i % 40)) }, S),
    },
    {
      route: 'POST /classes/unassign-students',
      payload: '5,000 ids, padded to 256 KB',
      who: 'admin',
      method: 'POST',
      path: (c) => `/api/v1/classes/unassign-students?id=${c.classId}`,
      body: (c) => padTo({ student_id: Array.from({ length: 5000 }, (_, i) => c.firstStudentId + (i % 40)) }, S),
    },
    {
      route: 'POST /materials',
      payload: `rich HTML at the caps (${MAX_HTML_ELEMENTS} styled elements, 1 MiB)`,
      who: 'teacher',
      method: 'POST',
      path: () => '/api/v1/materials',
      body: (c) => ({ title: 'Bab', description: words(5000), content: richHtmlAtCaps(), class_id: c.schoolClassId }),
      save: (b, c) => {
        c.materialId = Number(b.id);
      },
    },
    {
      route: 'POST /materials',
      payload: 'text to 1 MiB + largest pictures to 8 M characters',
      who: 'teacher',
      method: 'POST',
      path: () => '/api/v1/materials',
      body: (c) => ({ title: 'Bab', description: 'd', content: htmlWithPicture(), class_id: c.schoolClassId }),
    },
    {
      route: 'PUT /materials',
      payload: `rich HTML at the caps (${MAX_HTML_ELEMENTS} styled elements, 1 MiB)`,
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/materials?id=${c.materialId}`,
      body: () => ({ title: 'Bab', description: words(5000), content: richHtmlAtCaps() }),
    },
    {
      route: 'PUT /materials',
      payload: 'pathological: `<b>` × 200,000 (was 22 s)',
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/materials?id=${c.materialId}`,
      body: () => ({ title: 'Bab', description: 'd', content: '<b>'.repeat(200_000) }),
      refused: true,
    },
    {
      route: 'PUT /materials',
      payload: 'pathological: 40,000 dropped `<img src=x>` (was 13 s)',
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/materials?id=${c.materialId}`,
      body: () => ({ title: 'Bab', description: 'd', content: '<p>abcdefghij</p><img src="x">'.repeat(40_000) }),
      refused: true,
    },
    {
      route: 'PUT /materials/reply',
      payload: '20,000-character reply, padded to 256 KB',
      who: 'student',
      method: 'PUT',
      path: (c) => `/api/v1/materials/reply?id=${c.materialForumId}`,
      body: () => padTo({ replies: '<p><b>x</b></p>'.repeat(MAX_QUESTION_TEXT_BYTES / 15) }, S),
    },
    {
      route: 'POST /discussions',
      payload: '20,000-character description, padded to 256 KB',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/discussions',
      body: () => padTo({ topic: 'Tanya', description: '<p><i>x</i></p>'.repeat(MAX_QUESTION_TEXT_BYTES / 15) }, S),
      save: (b, c) => {
        c.discussionId = Number(b.id);
      },
    },
    {
      route: 'PUT /discussions',
      payload: '20,000-character description, padded to 256 KB',
      who: 'student',
      method: 'PUT',
      path: (c) => `/api/v1/discussions?id=${c.discussionId}`,
      body: () => padTo({ topic: 'Tanya', description: '<p><i>x</i></p>'.repeat(MAX_QUESTION_TEXT_BYTES / 15) }, S),
    },
    {
      route: 'PUT /discussions/reply',
      payload: '20,000-character reply, padded to 256 KB',
      who: 'student',
      method: 'PUT',
      path: (c) => `/api/v1/discussions/reply?id=${c.discussionId}`,
      body: () => padTo({ replies: '<p><b>x</b></p>'.repeat(MAX_QUESTION_TEXT_BYTES / 15) }, S),
    },
    {
      route: 'POST /discussions-material',
      payload: '20,000-character description, padded to 256 KB',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/discussions-material',
      body: (c) =>
        padTo(
          {
            topic: 'Tanya',
            description: '<p><i>x</i></p>'.repeat(MAX_QUESTION_TEXT_BYTES / 15),
            material_id: c.materialId,
          },
          S,
        ),
      save: (b, c) => {
        c.materialForumId = Number(b.id);
      },
    },
    {
      route: 'PUT /discussions-material',
      payload: '20,000-character description, padded to 256 KB',
      who: 'student',
      method: 'PUT',
      path: (c) => `/api/v1/discussions-material?id=${c.materialForumId}`,
      body: () => padTo({ topic: 'Tanya', description: '<p><i>x</i></p>'.repeat(MAX_QUESTION_TEXT_BYTES / 15) }, S),
    },
    {
      route: 'POST /reports',
      payload: 'at the 256 KB limit',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/reports',
      body: (c) => padTo({ kind: 'general', discussion_id: c.discussionId, reason: words(1000) }, S),
    },
    {
      route: 'POST /exercises',
      payload: `${MAX_QUESTIONS} questions + largest pictures to 10 MB`,
      who: 'teacher',
      method: 'POST',
      path: () => '/api/v1/exercises',
      body: (c) => ({ title: 'Latihan', total_marks: 100, material_id: c.materialId, content: contentAtCaps() }),
      save: (b, c) => {
        c.exerciseId = Number(b.id);
      },
    },
    {
      route: 'PUT /exercises',
      payload: `${MAX_QUESTIONS} questions + largest pictures to 10 MB`,
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/exercises?id=${c.exerciseId}`,
      body: () => ({ title: 'Latihan', total_marks: 100, content: contentAtCaps() }),
    },
    {
      route: 'PUT /exercises',
      payload: 'pathological: `<img`×4998+`data:` in 100 texts (was ~20 s)',
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/exercises?id=${c.exerciseId}`,
      body: () => ({ title: 'Latihan', total_marks: 100, content: imgRegexBomb() }),
    },
    {
      route: 'POST /exercises-answers',
      payload: 'answers at the 1 MB limit',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/exercises-answers',
      body: (c) => ({ exercise_id: c.exerciseId, answers: answersAtLimit() }),
      save: (b, c) => {
        c.exerciseSheetId = Number(b.id);
      },
    },
    {
      route: 'PUT /exercises-answers',
      payload: 'answers at the 1 MB limit',
      who: 'student',
      method: 'PUT',
      path: (c) => `/api/v1/exercises-answers?id=${c.exerciseSheetId}`,
      body: () => ({ answers: answersAtLimit() }),
    },
    {
      route: 'POST /exercises/calculate-grade',
      payload: 'at the 256 KB limit',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/exercises/calculate-grade',
      body: (c) => padTo({ exercise_id: c.exerciseId, student_id: c.firstStudentId }, S),
    },
    {
      route: 'PUT /exercises/essay-score',
      payload: 'at the 256 KB limit',
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/exercises/essay-score?id=${c.exerciseSheetId}`,
      body: () => padTo({ scores: { 1: 5 } }, S),
    },
    {
      route: 'POST /exams',
      payload: `${MAX_QUESTIONS} questions + largest pictures to 10 MB`,
      who: 'teacher',
      method: 'POST',
      path: () => '/api/v1/exams',
      body: (c) => ({
        title: 'UTS',
        total_marks: 100,
        class_id: c.classId,
        start_time: inOneDay(0),
        end_time: inOneDay(2),
        content: contentAtCaps(),
      }),
      save: (b, c) => {
        c.examId = Number(b.id);
      },
    },
    {
      route: 'PUT /exams',
      payload: `${MAX_QUESTIONS} questions + largest pictures to 10 MB`,
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/exams?id=${c.examId}`,
      body: () => ({
        title: 'UTS',
        total_marks: 100,
        start_time: inOneDay(0),
        end_time: inOneDay(2),
        content: contentAtCaps(),
      }),
    },
    {
      route: 'POST /exams-answers',
      payload: 'answers at the 1 MB limit',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/exams-answers',
      body: (c) => ({ exam_id: c.openExamId, answers: answersAtLimit() }),
      save: (b, c) => {
        c.examSheetId = Number(b.id);
      },
    },
    {
      route: 'PUT /exams-answers',
      payload: 'answers at the 1 MB limit',
      who: 'student',
      method: 'PUT',
      path: (c) => `/api/v1/exams-answers?id=${c.examSheetId}`,
      body: () => ({ answers: answersAtLimit() }),
    },
    {
      route: 'POST /exams/calculate-grade',
      payload: 'at the 256 KB limit',
      who: 'student',
      method: 'POST',
      path: () => '/api/v1/exams/calculate-grade',
      body: (c) => padTo({ exam_id: c.openExamId, student_id: c.firstStudentId }, S),
    },
    {
      route: 'PUT /exams/essay-score',
      payload: 'at the 256 KB limit',
      who: 'teacher',
      method: 'PUT',
      path: (c) => `/api/v1/exams/essay-score?id=${c.examSheetId}`,
      body: () => padTo({ scores: { 1: 5 } }, S),
    },
    ...photoCases(person),
  ];
}

// --- every role's largest body in the costliest shape --------------------------------------------------------------
const ROLES: Who[] = ['none', 'student', 'teacher', 'admin'];
const texts = new Map<string, string>();
/** `{"content":[{},{},…]}` of `bytes` bytes: the most objects a body of that size can hold (3 bytes each). */
function emptyObjectsTo(bytes: number): string {
  const key = `objects${bytes}`;
  if (!texts.has(key)) texts.set(key, `{"content":[${'{},'.repeat(Math.floor((bytes - 20) / 3))}{}]}`);
  return texts.get(key)!;
}
/**
 * As many `{}` as the server parses (each counts 3 of MAX_BODY_VALUES: `{` twice and its comma, see
 * server/src/lib/json-values.ts), then a string padding the body to `bytes`.
 */
function mostValuesTo(bytes: number): string {
  const key = `values${bytes}`;
  if (!texts.has(key)) {
    const objects = Math.min(Math.floor(MAX_BODY_VALUES / 3) - 10, Math.floor((bytes - 40) / 3));
    const head = `{"content":[${'{},'.repeat(objects)}{}],"note":"`;
    texts.set(key, `${head}${'x'.repeat(Math.max(0, bytes - head.length - 2))}"}`);
  }
  return texts.get(key)!;
}

/** For each write route of `base` (once per method and path) and each role: both shapes at the route's limit. */
function costliestBodies(base: Case[]): Case[] {
  const seen = new Set<string>();
  const out: Case[] = [];
  for (const c of base) {
    if (seen.has(c.route)) continue;
    seen.add(c.route);
    const url = `/api/v1${c.route.split(' ')[1]}`;
    const limit = routeBodyLimit(url, [c.method], true) - MARGIN;
    for (const who of ROLES) {
      const targetMs = who === 'teacher' || who === 'admin' ? STAFF_TARGET_MS : TARGET_MS;
      const as = who === 'none' ? 'no token' : who;
      out.push({
        route: c.route,
        payload: `${as}: [{},…] to ${(limit / 1e6).toFixed(2)} MB`,
        who,
        method: c.method,
        path: c.path,
        body: () => emptyObjectsTo(limit),
        raw: true,
        targetMs,
      });
      out.push({
        route: c.route,
        payload: `${as}: the most values parsed, padded to ${(limit / 1e6).toFixed(2)} MB`,
        who,
        method: c.method,
        path: c.path,
        body: () => mostValuesTo(limit),
        raw: true,
        targetMs,
      });
    }
  }
  return out;
}

interface StoredPictures {
  pictures: number;
  sized: number;
  variants: number;
}

/** What the server stored of the pictures: each sized (sharp read it) and its copies made. */
async function storedPictures(handle: ReturnType<typeof openDb>): Promise<StoredPictures> {
  const count = (rows: { n: number | string | bigint }[]) => Number(rows[0]?.n ?? 0);
  const pictures = count(
    await handle.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute(),
  );
  const sized = count(
    await handle.db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('width', 'is not', null)
      .execute(),
  );
  const variants = count(
    await handle.db
      .selectFrom('image_variants')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute(),
  );
  return { pictures, sized, variants };
}

// --- running ---------------------------------------------------------------------------------------------------
/**
 * The probe's figures; retried for up to a minute, as on a loaded machine (load 25–40 on 2 cores) a fresh server, or
 * one still busy with the last body, may not answer at once (two PostgreSQL runs stopped here after 5 tries).
 */
async function probe(port: number, what: 'reset' | 'read') {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/${what}`, { signal: AbortSignal.timeout(15_000) });
      return (await res.json()) as { maxMs: number; p99Ms: number; meanMs: number; samples: number };
    } catch (e) {
      if (attempt >= 30) throw e;
      await sleep(2000);
    }
  }
}

/**
 * BENCH_EL_ROUTES=materials,exams: only the rows whose route or payload text holds one of the words (a run of its own,
 * saved apart); `photo` picks the picture uploads.
 */
const ROUTE_WORDS = (process.env.BENCH_EL_ROUTES ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const picked = (c: Case) =>
  ROUTE_WORDS.length === 0 || ROUTE_WORDS.some((w) => c.route.includes(w) || c.payload.includes(w));

async function withDb(
  db: DbChoice,
  port: number,
): Promise<{ db: DbChoice; idle: number; rows: Row[]; stored?: StoredPictures; error?: string }> {
  const pgName = `bench_event_loop_${process.pid}`;
  const databaseUrl = db === 'postgres' ? await createPgDatabase(pgName) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-event-loop-'));
  const probePort = port + 10; // within the benchmarks' ports 3800–3899
  const server = await startServer({
    port,
    kind: db,
    databaseUrl,
    dataDir,
    env: { JWT_SECRET: BENCH_JWT_SECRET, EXAM_AUTO_SUBMIT: '0', LOOP_PROBE_PORT: String(probePort) },
    nodeArgs: ['--import', pathToFileURL(PROBE).href],
  });
  const handle = openDb(databaseUrl, path.join(dataDir, 'kelasku.sqlite'));
  const rows: Row[] = [];
  let idle = NaN;
  let error: string | undefined;
  let stored: StoredPictures | undefined;
  try {
    const school = await buildSchool(handle, { prefix: 'EL', students: 40, questions: 10 });
    const admin = await handle.db
      .insertInto('users')
      .values({
        username: 'ELadmin',
        email: 'eladmin@kelasku.local',
        password_hash: 'x',
        role: 'admin',
        display_name: 'Admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teacher = await handle.db
      .selectFrom('teachers')
      .select(['id', 'user_id'])
      .where('id', '=', school.teacherIds[0])
      .executeTakeFirstOrThrow();
    const student = school.students[0];
    const tokens: Record<Who, string | undefined> = {
      none: undefined,
      admin: mintToken({ user_id: admin.id, email: 'eladmin@kelasku.local', role: 'admin', display_name: 'Admin' }),
      teacher: mintToken({
        user_id: teacher.user_id,
        email: 't@kelasku.local',
        role: 'teacher',
        display_name: 'Guru',
        teacher_id: teacher.id,
      }),
      student: studentToken(student),
    };
    const ctx: Ctx = {
      schoolClassId: school.classIds[0],
      schoolTeacherId: teacher.id,
      firstStudentId: student.id,
      openExamId: school.exams[0].id,
    };
    const pool = makePool(server.url, 2);
    await sleep(1000);
    await probe(probePort, 'reset');
    await sleep(1000);
    idle = (await probe(probePort, 'read')).maxMs;
    const base = cases();
    const chosen = [...base, ...costliestBodies(base)].filter(picked);
    if (chosen.some((c) => c.photos)) {
      // the photo exams' classes (one exam per class), the teacher's
      const rows = Array.from({ length: PHOTO_CLASSES }, (_, k) => ({
        name: `EL Foto ${k + 1}`,
        name_key: classNameKey(`EL Foto ${k + 1}`),
        description: 'Kelas foto',
        teacher_id: teacher.id,
        grade: 10,
      }));
      const ids = await handle.db.insertInto('classes').values(rows).returning('id').execute();
      ids.forEach((r, k) => (ctx[`photoClass${k}`] = r.id));
    }
    for (const c of chosen) {
      const targetMs = c.targetMs ?? TARGET_MS;
      const row: Row = {
        route: c.route,
        targetMs,
        payload: c.payload,
        bodyBytes: 0,
        statuses: [],
        maxDelayMs: 0,
        p99DelayMs: 0,
        latencyMs: 0,
        ok: true,
      };
      for (let run = 0; run < REPEATS; run++) {
        const body = c.body(ctx, run);
        row.bodyBytes = c.raw ? Buffer.byteLength(body as string) : Buffer.byteLength(JSON.stringify(body));
        await probe(probePort, 'reset');
        const res = await call<Record<string, unknown>>(pool, c.method, c.path(ctx), {
          token: tokens[c.who],
          body,
          raw: c.raw,
        });
        await sleep(50); // work the handler left behind (e.g. a write after the reply) is measured too
        const loop = await probe(probePort, 'read');
        row.statuses.push(res.status);
        row.maxDelayMs = Math.max(row.maxDelayMs, loop.maxMs);
        row.p99DelayMs = Math.max(row.p99DelayMs, loop.p99Ms);
        row.latencyMs = Math.max(row.latencyMs, Math.round(res.end - res.start));
        if (res.status === 200 && c.save && res.body && typeof res.body === 'object') c.save(res.body, ctx);
        if (c.refused && !(res.status >= 400 && res.status < 500)) row.ok = false;
        if (c.refusedCode && (res.body as { code?: unknown } | undefined)?.code !== c.refusedCode) row.ok = false;
        if (res.status === 0 || res.status >= 500) row.ok = false;
      }
      if (row.maxDelayMs >= targetMs) row.ok = false;
      rows.push(row);
      console.log(
        `[event-loop ${db}] ${c.route} — ${c.payload}: ${(row.bodyBytes / 1e6).toFixed(2)} MB, ${row.statuses.join('/')}, max delay ${row.maxDelayMs} ms, latency ${row.latencyMs} ms`,
      );
    }
    await pool.close();
    if (chosen.some((c) => c.photos)) stored = await storedPictures(handle);
  } catch (e) {
    error = (e as Error).stack ?? String(e);
    console.error(`[event-loop ${db}] ${error}\n${server.logTail()}`);
  } finally {
    await handle.close();
    await server.stop();
    if (databaseUrl) await dropPgDatabase(pgName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { db, idle, rows, stored, error };
}

export async function runEventLoop(): Promise<void> {
  const runs = [];
  // BENCH_EL_PORT: another first port, for a run beside another (each database takes its port and port + 10)
  let port = Number(process.env.BENCH_EL_PORT ?? 3870);
  const base = cases();
  if ([...base, ...costliestBodies(base)].some((c) => c.photos && picked(c))) await preparePhotos();
  for (const db of (process.env.BENCH_DBS ?? 'sqlite,postgres').split(',') as DbChoice[]) {
    if (db === 'postgres' && !(await pgAvailable())) continue;
    runs.push(await withDb(db, port++));
  }
  const sections = runs.map((r) => {
    const worst = Math.max(...r.rows.map((x) => x.maxDelayMs));
    const failing = r.rows.filter((x) => !x.ok).length;
    const worstOf = (staff: boolean) =>
      Math.max(0, ...r.rows.filter((x) => (x.targetMs === STAFF_TARGET_MS) === staff).map((x) => x.maxDelayMs));
    return [
      `### ${r.db}: worst max delay ${worstOf(false)} ms for anonymous and student bodies and the payloads above (target < ${TARGET_MS} ms), ` +
        `${worstOf(true)} ms for a teacher's or admin's costliest body (target < ${STAFF_TARGET_MS} ms); ${failing} of ${r.rows.length} payloads miss a target; idle server: ${r.idle} ms (worst of all ${worst} ms)`,
      '',
      table(
        ['route', 'payload', 'body MB', 'status', 'max delay ms', 'p99 delay ms', 'latency ms', 'target ms', 'ok'],
        r.rows.map((x) => [
          x.route,
          x.payload,
          (x.bodyBytes / 1e6).toFixed(2),
          x.statuses.join('/'),
          x.maxDelayMs,
          x.p99DelayMs,
          x.latencyMs,
          x.targetMs,
          x.ok ? '✓' : '✗',
        ]),
      ),
      ...(r.stored
        ? [
            '',
            `Stored afterwards: ${r.stored.pictures} pictures, ${r.stored.sized} of them sized by sharp, ${r.stored.variants} smaller copies (the uploads were decoded and resized).`,
          ]
        : []),
      ...(r.error ? ['', `- **${r.error.split('\n')[0]}**`] : []),
    ].join('\n');
  });
  const md = [
    '## Event-loop delay — the largest allowed payload of each write route',
    '',
    `One request at a time (${REPEATS} runs each, the worst shown). Delay = the server's own event-loop delay`,
    '(`perf_hooks.monitorEventLoopDelay`, 5 ms resolution) while it handled the request, read inside the server process',
    '(bench/lib/loop-probe.mjs). "ok": max delay under the row\'s target, no 5xx, and pathological payloads refused with a 4xx.',
    "Then every write route gets, from each role with its own token (or none), the costliest body to parse at the route's",
    `limit: \`[{},…]\` (refused unparsed: more than ${MAX_BODY_VALUES.toLocaleString('en')} values, or a role the route does not serve, before the`,
    `body is read) and as many \`{}\` as the server parses (${Math.floor(MAX_BODY_VALUES / 3).toLocaleString('en')}) padded to the limit. Targets: < ${TARGET_MS} ms without a token`,
    `and for a student, < ${STAFF_TARGET_MS} ms for a teacher or admin. Load average at start and end: see the table at the top.`,
    'Statuses other than 200 on padded bodies are routes refusing the padding or the ids — the body was parsed all the same.',
    "On SQLite every statement runs synchronously (better-sqlite3), so a request's parsing, checks and writes form one",
    'block and its delay is close to its latency; on PostgreSQL the writes are I/O and free the loop.',
    '',
    ...sections,
  ].join('\n');
  const only =
    ROUTE_WORDS.length === 0
      ? ''
      : `-${runs.map((r) => r.db).join('-')}-${ROUTE_WORDS.join('-').replace(/[^a-z0-9-]/gi, '')}`;
  const title = only
    ? `Event-loop delay (${runs.map((r) => r.db).join(', ')}; routes with ${ROUTE_WORDS.join(', ')})`
    : 'Event-loop delay';
  saveResult({
    // BENCH_EL_RESULT=<name>-YYYY-MM-DD and BENCH_EL_TITLE keep a run apart (a before/after pair of open work)
    name: process.env.BENCH_EL_RESULT ?? `event-loop${only}`,
    title: process.env.BENCH_EL_TITLE ? `${title}, ${process.env.BENCH_EL_TITLE}` : title,
    startedAt: new Date().toISOString(),
    markdown: md,
    data: { runs },
  });
}

if (isMain(module)) {
  runEventLoop().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
