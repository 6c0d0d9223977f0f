/**
 * The one typed description of the database (Kysely). Every table of docs/api.md §3 with the NEW rules,
 * plus `discussion_replies`, `reports` and `job_leases`.
 *
 * Conventions that hold on both dialects (SQLite and PostgreSQL):
 * - Integer ids are `serial` on PostgreSQL and `integer primary key autoincrement` on SQLite.
 * - Instants (`*_at`, exam `start_time`/`end_time`, lease `expires_at`) are `timestamptz` on PostgreSQL and
 *   ISO-8601 UTC text from `Date.toISOString()` on SQLite (fixed width, so text comparison = time comparison).
 *   Always WRITE and BIND them with `toDbTime(date)` (an ISO string: PostgreSQL parses it as timestamptz),
 *   and READ them with `fromDbTime(value)` (PostgreSQL returns a Date, SQLite a string). See `./time.ts`.
 * - JSON columns are `jsonb` on PostgreSQL and `text` on SQLite. Write `toDbJson(value)`, read `readDbJson(value, column, shape)`
 *   (`./json.ts`): PostgreSQL returns parsed values, SQLite returns strings.
 * - `count(*)` comes back as a number on both (pg int8 parser is set in `connect.ts`); still wrap with `Number()`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** An instant: written as an ISO string, read as Date (PostgreSQL) or ISO string (SQLite). */
export type Instant = ColumnType<Date | string, string, string>;
/** An instant with a database default (`now`) on insert. */
export type InstantDefault = ColumnType<Date | string, string | undefined, string>;
/** A JSON column: written as JSON text, read as parsed value (PostgreSQL) or text (SQLite). */
export type Json = ColumnType<unknown, string, string>;
export type NullableJson = ColumnType<unknown, string | null, string | null>;

export type Role = 'admin' | 'teacher' | 'student' | 'user';
/** Answer sheet status: `Active` = open for answers, `Inactive` = submitted (locked). */
export type SheetStatus = 'Active' | 'Inactive';
export type ForumKind = 'general' | 'material';

export interface UsersTable {
  id: Generated<number>;
  /** NIS for students, NIP for teachers (kept in sync in the same transaction), free text for admins. */
  username: string;
  email: string;
  /** `scrypt$N$r$p$salt$hash` (see lib/passwords.ts). Never sent to clients. */
  password_hash: string;
  /** Raised on every password change or reset; tokens signed with an older value are refused. */
  session_version: Generated<number>;
  role: string;
  display_name: string;
  /** Set while the login is deactivated (cannot sign in; history and names are kept); null when active. */
  deactivated_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** 0011: the UI language the user chose ('en' | 'id'), brought back at sign-in on any device; null until chosen. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0013: 1 while the login still has the password an admin created or reset for it (the first sign-in offers a change). */
  initial_password: ColumnType<number, number | undefined, number>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface TeachersTable {
  id: Generated<number>;
  name: string;
  nip: string;
  phone_number: string | null;
  specialization: string;
  status: string;
  profile_picture_url: string | null;
  /** users.id (ON DELETE CASCADE). Null only transiently. */
  user_id: number | null;
  /** 0014: the name in its search form (shared-rules searchText), kept by the profile repository; what account search compares. */
  name_search: ColumnType<string, string | undefined, string>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface StudentsTable {
  id: Generated<number>;
  name: string;
  nis: string;
  phone_number: string | null;
  grade: number;
  curr_score: number | null;
  status: string;
  profile_picture_url: string | null;
  user_id: number | null;
  /** 0014: the name in its search form (shared-rules searchText), kept by the profile repository; what account search compares. */
  name_search: ColumnType<string, string | undefined, string>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface ClassesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** teachers.id, no cascade: a teacher who still teaches classes cannot be deleted */
  teacher_id: number;
  grade: number;
  created_at: InstantDefault;
  /** shared-rules classNameKey(name): unique per grade among the classes not archived */
  name_key: string;
  /** set: the class is archived (read-only, hidden from its teacher's and students' lists) */
  archived_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** unique (student_id, class_id); both FKs cascade. */
export interface AssignedStudentsClassTable {
  id: Generated<number>;
  student_id: number;
  class_id: number;
}

export interface MaterialsTable {
  id: Generated<number>;
  class_id: number;
  title: string;
  description: string;
  /** sanitized HTML */
  content: string;
  teacher_id: number;
  /** 0018: bytes as a list carries it, and pictures a reply prefixes with PUBLIC_URL (domain/material-bytes.ts) */
  list_bytes: ColumnType<number, number | undefined, number>;
  image_refs: ColumnType<number, number | undefined, number>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

/** One exercise per material: unique material_id. */
export interface ExercisesTable {
  id: Generated<number>;
  material_id: number;
  title: string;
  /** content map (all values strings), docs/api.md §4.1 */
  content: Json;
  total_marks: number;
  /** 0013: how many questions the content has (numbered 1..n); answers name only these. Every write sets it
   * (assessment-items.ts itemColumns); the default 0 (no answer accepted) only fills rows of old schemas. */
  question_count: ColumnType<number, number | undefined, number>;
  teacher_id: number;
  /** 0010: each student sees the questions / the options in an order of their own (PG boolean, SQLite 0/1) */
  shuffle_questions: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  shuffle_options: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

/**
 * At most one current exam per class: unique class_id among the exams not closed (0023). Status is computed from
 * start/end on read.
 */
export interface ExamsTable {
  id: Generated<number>;
  class_id: number;
  title: string;
  content: Json;
  total_marks: number;
  /** 0013: how many questions the content has (numbered 1..n) */
  question_count: ColumnType<number, number | undefined, number>;
  teacher_id: number;
  start_time: Instant;
  end_time: Instant;
  shuffle_questions: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  shuffle_options: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** 0023: set when its teacher closed it (it left the class-keyed routes); null while it is the class's current exam */
  closed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** 0023: 'daily' | 'midterm' | 'final' | 'other' (shared-rules EXAM_KINDS); 'other' is named by kind_label */
  kind: ColumnType<string, string | undefined, string>;
  kind_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0025: students see the correct answers once the exam has ended (PG boolean, SQLite 0/1) */
  show_answers: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

/** Answer sheets: unique (exercise_id, student_id); student FK cascades. */
export interface ExerciseAnswersTable {
  id: Generated<number>;
  exercise_id: number;
  student_id: number;
  /** answers map `{ "1": "a", "2": "essay text" }` */
  answers: NullableJson;
  status: SheetStatus;
  submitted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** client's number of the stored map (bigint on PG: read back as string); saves with a seq ≤ it are stale */
  answers_seq: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** per question, when its stored answer was given (ms epoch): merged saves keep the latest change of each */
  answers_at: NullableJson;
  /** the seed of this sheet's question and option order when it is not the secret one (sheets opened before 0017) */
  order_seed: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface ExamAnswersTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  answers: NullableJson;
  status: SheetStatus;
  submitted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** client's number of the stored map (bigint on PG: read back as string); saves with a seq ≤ it are stale */
  answers_seq: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** per question, when its stored answer was given (ms epoch): merged saves keep the latest change of each */
  answers_at: NullableJson;
  /** the seed of this sheet's question and option order when it is not the secret one (sheets opened before 0017) */
  order_seed: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

/** 0026: extra minutes one student gets past an exam's end (the proctor's grant); one row per (exam, student). */
export interface ExamExtraTimeTable {
  exam_id: number;
  student_id: number;
  minutes: number;
  updated_at: InstantDefault;
}

/** 0026: the proctor's settings of one exam. */
export interface ExamProctoringTable {
  exam_id: number;
  one_device: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  updated_at: InstantDefault;
}

/** One score per (exercise_id, student_id), upserted; score rounded to 2 decimals. */
export interface ExerciseScoresTable {
  id: Generated<number>;
  exercise_id: number;
  student_id: number;
  score: number;
  /** per-question detail */
  detail: NullableJson;
  /** 0025: the score before a change of the answer key re-graded it to another one, and when (the student is told) */
  score_before_key_change: ColumnType<number | null, number | null | undefined, number | null>;
  key_changed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface ExamScoresTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  score: number;
  detail: NullableJson;
  score_before_key_change: ColumnType<number | null, number | null | undefined, number | null>;
  key_changed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface GeneralForumTable {
  id: Generated<number>;
  /** null once the author was deleted (ON DELETE SET NULL): the post stays for the replies other students wrote */
  student_id: number | null;
  topic: string;
  description: string;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

export interface MaterialForumTable {
  id: Generated<number>;
  /** null once the author was deleted (see GeneralForumTable) */
  student_id: number | null;
  material_id: number;
  topic: string;
  description: string;
  created_at: InstantDefault;
  updated_at: InstantDefault;
}

/**
 * Replies of both forums, one row each (appends are atomic inserts; the API still returns `replies` arrays).
 * `discussion_id` points at general_forum.id (kind 'general') or material_forum.id (kind 'material'):
 * no FK can express that, so deleting a discussion must delete its replies (and reports) in the same transaction.
 * Written by a student or (material forum) by the class's teacher: exactly one of student_id and teacher_id is set
 * (CHECK); both FKs cascade.
 */
export interface DiscussionRepliesTable {
  /** uuid v4 text (crypto.randomUUID()) */
  id: string;
  kind: ForumKind;
  discussion_id: number;
  student_id: number | null;
  teacher_id: ColumnType<number | null, number | null | undefined, number | null>;
  reply: string;
  created_at: InstantDefault;
}

/**
 * Reports of a post or a reply. `reply_id` is `''` (empty string, NOT null) when the post itself is reported,
 * so that the unique key (kind, discussion_id, reply_id, reporter_id) also holds for posts on both dialects
 * (NULLs are distinct in unique keys). Map `''` ↔ `null` in the repository.
 */
export interface ReportsTable {
  id: Generated<number>;
  kind: ForumKind;
  discussion_id: number;
  reply_id: ColumnType<string, string | undefined, string>;
  reporter_id: number;
  /** the student's optional reason; null when none was given */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: InstantDefault;
}

/** Pictures taken out of saved content (domain/images.ts), keyed by the sha256 (hex) of `data`. Rows never change. */
export interface ImagesTable {
  hash: string;
  mime: string;
  /** bytes in `data` */
  size: number;
  data: Buffer;
  created_at: InstantDefault;
  /** 0030: pixels as shown (upright); null for a picture stored before whose variants were not made yet */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 0030: smaller copies of a picture (domain/picture-variants.ts), served at /api/v1/images/<hash>-<width>.<ext>. */
export interface ImageVariantsTable {
  hash: string;
  width: number;
  mime: string;
  size: number;
  data: Buffer;
}

/** Leases for background jobs that must run on one node at a time (see ./leases.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: Instant;
}

/** Nonces of the sealed-answers envelopes accepted: each is accepted once. */
export interface DeliveredTicketsTable {
  nonce: string;
  delivered_at: Generated<Instant>;
}

/** 0024: a class's gradebook weights per kind of assessment, whole percents (shared-rules gradebook.ts). */
export interface GradebookWeightsTable {
  class_id: number;
  exercise: number;
  daily: number;
  midterm: number;
  final: number;
}

export interface Database {
  users: UsersTable;
  teachers: TeachersTable;
  students: StudentsTable;
  classes: ClassesTable;
  assigned_students_class: AssignedStudentsClassTable;
  materials: MaterialsTable;
  exercises: ExercisesTable;
  exams: ExamsTable;
  exercise_answers: ExerciseAnswersTable;
  exam_answers: ExamAnswersTable;
  exam_extra_time: ExamExtraTimeTable;
  exam_proctoring: ExamProctoringTable;
  exercise_scores: ExerciseScoresTable;
  exam_scores: ExamScoresTable;
  general_forum: GeneralForumTable;
  material_forum: MaterialForumTable;
  discussion_replies: DiscussionRepliesTable;
  reports: ReportsTable;
  job_leases: JobLeasesTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  delivered_tickets: DeliveredTicketsTable;
  gradebook_weights: GradebookWeightsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TeacherRow = Selectable<TeachersTable>;
export type StudentRow = Selectable<StudentsTable>;
export type ClassRow = Selectable<ClassesTable>;
export type MaterialRow = Selectable<MaterialsTable>;
export type ExerciseRow = Selectable<ExercisesTable>;
export type ExamRow = Selectable<ExamsTable>;
export type ExerciseAnswerRow = Selectable<ExerciseAnswersTable>;
export type ExamAnswerRow = Selectable<ExamAnswersTable>;
export type ExerciseScoreRow = Selectable<ExerciseScoresTable>;
export type ExamScoreRow = Selectable<ExamScoresTable>;
export type GeneralForumRow = Selectable<GeneralForumTable>;
export type MaterialForumRow = Selectable<MaterialForumTable>;
export type DiscussionReplyRow = Selectable<DiscussionRepliesTable>;
export type ReportRow = Selectable<ReportsTable>;
