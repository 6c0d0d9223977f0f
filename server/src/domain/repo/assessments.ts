/**
 * Exercises and exams share one life cycle (content map → answer sheet → grade), docs/api.md §2.8–2.10, §4.
 * This module holds the database side of it for both kinds, driven by an `ItemSpec` naming the tables/columns.
 *
 * The two kinds have identical sheet/score tables apart from the item column name. A query of one table names it by
 * the spec (a union of the two real tables, so Kysely still checks every column); a join on the item column is written
 * once per kind, as Kysely types a join only of one literal table.
 */
import { sql } from 'kysely';
import { DEFAULT_EXAM_KIND } from '@kelasku/shared-rules/src/exam-kinds';
import type { Db } from '../../db/connect';
import { dbKindOf } from '../../db/connect';
import { readAnswersColumn, toDbJson } from '../../db/json';
import { preparedRead } from '../../db/prepared';
import { fromDbTime, toDbTime } from '../../db/time';
import {
  examOfClassSql,
  exerciseOfMaterialSql,
  itemWithSheetSql,
  type SessionColumns,
  withSessionColumns,
} from './hot-reads';
import { type ContentMap, ContentCache, listQuestions, parseContentColumn, stripAnswerKeys } from '../content';
import {
  type GradeDetail,
  gradeSheet,
  marksPerQuestion,
  overrideEssay,
  parseDetailColumn,
  regradeSheet,
  scoreEssay,
  totalFromDetail,
} from '../grading';
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

export const EXERCISE: ItemSpec = {
  kind: 'exercise',
  table: 'exercises',
  idCol: 'exercise_id',
  sheets: 'exercise_answers',
  scores: 'exercise_scores',
  label: 'Exercise',
};
export const EXAM: ItemSpec = {
  kind: 'exam',
  table: 'exams',
  idCol: 'exam_id',
  sheets: 'exam_answers',
  scores: 'exam_scores',
  label: 'Exam',
};

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
  /** 0013: how many questions it has (answers name only these); absent where not read */
  question_count?: number;
  /** 0010: per-student order of questions / options (presentation only); absent where not read */
  shuffle_questions?: boolean;
  shuffle_options?: boolean;
  /** 0023, exams: its kind and, for 'other', its name; when its teacher closed it (null: the class's current exam) */
  kind?: string;
  kind_label?: string | null;
  closed_at?: Date | string | null;
  /** 0025, exams: students see the correct answers once it has ended */
  show_answers?: boolean;
}

/** A flag column as stored (PG boolean, SQLite 0/1) as a boolean. */
const flag = (v: unknown): boolean => v === true || Number(v) === 1;

async function facts(db: Db, spec: ItemSpec, by: 'id' | 'parent', value: number): Promise<ItemFacts | undefined> {
  if (spec.kind === 'exercise') {
    const row = await db
      .selectFrom('exercises as i')
      .innerJoin('materials as m', 'm.id', 'i.material_id')
      .innerJoin('classes as c', 'c.id', 'm.class_id')
      .select([
        'i.id',
        'i.title',
        'i.total_marks',
        'i.teacher_id',
        'm.class_id',
        'c.teacher_id as class_teacher_id',
        'i.material_id',
        'i.updated_at',
        'i.shuffle_questions',
        'i.shuffle_options',
        'i.question_count',
      ])
      .where(by === 'id' ? 'i.id' : 'i.material_id', '=', value)
      .executeTakeFirst();
    return row
      ? {
          ...row,
          start_time: null,
          end_time: null,
          shuffle_questions: flag(row.shuffle_questions),
          shuffle_options: flag(row.shuffle_options),
        }
      : undefined;
  }
  const row = await db
    .selectFrom('exams as i')
    .innerJoin('classes as c', 'c.id', 'i.class_id')
    .select([
      'i.id',
      'i.title',
      'i.total_marks',
      'i.teacher_id',
      'i.class_id',
      'c.teacher_id as class_teacher_id',
      'i.start_time',
      'i.end_time',
      'i.updated_at',
      'i.shuffle_questions',
      'i.shuffle_options',
      'i.question_count',
      'i.kind',
      'i.kind_label',
      'i.closed_at',
      'i.show_answers',
    ])
    .where(by === 'id' ? 'i.id' : 'i.class_id', '=', value)
    // a class's exam is its current one: the closed ones are reached by their id
    .$if(by === 'parent', (q) => q.where('i.closed_at', 'is', null))
    .executeTakeFirst();
  return row
    ? {
        ...row,
        material_id: null,
        shuffle_questions: flag(row.shuffle_questions),
        shuffle_options: flag(row.shuffle_options),
        show_answers: flag(row.show_answers),
      }
    : undefined;
}

export async function itemById(db: Db, spec: ItemSpec, id: number): Promise<ItemFacts | undefined> {
  return facts(db, spec, 'id', id);
}

/** The item of a material (exercise) or of a class (exam). */
export async function itemByParent(db: Db, spec: ItemSpec, parentId: number): Promise<ItemFacts | undefined> {
  return facts(db, spec, 'parent', parentId);
}

/** The item of a material or class with that parent's access facts, loaded in one prepared statement. */
export interface ItemOfParent {
  /** the parent's class and its current teacher */
  place: { class_id: number; class_teacher_id: number };
  /** is the given student assigned to that class now */
  assigned: boolean;
  /** undefined: the parent has no item yet */
  item?: ItemFacts;
  /** the session check of the given user, done by the same statement */
  session: SessionColumns;
  /** the order seed stored on the given student's sheet (null: none stored, the secret seed applies) */
  storedOrderSeed: string | null;
}

const ITEM_OF_PARENT_SQL = {
  exercise: withSessionColumns(exerciseOfMaterialSql(), 3),
  exam: withSessionColumns(examOfClassSql(), 3),
};

/** undefined when the parent (material or class) does not exist. */
export async function itemOfParentFor(
  db: Db,
  spec: ItemSpec,
  parentId: number,
  studentId: number | null,
  sessionUserId: number,
): Promise<ItemOfParent | undefined> {
  const [row] = await preparedRead(db, ITEM_OF_PARENT_SQL[spec.kind])([parentId, studentId, sessionUserId]);
  if (!row) return undefined;
  const place = { class_id: Number(row.class_id), class_teacher_id: Number(row.class_teacher_id) };
  const item: ItemFacts | undefined =
    row.id == null
      ? undefined
      : {
          id: Number(row.id),
          title: row.title as string,
          total_marks: Number(row.total_marks),
          teacher_id: Number(row.teacher_id),
          ...place,
          material_id: spec.kind === 'exercise' ? Number(row.material_id) : null,
          start_time: row.start_time ?? null,
          end_time: row.end_time ?? null,
          updated_at: row.updated_at as ItemFacts['updated_at'],
          shuffle_questions: flag(row.shuffle_questions),
          shuffle_options: flag(row.shuffle_options),
          ...(spec.kind === 'exam' ? examTermFacts(row) : {}),
        };
  return {
    place,
    assigned: Boolean(row.assigned),
    item,
    session: row,
    storedOrderSeed: row.order_seed ?? null,
  };
}

/** An exam row's term columns as facts. */
export function examTermFacts(
  row: Record<string, unknown>,
): Pick<ItemFacts, 'kind' | 'kind_label' | 'closed_at' | 'show_answers'> {
  return {
    kind: typeof row.kind === 'string' ? row.kind : DEFAULT_EXAM_KIND,
    kind_label: (row.kind_label ?? null) as string | null,
    closed_at: (row.closed_at ?? null) as ItemFacts['closed_at'],
    show_answers: flag(row.show_answers),
  };
}

/** An item's facts with one student's sheet (undefined sheet: none yet), in one prepared statement. */
const ITEM_WITH_SHEET_SQL = {
  exercise: withSessionColumns(itemWithSheetSql('exercise'), 3),
  exam: withSessionColumns(itemWithSheetSql('exam'), 3),
};

/** `session`: the session check of user `sessionUserId` done by the same statement (undefined: no such item). */
export async function itemWithSheet(
  db: Db,
  spec: ItemSpec,
  itemId: number,
  studentId: number,
  sessionUserId: number,
): Promise<{ found?: { item: ItemFacts; sheet?: Sheet }; session?: SessionColumns }> {
  const [row] = await preparedRead(db, ITEM_WITH_SHEET_SQL[spec.kind])([itemId, studentId, sessionUserId]);
  if (!row) return {};
  const item: ItemFacts = {
    id: Number(row.id),
    title: row.title,
    total_marks: Number(row.total_marks),
    teacher_id: Number(row.teacher_id),
    class_id: Number(row.class_id),
    class_teacher_id: Number(row.class_teacher_id),
    material_id: row.material_id == null ? null : Number(row.material_id),
    start_time: row.start_time ?? null,
    end_time: row.end_time ?? null,
    updated_at: row.updated_at,
  };
  const sheet =
    row.sheet_id == null
      ? undefined
      : toSheet({
          id: row.sheet_id,
          item_id: row.id,
          student_id: studentId,
          answers: row.answers,
          status: row.status,
          score: row.score,
          answers_seq: row.answers_seq,
        });
  return { found: { item, sheet }, session: row };
}

// Parsed content keyed by kind:id:updated_at, so a changed row is never served stale (also across API nodes). 64 MB
// holds the items of a busy exam day many times over (a long exam's content is a few hundred KB once its pictures
// are stored apart); a node must not grow with every large item anyone opens.
export const CONTENT_CACHE_LIMITS = { maxEntries: 300, maxBytes: 64 * 1024 * 1024 } as const;
const contentCache = new ContentCache(CONTENT_CACHE_LIMITS);

/** How full the parsed-content cache is (for tests and benchmarks). */
export const contentCacheUse = () => ({ entries: contentCache.size, bytes: contentCache.bytes });

/** The cache key of an item's content as of its last update (views of it add a suffix). */
function contentKey(spec: ItemSpec, item: Pick<ItemFacts, 'id' | 'updated_at'>): string {
  const stamp = item.updated_at instanceof Date ? item.updated_at.toISOString() : String(item.updated_at);
  return `${spec.kind}:${item.id}:${stamp}`;
}

export async function contentOf(
  db: Db,
  spec: ItemSpec,
  item: Pick<ItemFacts, 'id' | 'updated_at'>,
): Promise<ContentMap> {
  const key = contentKey(spec, item);
  const hit = contentCache.get(key);
  if (hit) return hit;
  const row = await db.selectFrom(spec.table).select('content').where('id', '=', item.id).executeTakeFirst();
  const content = parseContentColumn(row?.content);
  contentCache.invalidate(`${spec.kind}:${item.id}:`);
  contentCache.set(key, content);
  return content;
}

/**
 * The content without its answer keys (what a student may see), kept beside the content it comes from: the exam page
 * of every student reads it, and stripping a large map costs more than the rest of the request.
 */
export async function studentContentOf(
  db: Db,
  spec: ItemSpec,
  item: Pick<ItemFacts, 'id' | 'updated_at'>,
): Promise<ContentMap> {
  const key = `${contentKey(spec, item)}:student`;
  const hit = contentCache.get(key);
  if (hit) return hit;
  const visible = stripAnswerKeys(await contentOf(db, spec, item));
  contentCache.set(key, visible);
  return visible;
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

const SHEET_COLUMNS = ['s.id', 's.student_id', 's.answers', 's.status', 'g.score', 's.answers_seq'] as const;

/** Sheets with their grade's score, by id, by item or by item and student. */
async function sheetRows(
  db: Db,
  spec: ItemSpec,
  by: { id?: number; itemId?: number; studentId?: number },
  page?: { limit: number; offset: number },
): Promise<Sheet[]> {
  const { id, itemId, studentId } = by;
  const rows =
    spec.kind === 'exercise'
      ? await db
          .selectFrom('exercise_answers as s')
          .leftJoin('exercise_scores as g', (j) =>
            j.onRef('g.exercise_id', '=', 's.exercise_id').onRef('g.student_id', '=', 's.student_id'),
          )
          .select([...SHEET_COLUMNS, 's.exercise_id as item_id'])
          .$if(id !== undefined, (q) => q.where('s.id', '=', id!))
          .$if(itemId !== undefined, (q) => q.where('s.exercise_id', '=', itemId!))
          .$if(studentId !== undefined, (q) => q.where('s.student_id', '=', studentId!))
          .$if(page !== undefined, (q) => q.limit(page!.limit).offset(page!.offset))
          .orderBy('s.id')
          .execute()
      : await db
          .selectFrom('exam_answers as s')
          .leftJoin('exam_scores as g', (j) =>
            j.onRef('g.exam_id', '=', 's.exam_id').onRef('g.student_id', '=', 's.student_id'),
          )
          .select([...SHEET_COLUMNS, 's.exam_id as item_id'])
          .$if(id !== undefined, (q) => q.where('s.id', '=', id!))
          .$if(itemId !== undefined, (q) => q.where('s.exam_id', '=', itemId!))
          .$if(studentId !== undefined, (q) => q.where('s.student_id', '=', studentId!))
          .$if(page !== undefined, (q) => q.limit(page!.limit).offset(page!.offset))
          .orderBy('s.id')
          .execute();
  return rows.map(toSheet);
}

function toSheet(row: Record<string, unknown>): Sheet {
  return {
    id: Number(row.id),
    item_id: Number(row.item_id),
    student_id: Number(row.student_id),
    answers: readAnswersColumn(row.answers),
    status: row.status === 'Inactive' ? 'Inactive' : 'Active',
    score: row.score == null ? null : Number(row.score),
    answers_seq: row.answers_seq == null ? null : Number(row.answers_seq),
  };
}

/** Wire shape: `{id, exercise_id|exam_id, student_id, answers, status, score, answers_seq}`. */
export function sheetJson(spec: ItemSpec, s: Sheet) {
  return {
    id: s.id,
    [spec.idCol]: s.item_id,
    student_id: s.student_id,
    answers: s.answers,
    status: s.status,
    score: s.score,
    answers_seq: s.answers_seq,
  };
}

export async function sheetById(db: Db, spec: ItemSpec, id: number): Promise<Sheet | undefined> {
  return (await sheetRows(db, spec, { id }))[0];
}

export async function sheetOf(db: Db, spec: ItemSpec, itemId: number, studentId: number): Promise<Sheet | undefined> {
  return (await sheetRows(db, spec, { itemId, studentId }))[0];
}

/** One page of an item's sheets with their grades, by id (the item's teacher's view). */
export async function sheetsOfItem(
  db: Db,
  spec: ItemSpec,
  itemId: number,
  page: { limit: number; offset: number },
): Promise<Sheet[]> {
  return sheetRows(db, spec, { itemId }, page);
}

/** Creates the sheet unless one exists (idempotent); returns the stored sheet. */
export async function openSheet(
  db: Db,
  spec: ItemSpec,
  itemId: number,
  studentId: number,
  answers: Record<string, string>,
): Promise<Sheet> {
  await db
    .insertInto(spec.sheets)
    .values({ [spec.idCol]: itemId, student_id: studentId, answers: toDbJson(answers), status: 'Active' })
    .onConflict((oc) => oc.columns([spec.idCol, 'student_id']).doNothing())
    .execute();
  return (await sheetOf(db, spec, itemId, studentId))!;
}

export async function deleteSheet(db: Db, spec: ItemSpec, sheet: Sheet): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The grade goes with the sheet, so the student can start again.
    await trx
      .deleteFrom(spec.scores)
      .where(spec.idCol, '=', sheet.item_id)
      .where('student_id', '=', sheet.student_id)
      .execute();
    await trx.deleteFrom(spec.sheets).where('id', '=', sheet.id).execute();
  });
}

// ---------------------------------------------------------------- grades

export interface Grade {
  id: number;
  item_id: number;
  student_id: number;
  score: number;
  detail: GradeDetail;
  /** 0025: set when a change of the answer key re-graded it to another score: the score before, and when */
  key_change?: { from: number; at: string };
}

/** Wire shape: `{id, exercise_id|exam_id, student_id, score, detail[, key_change]}`. */
export function gradeJson(spec: ItemSpec, g: Grade) {
  const json = { id: g.id, [spec.idCol]: g.item_id, student_id: g.student_id, score: g.score, detail: g.detail };
  return g.key_change ? { ...json, key_change: g.key_change } : json;
}

/** The columns of a grade row (a query of one score table, unaliased). */
const GRADE_COLUMNS = ['id', 'student_id', 'score', 'detail', 'score_before_key_change', 'key_changed_at'] as const;

function toGrade(row: Record<string, unknown>): Grade {
  const grade: Grade = {
    id: Number(row.id),
    item_id: Number(row.item_id),
    student_id: Number(row.student_id),
    score: Number(row.score),
    detail: parseDetailColumn(row.detail),
  };
  if (row.score_before_key_change != null && row.key_changed_at != null) {
    grade.key_change = {
      from: Number(row.score_before_key_change),
      at: fromDbTime(row.key_changed_at as Date | string).toISOString(),
    };
  }
  return grade;
}

export async function gradeOf(db: Db, spec: ItemSpec, itemId: number, studentId: number): Promise<Grade | undefined> {
  const row = await db
    .selectFrom(spec.scores)
    .select([...GRADE_COLUMNS, `${spec.idCol} as item_id`])
    .where(spec.idCol, '=', itemId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row ? toGrade(row) : undefined;
}

/** A grade with where its item lives (class, current teacher) and, for exams, its window. */
export interface GradeInClass extends Grade {
  item: Pick<ItemFacts, 'class_id' | 'class_teacher_id' | 'start_time' | 'end_time'>;
}

/**
 * Every grade of a student, one per item, ordered by id; `teacherId` keeps only items of the classes that teacher
 * teaches now.
 */
export async function gradesOfStudent(
  db: Db,
  spec: ItemSpec,
  studentId: number,
  teacherId?: number,
): Promise<GradeInClass[]> {
  const columns = [
    'g.id',
    'g.student_id',
    'g.score',
    'g.detail',
    'g.score_before_key_change',
    'g.key_changed_at',
    'c.id as class_id',
    'c.teacher_id as class_teacher_id',
  ] as const;
  const rows =
    spec.kind === 'exercise'
      ? await db
          .selectFrom('exercise_scores as g')
          .innerJoin('exercises as i', 'i.id', 'g.exercise_id')
          .innerJoin('materials as m', 'm.id', 'i.material_id')
          .innerJoin('classes as c', 'c.id', 'm.class_id')
          .select([
            ...columns,
            'g.exercise_id as item_id',
            sql<null>`null`.as('start_time'),
            sql<null>`null`.as('end_time'),
          ])
          .where('g.student_id', '=', studentId)
          .$if(teacherId !== undefined, (q) => q.where('c.teacher_id', '=', teacherId!))
          .orderBy('g.id')
          .execute()
      : await db
          .selectFrom('exam_scores as g')
          .innerJoin('exams as i', 'i.id', 'g.exam_id')
          .innerJoin('classes as c', 'c.id', 'i.class_id')
          .select([...columns, 'g.exam_id as item_id', 'i.start_time', 'i.end_time'])
          .where('g.student_id', '=', studentId)
          .$if(teacherId !== undefined, (q) => q.where('c.teacher_id', '=', teacherId!))
          .orderBy('g.id')
          .execute();
  return rows.map((r) => ({
    ...toGrade(r),
    item: {
      class_id: Number(r.class_id),
      class_teacher_id: Number(r.class_teacher_id),
      start_time: r.start_time,
      end_time: r.end_time,
    },
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
    db
      .updateTable(spec.sheets)
      .set({ status: 'Inactive', updated_at: nowText, submitted_at: sql<string>`coalesce(submitted_at, ${nowText})` })
      .where(spec.idCol, '=', item.id)
      .where('student_id', '=', studentId)
      .returning(['answers'])
      .executeTakeFirst();
  let locked = await lock();
  if (!locked) {
    await db
      .insertInto(spec.sheets)
      .values({
        [spec.idCol]: item.id,
        student_id: studentId,
        answers: toDbJson({}),
        status: 'Inactive',
        submitted_at: nowText,
      })
      .onConflict((oc) => oc.columns([spec.idCol, 'student_id']).doNothing())
      .execute();
    locked = await lock();
  }
  const answers = readAnswersColumn(locked?.answers);
  const content = await contentOf(db, spec, item);
  const result = await gradeSheet({
    content,
    totalMarks: item.total_marks,
    answers: answers ?? {},
    scorer: scorer.scorer,
    timeoutMs: scorer.timeoutMs,
  });
  await db
    .insertInto(spec.scores)
    .values({ [spec.idCol]: item.id, student_id: studentId, score: result.score, detail: toDbJson(result.detail) })
    .onConflict((oc) => oc.columns([spec.idCol, 'student_id']).doNothing())
    .execute();
  const fresh = await itemById(db, spec, item.id);
  if (fresh && !sameInstant(fresh.updated_at, item.updated_at)) {
    // The item was edited while this sheet was being graded (its re-grading may not have seen this grade yet).
    const after = { content: await contentOf(db, spec, fresh), totalMarks: fresh.total_marks };
    const before = { content, totalMarks: item.total_marks };
    const { deferred } = await db
      .transaction()
      .execute((trx) => regradeItem(trx, spec, item.id, before, after, scorer, studentId));
    if (deferred.length) void rescoreDeferred(db, spec, item.id, deferred, scorer).catch(() => undefined); // pending stays pending
  }
  return (await gradeOf(db, spec, item.id, studentId))!;
}

/** A teacher sets essay n's marks; read-modify-write under a row lock (PostgreSQL) / the write lock (SQLite). */
export async function setEssayScore(
  db: Db,
  spec: ItemSpec,
  item: Pick<ItemFacts, 'id' | 'total_marks'>,
  studentId: number,
  n: number,
  score: number,
  comment?: string,
): Promise<Grade | undefined> {
  const postgres = dbKindOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom(spec.scores)
      .select([...GRADE_COLUMNS, `${spec.idCol} as item_id`])
      .where(spec.idCol, '=', item.id)
      .where('student_id', '=', studentId);
    if (postgres) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    const current = toGrade(row);
    const next = overrideEssay(current.detail, item.total_marks, n, score, comment);
    await trx
      .updateTable(spec.scores)
      .set({ score: next.score, detail: toDbJson(next.detail), updated_at: toDbTime() })
      .where('id', '=', current.id)
      .execute();
    return { ...current, score: next.score, detail: next.detail };
  });
}

// ---------------------------------------------------------------- re-grading after an edit

/** How many sheets of an item are graded: what an edit of its questions or keys re-grades. */
export async function gradedCount(db: Db, spec: ItemSpec, itemId: number): Promise<number> {
  const row = await db
    .selectFrom(spec.scores)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(spec.idCol, '=', itemId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What an item was graded with before an edit, and what it is now. */
export interface ItemVersion {
  content: ContentMap;
  totalMarks: number;
}

export interface RegradeOutcome {
  count: number;
  /** Essays left pending for the background scorer (an external scorer is never called inside the request). */
  deferred: { studentId: number; n: number }[];
}

/** Yields to the event loop between batches, so re-grading hundreds of sheets never holds other requests up long. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Re-grades every graded sheet of an item after its content or total changed; run inside the transaction that
 * stores the edit, so the new key and the new grades are seen together. Grade rows are locked on PostgreSQL, so
 * a teacher's essay score saved meanwhile is kept (it waits, then applies to the new grade). The built-in essay scorer
 * runs inline (it is local and cheap); an external one is never called here: its essays become pending
 * (see rescoreDeferred).
 */
export async function regradeItem(
  trx: Db,
  spec: ItemSpec,
  itemId: number,
  before: ItemVersion,
  after: ItemVersion,
  scorer: ScorerConfig,
  onlyStudent?: number,
): Promise<RegradeOutcome> {
  const inline = scorer.scorer.name === 'local';
  const postgres = dbKindOf(trx) === 'postgres';
  const columns = ['g.id', 'g.student_id', 'g.detail', 'g.score', 's.answers'] as const;
  const rows =
    spec.kind === 'exercise'
      ? await trx
          .selectFrom('exercise_scores as g')
          .innerJoin('exercise_answers as s', (j) =>
            j.onRef('s.exercise_id', '=', 'g.exercise_id').onRef('s.student_id', '=', 'g.student_id'),
          )
          .select(columns)
          .where('g.exercise_id', '=', itemId)
          .orderBy('g.id')
          .$if(onlyStudent !== undefined, (q) => q.where('g.student_id', '=', onlyStudent!))
          .$if(postgres, (q) => q.forUpdate())
          .execute()
      : await trx
          .selectFrom('exam_scores as g')
          .innerJoin('exam_answers as s', (j) =>
            j.onRef('s.exam_id', '=', 'g.exam_id').onRef('s.student_id', '=', 'g.student_id'),
          )
          .select(columns)
          .where('g.exam_id', '=', itemId)
          .orderBy('g.id')
          .$if(onlyStudent !== undefined, (q) => q.where('g.student_id', '=', onlyStudent!))
          .$if(postgres, (q) => q.forUpdate())
          .execute();
  const outcome: RegradeOutcome = { count: 0, deferred: [] };
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % 50 === 0) await breathe();
    const result = await regradeSheet({
      previous: { content: before.content, totalMarks: before.totalMarks, detail: parseDetailColumn(row.detail) },
      content: after.content,
      totalMarks: after.totalMarks,
      answers: readAnswersColumn(row.answers) ?? {},
      scorer: inline ? scorer.scorer : null,
      scorerName: scorer.scorer.name,
      timeoutMs: scorer.timeoutMs,
    });
    // The student is told when the key change moved their grade (from what, since when).
    const moved = Number(row.score) !== result.score;
    const now = toDbTime();
    await trx
      .updateTable(spec.scores)
      .set({
        score: result.score,
        detail: toDbJson(result.detail),
        updated_at: now,
        ...(moved ? { score_before_key_change: Number(row.score), key_changed_at: now } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    outcome.count++;
    for (const n of result.deferred) outcome.deferred.push({ studentId: Number(row.student_id), n });
  }
  return outcome;
}

const sameInstant = (a: Date | string, b: Date | string) => new Date(a).getTime() === new Date(b).getTime();

/**
 * Scores, after the edit is stored, the essays regradeItem left pending, a few at a time, off the request. Each score
 * is stored only while the item is still the version it was computed for and the essay is still pending (a teacher's
 * score wins). Essays this process cannot finish (it stops, the scorer fails) stay pending for the teacher.
 */
export async function rescoreDeferred(
  db: Db,
  spec: ItemSpec,
  itemId: number,
  deferred: RegradeOutcome['deferred'],
  scorer: ScorerConfig,
  parallel = 4,
): Promise<number> {
  const item = await itemById(db, spec, itemId);
  if (!item) return 0;
  const content = await contentOf(db, spec, item);
  const questions = new Map(listQuestions(content).map((q) => [q.n, q]));
  const per = marksPerQuestion(item.total_marks, questions.size);
  const postgres = dbKindOf(db) === 'postgres';
  let done = 0;
  const queue = [...deferred];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const question = questions.get(next.n);
      const sheet = await sheetOf(db, spec, itemId, next.studentId);
      const answer = sheet?.answers?.[String(next.n)] ?? '';
      if (!question || question.kind !== 'essay') continue;
      const score = await scoreEssay(scorer.scorer, question, answer, per, scorer.timeoutMs);
      if (score === null) continue;
      const stored = await db.transaction().execute(async (trx) => {
        const now = await itemById(trx, spec, itemId);
        if (!now || !sameInstant(now.updated_at, item.updated_at)) return false; // edited again: that edit re-grades
        let g = trx
          .selectFrom(spec.scores)
          .select(['id', 'detail'])
          .where(spec.idCol, '=', itemId)
          .where('student_id', '=', next.studentId);
        if (postgres) g = g.forUpdate();
        const row = await g.executeTakeFirst();
        const detail = row ? parseDetailColumn(row.detail) : undefined;
        const d = detail?.[String(next.n)];
        if (!row || !detail || d?.kind !== 'essay' || !d.pending || d.source === 'teacher') return false;
        detail[String(next.n)] = { ...d, score, pending: false, source: scorer.scorer.name };
        await trx
          .updateTable(spec.scores)
          .set({ score: totalFromDetail(detail, item.total_marks), detail: toDbJson(detail), updated_at: toDbTime() })
          .where('id', '=', row.id)
          .execute();
        return true;
      });
      if (stored) done++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return done;
}
