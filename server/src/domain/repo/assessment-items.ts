/**
 * Writing exercises and exams (create, edit with re-grading, delete) and the teacher's views of one item's sheets
 * (GET {base}/submissions, /submission), docs/api.md §2.8–2.10.
 */
import type { Db } from '../../db/connect';
import { dbKindOf } from '../../db/connect';
import { readAnswersColumn, toDbJson } from '../../db/json';
import { toDbTime } from '../../db/time';
import { type ContentMap, questionCount } from '../content';
import { clash } from '../errors';
import { saveImages, type StoredImage } from '../images';
import type { ScorerConfig } from '../scorers';
import { type ItemFacts, type ItemSpec, type ItemVersion, regradeItem, type RegradeOutcome } from './assessments';
import { activeStudent } from './members';

/** An item as a create or an edit stores it (already validated). */
export interface ItemInput {
  title: string;
  total_marks: number;
  content: ContentMap;
  /** exams only */
  window?: { start: Date; end: Date };
  /** omitted: unchanged (off when created) */
  shuffle_questions?: boolean;
  shuffle_options?: boolean;
  /** exams only; omitted: unchanged (a daily test, answers hidden, when created) */
  kind?: { kind: string; label: string | null };
  show_answers?: boolean;
}

/** The columns an input sets; the shuffle flags as the column stores them (PG boolean, SQLite 0/1). */
function itemColumns(db: Db, input: ItemInput) {
  const stored = (v: boolean) => (dbKindOf(db) === 'postgres' ? v : Number(v));
  return {
    title: input.title,
    total_marks: input.total_marks,
    content: toDbJson(input.content),
    question_count: questionCount(input.content),
    ...(input.window ? { start_time: toDbTime(input.window.start), end_time: toDbTime(input.window.end) } : {}),
    ...(input.shuffle_questions === undefined ? {} : { shuffle_questions: stored(input.shuffle_questions) }),
    ...(input.shuffle_options === undefined ? {} : { shuffle_options: stored(input.shuffle_options) }),
    ...(input.kind === undefined ? {} : { kind: input.kind.kind, kind_label: input.kind.label }),
    ...(input.show_answers === undefined ? {} : { show_answers: stored(input.show_answers) }),
  };
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Creates the item of a parent (material or class) with its pictures, in one transaction: a refused insert leaves no
 * pictures behind. A second item of the parent is a clash (409). Returns the new id.
 */
export async function createItem(
  db: Db,
  spec: ItemSpec,
  parentId: number,
  teacherId: number,
  input: ItemInput,
  images: StoredImage[],
): Promise<number> {
  const parentCol = spec.kind === 'exercise' ? 'material_id' : 'class_id';
  const values = { [parentCol]: parentId, ...itemColumns(db, input), teacher_id: teacherId };
  try {
    return await db.transaction().execute(async (trx) => {
      await saveImages(trx, images);
      return (await trx.insertInto(spec.table).values(values).returning('id').executeTakeFirstOrThrow()).id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw clash(`${spec.label} already exists`);
    throw e;
  }
}

/**
 * Stores an edit and re-grades every submitted sheet in the same transaction: no grade is ever read against a key it
 * was not computed with. Essays whose scorer is slow come back as `deferred` (rescoreDeferred after the commit).
 */
export async function updateItem(
  db: Db,
  spec: ItemSpec,
  id: number,
  input: ItemInput,
  images: StoredImage[],
  before: ItemVersion,
  scorer: ScorerConfig,
): Promise<RegradeOutcome> {
  return db.transaction().execute(async (trx) => {
    await saveImages(trx, images);
    await trx
      .updateTable(spec.table)
      .set({ ...itemColumns(db, input), updated_at: toDbTime() })
      .where('id', '=', id)
      .execute();
    return regradeItem(trx, spec, id, before, { content: input.content, totalMarks: input.total_marks }, scorer);
  });
}

/** Deletes an item; its sheets and grades go with it (foreign keys cascade). */
export async function deleteItem(db: Db, spec: ItemSpec, id: number): Promise<void> {
  await db.deleteFrom(spec.table).where('id', '=', id).execute();
}

/** One student of the item's class with their sheet and grade columns as stored (absent ones null). */
export interface SubmissionRow {
  student_id: number;
  name: string;
  nis: string;
  sheet_id: number | null;
  status: unknown;
  answers: unknown;
  submitted_at: Date | string | null;
  score: number | null;
  detail: unknown;
  /** 0017: the seed stored with the sheet (opened before seeds were secret) */
  order_seed: string | null;
  /** false for a deactivated student, listed only for the sheet or grade they left (members.ts) */
  active: boolean;
}

/**
 * Every member of the item's class (members.ts), by name, with their sheet and grade (GET {base}/submissions); a
 * deactivated student still assigned is listed only with a sheet or grade of the item, as history.
 */
export async function submissionRows(
  db: Db,
  spec: ItemSpec,
  item: Pick<ItemFacts, 'id' | 'class_id'>,
): Promise<SubmissionRow[]> {
  // The joins name the item column, so the query is written once per kind.
  const students = db.selectFrom('assigned_students_class as a').innerJoin('students as st', 'st.id', 'a.student_id');
  const columns = [
    'st.id as student_id',
    'st.name',
    'st.nis',
    's.id as sheet_id',
    's.status',
    's.answers',
    's.submitted_at',
    's.order_seed',
    'g.score',
    'g.detail',
  ] as const;
  const active = activeStudent('a.student_id').as('active');
  const rows =
    spec.kind === 'exercise'
      ? await students
          .leftJoin('exercise_answers as s', (j) =>
            j.onRef('s.student_id', '=', 'st.id').on('s.exercise_id', '=', item.id),
          )
          .leftJoin('exercise_scores as g', (j) =>
            j.onRef('g.student_id', '=', 'st.id').on('g.exercise_id', '=', item.id),
          )
          .select([...columns, active])
          .where('a.class_id', '=', item.class_id)
          .where((eb) => eb.or([activeStudent('a.student_id'), eb('s.id', 'is not', null), eb('g.id', 'is not', null)]))
          .orderBy('st.name')
          .orderBy('st.id')
          .execute()
      : await students
          .leftJoin('exam_answers as s', (j) => j.onRef('s.student_id', '=', 'st.id').on('s.exam_id', '=', item.id))
          .leftJoin('exam_scores as g', (j) => j.onRef('g.student_id', '=', 'st.id').on('g.exam_id', '=', item.id))
          .select([...columns, active])
          .where('a.class_id', '=', item.class_id)
          .where((eb) => eb.or([activeStudent('a.student_id'), eb('s.id', 'is not', null), eb('g.id', 'is not', null)]))
          .orderBy('st.name')
          .orderBy('st.id')
          .execute();
  return rows.map((r) => ({
    active: Boolean(r.active),
    student_id: Number(r.student_id),
    name: r.name,
    nis: r.nis,
    sheet_id: r.sheet_id == null ? null : Number(r.sheet_id),
    status: r.status,
    answers: r.answers,
    submitted_at: r.submitted_at ?? null,
    score: r.score == null ? null : Number(r.score),
    detail: r.detail,
    order_seed: r.order_seed ?? null,
  }));
}

/** A student of a class as the submission view shows them, or undefined when they are not in it. */
export async function studentInClass(
  db: Db,
  studentId: number,
  classId: number,
): Promise<{ id: number; name: string; nis: string } | undefined> {
  return db
    .selectFrom('students as st')
    .innerJoin('assigned_students_class as a', 'a.student_id', 'st.id')
    .select(['st.id', 'st.name', 'st.nis'])
    .where('st.id', '=', studentId)
    .where('a.class_id', '=', classId)
    .executeTakeFirst();
}

/** The stored answers of a student's sheet: null without a sheet or answers. */
export async function sheetAnswers(
  db: Db,
  spec: ItemSpec,
  itemId: number,
  studentId: number,
): Promise<Record<string, string> | null> {
  const sheet = await db
    .selectFrom(spec.sheets)
    .select(['answers'])
    .where(spec.idCol, '=', itemId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return readAnswersColumn(sheet?.answers);
}
