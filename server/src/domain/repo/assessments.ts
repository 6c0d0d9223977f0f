/**
 * Exercises and exams share one life cycle (content map → answer sheet → grade), api-contract §2.8–2.10, §4.
 * This module holds the database side of it for both kinds, driven by an `ItemSpec` naming the tables/columns.
 *
 * The two kinds have identical sheet/score tables apart from the item column name, so queries here go through a
 * loosely typed view of the database (`loose()`); every function returns explicit, typed shapes.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { dbKindOf } from '../../db/connect';
import { toDbJson, fromDbJson } from '../../db/json';
import { toDbTime } from '../../db/time';
import { type ContentMap, ContentCache, parseContentColumn } from '../content';
import { type GradeDetail, gradeSheet, overrideEssay, parseDetailColumn } from '../grading';
import type { ScorerConfig } from '../scorers';

export type ItemKind = 'exercise' | 'exam';

export interface ItemSpec {
  kind: ItemKind;
  table: 'exercises' | 'exams';
  idCol: 'exercise_id' | 'exam_id';
  sheets: 'exercise_answers' | 'exam_answers';
  scores: 'exercise_scores' | 'exam_scores';
  label: 'Exercise' | 'Exam';
}

export const EXERCISE: ItemSpec = { kind: 'exercise', table: 'exercises', idCol: 'exercise_id', sheets: 'exercise_answers', scores: 'exercise_scores', label: 'Exercise' };
export const EXAM: ItemSpec = { kind: 'exam', table: 'exams', idCol: 'exam_id', sheets: 'exam_answers', scores: 'exam_scores', label: 'Exam' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- table/column names come from ItemSpec (see header)
type LooseDb = Kysely<any>;
export const loose = (db: Db): LooseDb => db as unknown as LooseDb;

/** Facts about an item needed for access checks, without its (possibly large) content. */
export interface ItemFacts {
  id: number;
  title: string;
  total_marks: number;
  /** the author (the class's teacher when it was written): never used for authorization */
  teacher_id: number;
  class_id: number;
  /** the class's current teacher */
  class_teacher_id: number;
  material_id: number | null;
  start_time: Date | string | null;
  end_time: Date | string | null;
  updated_at: Date | string;
}

async function facts(db: Db, spec: ItemSpec, by: 'id' | 'parent', value: number): Promise<ItemFacts | undefined> {
  if (spec.kind === 'exercise') {
    const row = await db
      .selectFrom('exercises as i')
      .innerJoin('materials as m', 'm.id', 'i.material_id')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .select([
        'i.id', 'i.title', 'i.total_marks', 'i.teacher_id', 'm.class_id', 'c.teacher_id as class_teacher_id',
        'i.material_id', 'i.updated_at',
      ])
      .where(by === 'id' ? 'i.id' : 'i.material_id', '=', value)
      .executeTakeFirst();
    return row ? { ...row, start_time: null, end_time: null } : undefined;
  }
  const row = await db
    .selectFrom('exams as i')
    .innerJoin('classes as c', 'c.id', 'i.class_id')
    .select(['i.id', 'i.title', 'i.total_marks', 'i.teacher_id', 'i.class_id', 'c.teacher_id as class_teacher_id', 'i.start_time', 'i.end_time', 'i.updated_at'])
    .where(by === 'id' ? 'i.id' : 'i.class_id', '=', value)
    .executeTakeFirst();
  return row ? { ...row, material_id: null } : undefined;
}

export async function itemById(db: Db, spec: ItemSpec, id: number): Promise<ItemFacts | undefined> {
  return facts(db, spec, 'id', id);
}

/** The item of a material (exercise) or of a class (exam). */
export async function itemByParent(db: Db, spec: ItemSpec, parentId: number): Promise<ItemFacts | undefined> {
  return facts(db, spec, 'parent', parentId);
}

// Parsed content keyed by kind:id:updated_at, so a changed row is never served stale (also across API nodes).
const contentCache = new ContentCache(300);

export async function contentOf(db: Db, spec: ItemSpec, item: Pick<ItemFacts, 'id' | 'updated_at'>): Promise<ContentMap> {
  const stamp = item.updated_at instanceof Date ? item.updated_at.toISOString() : String(item.updated_at);
  const key = `${spec.kind}:${item.id}:${stamp}`;
  const hit = contentCache.get(key);
  if (hit) return hit;
  const row = await loose(db).selectFrom(spec.table).select('content').where('id', '=', item.id).executeTakeFirst();
  const content = parseContentColumn(row?.content);
  contentCache.invalidate(`${spec.kind}:${item.id}:`);
  contentCache.set(key, content);
  return content;
}

export function forgetContent(spec: ItemSpec, id: number): void {
  contentCache.invalidate(`${spec.kind}:${id}:`);
}

// ---------------------------------------------------------------- answer sheets

export interface Sheet {
  id: number;
  item_id: number;
  student_id: number;
  answers: Record<string, string> | null;
  status: 'Active' | 'Inactive';
  score: number | null;
  /** the client's number of the stored map; null when it was saved without one */
  answers_seq: number | null;
}

function sheetQuery(db: Db, spec: ItemSpec) {
  return loose(db)
    .selectFrom(`${spec.sheets} as s`)
    .leftJoin(`${spec.scores} as g`, (j) => j.onRef(`g.${spec.idCol}`, '=', `s.${spec.idCol}`).onRef('g.student_id', '=', 's.student_id'))
    .select(['s.id', `s.${spec.idCol} as item_id`, 's.student_id', 's.answers', 's.status', 'g.score', 's.answers_seq']);
}

function toSheet(row: Record<string, unknown>): Sheet {
  return {
    id: Number(row.id),
    item_id: Number(row.item_id),
    student_id: Number(row.student_id),
    answers: row.answers == null ? null : fromDbJson<Record<string, string>>(row.answers),
    status: row.status === 'Inactive' ? 'Inactive' : 'Active',
    score: row.score == null ? null : Number(row.score),
    answers_seq: row.answers_seq == null ? null : Number(row.answers_seq),
  };
}

/** Wire shape: `{id, exercise_id|exam_id, student_id, answers, status, score, answers_seq}`. */
export function sheetJson(spec: ItemSpec, s: Sheet) {
  return { id: s.id, [spec.idCol]: s.item_id, student_id: s.student_id, answers: s.answers, status: s.status, score: s.score, answers_seq: s.answers_seq };
}

export async function sheetById(db: Db, spec: ItemSpec, id: number): Promise<Sheet | undefined> {
  const row = await sheetQuery(db, spec).where('s.id', '=', id).executeTakeFirst();
  return row ? toSheet(row) : undefined;
}

export async function sheetOf(db: Db, spec: ItemSpec, itemId: number, studentId: number): Promise<Sheet | undefined> {
  const row = await sheetQuery(db, spec).where(`s.${spec.idCol}`, '=', itemId).where('s.student_id', '=', studentId).executeTakeFirst();
  return row ? toSheet(row) : undefined;
}

/** Creates the sheet unless one exists (idempotent); returns the stored sheet. */
export async function openSheet(db: Db, spec: ItemSpec, itemId: number, studentId: number, answers: Record<string, string>): Promise<Sheet> {
  await loose(db)
    .insertInto(spec.sheets)
    .values({ [spec.idCol]: itemId, student_id: studentId, answers: toDbJson(answers), status: 'Active' })
    .onConflict((oc) => oc.columns([spec.idCol, 'student_id']).doNothing())
    .execute();
  return (await sheetOf(db, spec, itemId, studentId))!;
}

export async function deleteSheet(db: Db, spec: ItemSpec, sheet: Sheet): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The grade goes with the sheet, so the student can start again.
    await loose(trx).deleteFrom(spec.scores).where(spec.idCol, '=', sheet.item_id).where('student_id', '=', sheet.student_id).execute();
    await loose(trx).deleteFrom(spec.sheets).where('id', '=', sheet.id).execute();
  });
}

// ---------------------------------------------------------------- grades

export interface Grade {
  id: number;
  item_id: number;
  student_id: number;
  score: number;
  detail: GradeDetail;
}

/** Wire shape: `{id, exercise_id|exam_id, student_id, score, detail}`. */
export function gradeJson(spec: ItemSpec, g: Grade) {
  return { id: g.id, [spec.idCol]: g.item_id, student_id: g.student_id, score: g.score, detail: g.detail };
}

function toGrade(spec: ItemSpec, row: Record<string, unknown>): Grade {
  return {
    id: Number(row.id),
    item_id: Number(row[spec.idCol]),
    student_id: Number(row.student_id),
    score: Number(row.score),
    detail: parseDetailColumn(row.detail),
  };
}

export async function gradeOf(db: Db, spec: ItemSpec, itemId: number, studentId: number): Promise<Grade | undefined> {
  const row = await loose(db)
    .selectFrom(spec.scores)
    .select(['id', spec.idCol, 'student_id', 'score', 'detail'])
    .where(spec.idCol, '=', itemId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row ? toGrade(spec, row) : undefined;
}

/** A grade with where its item lives (class, current teacher) and, for exams, its window. */
export interface GradeInClass extends Grade {
  item: Pick<ItemFacts, 'class_id' | 'class_teacher_id' | 'start_time' | 'end_time'>;
}

/**
 * Every grade of a student, one per item, ordered by id; `teacherId` keeps only items of the classes that teacher
 * teaches now.
 */
export async function gradesOfStudent(db: Db, spec: ItemSpec, studentId: number, teacherId?: number): Promise<GradeInClass[]> {
  let q = (spec.kind === 'exercise'
    ? loose(db).selectFrom(`${spec.scores} as g`).innerJoin('exercises as i', 'i.id', 'g.exercise_id')
      .innerJoin('materials as m', 'm.id', 'i.material_id').innerJoin('classes as c', 'c.id', 'm.class_id')
      .select([sql<null>`null`.as('start_time'), sql<null>`null`.as('end_time')])
    : loose(db).selectFrom(`${spec.scores} as g`).innerJoin('exams as i', 'i.id', 'g.exam_id').innerJoin('classes as c', 'c.id', 'i.class_id')
      .select(['i.start_time', 'i.end_time']))
    .select(['g.id', `g.${spec.idCol}`, 'g.student_id', 'g.score', 'g.detail', 'c.id as class_id', 'c.teacher_id as class_teacher_id'])
    .where('g.student_id', '=', studentId);
  if (teacherId !== undefined) q = q.where('c.teacher_id', '=', teacherId);
  const rows = await q.orderBy('g.id').execute();
  return rows.map((r) => ({
    ...toGrade(spec, r),
    item: { class_id: Number(r.class_id), class_teacher_id: Number(r.class_teacher_id), start_time: r.start_time, end_time: r.end_time },
  }));
}

/**
 * Submits and grades a student's sheet, once:
 * 1. a stored grade is returned as is (idempotent);
 * 2. the sheet is locked first (status Inactive) in one UPDATE … RETURNING, which freezes the answers being graded
 *    (a sheet is created locked and empty when the student never opened one);
 * 3. the sheet is graded outside any transaction (essay scorers may take seconds);
 * 4. the grade is inserted with ON CONFLICT DO NOTHING on the unique (item, student) key, so concurrent calls
 *    (two clicks, two API nodes, the auto-submit job) store one grade and all return that same row.
 * A crash between 2 and 4 leaves a locked sheet without grade; the next call (or the exam job) grades it.
 */
export async function submitAndGrade(
  db: Db,
  spec: ItemSpec,
  item: Pick<ItemFacts, 'id' | 'total_marks' | 'updated_at'>,
  studentId: number,
  scorer: ScorerConfig,
  now = new Date(),
): Promise<Grade> {
  const existing = await gradeOf(db, spec, item.id, studentId);
  if (existing) return existing;
  const nowText = toDbTime(now);
  const lock = () =>
    loose(db)
      .updateTable(spec.sheets)
      .set({ status: 'Inactive', updated_at: nowText, submitted_at: sql`coalesce(submitted_at, ${nowText})` })
      .where(spec.idCol, '=', item.id)
      .where('student_id', '=', studentId)
      .returning(['answers'])
      .executeTakeFirst();
  let locked = await lock();
  if (!locked) {
    await loose(db)
      .insertInto(spec.sheets)
      .values({ [spec.idCol]: item.id, student_id: studentId, answers: toDbJson({}), status: 'Inactive', submitted_at: nowText })
      .onConflict((oc) => oc.columns([spec.idCol, 'student_id']).doNothing())
      .execute();
    locked = await lock();
  }
  const answers = locked?.answers == null ? {} : fromDbJson<Record<string, string>>(locked.answers);
  const content = await contentOf(db, spec, item);
  const result = await gradeSheet({ content, totalMarks: item.total_marks, answers: answers ?? {}, scorer: scorer.scorer, timeoutMs: scorer.timeoutMs });
  await loose(db)
    .insertInto(spec.scores)
    .values({ [spec.idCol]: item.id, student_id: studentId, score: result.score, detail: toDbJson(result.detail) })
    .onConflict((oc) => oc.columns([spec.idCol, 'student_id']).doNothing())
    .execute();
  return (await gradeOf(db, spec, item.id, studentId))!;
}

/** A teacher sets essay n's marks; read-modify-write under a row lock (PostgreSQL) / the write lock (SQLite). */
export async function setEssayScore(db: Db, spec: ItemSpec, item: Pick<ItemFacts, 'id' | 'total_marks'>, studentId: number, n: number, score: number): Promise<Grade | undefined> {
  const postgres = dbKindOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    let q = loose(trx)
      .selectFrom(spec.scores)
      .select(['id', spec.idCol, 'student_id', 'score', 'detail'])
      .where(spec.idCol, '=', item.id)
      .where('student_id', '=', studentId);
    if (postgres) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    const current = toGrade(spec, row);
    const next = overrideEssay(current.detail, item.total_marks, n, score);
    await loose(trx)
      .updateTable(spec.scores)
      .set({ score: next.score, detail: toDbJson(next.detail), updated_at: toDbTime() })
      .where('id', '=', current.id)
      .execute();
    return { ...current, score: next.score, detail: next.detail };
  });
}
