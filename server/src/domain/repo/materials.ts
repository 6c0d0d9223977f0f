/** Materials of classes (routes/materials): reads with their exercise's id, and writes; throws domain errors. */
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { preparedRead } from '../../db/prepared';
import { toDbTime } from '../../db/time';
import { missingRecord } from '../errors';
import { materialBytes, type MaterialBytes } from '../material-bytes';
import {
  COUNT_MATERIALS_OF_CLASS_SQL,
  MATERIALS_OF_CLASS_SQL,
  type SessionColumns,
  withSessionColumns,
} from './hot-reads';

/** A material as the API shows it; `exercise_id` is its exercise's, null without one. */
export interface MaterialView {
  id: number;
  class_id: number;
  title: string;
  description: string;
  content: string;
  teacher_id: number;
  exercise_id: number | null;
}

/** What a teacher writes (sanitized by the caller). */
export interface MaterialText {
  title: string;
  description: string;
  content: string;
}

interface Page {
  limit: number;
  offset: number;
}

const materialColumns = ['m.id', 'm.class_id', 'm.title', 'm.description', 'm.content', 'm.teacher_id'] as const;

function withExercise(db: Db) {
  return db
    .selectFrom('materials as m')
    .leftJoin('exercises as e', 'e.material_id', 'm.id')
    .select([...materialColumns, 'e.id as exercise_id']);
}

const toView = <T extends { exercise_id: number | null }>(row: T): T => ({
  ...row,
  exercise_id: row.exercise_id ?? null,
});

/** The largest material of a list (a class's, a teacher's classes', or all): each measure's largest, a bound on any one. */
export async function largestMaterial(
  db: Db,
  scope: { classId: number } | { teacherId: number | undefined },
): Promise<MaterialBytes> {
  let q = db.selectFrom('materials as m');
  if ('classId' in scope) q = q.where('m.class_id', '=', scope.classId);
  else if (scope.teacherId !== undefined)
    q = q.where('m.class_id', 'in', db.selectFrom('classes').select('id').where('teacher_id', '=', scope.teacherId));
  const row = await q
    .select((eb) => [eb.fn.max('m.list_bytes').as('list_bytes'), eb.fn.max('m.image_refs').as('image_refs')])
    .executeTakeFirst();
  return { list_bytes: Number(row?.list_bytes ?? 0), image_refs: Number(row?.image_refs ?? 0) };
}

/** One page of materials by id (of the classes `teacherId` teaches now, when given), and how many in all. */
export async function listMaterials(
  db: Db,
  teacherId: number | undefined,
  page: Page,
): Promise<{ rows: MaterialView[]; total: number }> {
  let base = db.selectFrom('materials as m');
  if (teacherId !== undefined)
    base = base.where('m.class_id', 'in', db.selectFrom('classes').select('id').where('teacher_id', '=', teacherId));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('exercises as e', 'e.material_id', 'm.id')
      .select([...materialColumns, 'e.id as exercise_id'])
      .orderBy('m.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toView), total: Number(total.n) };
}

/** One page of a class's materials: one prepared statement, the total riding on each row. */
const MATERIALS_OF_CLASS_WITH_SESSION_SQL = withSessionColumns(MATERIALS_OF_CLASS_SQL, 4);

/** `session`: the session check of user `sessionUserId` done by the same statement (undefined: the page is empty). */
export async function materialsOfClass(
  db: Db,
  classId: number,
  page: Page,
  sessionUserId: number,
): Promise<{ rows: MaterialView[]; total: number; session?: SessionColumns }> {
  const rows = await preparedRead(
    db,
    MATERIALS_OF_CLASS_WITH_SESSION_SQL,
  )([classId, page.limit, page.offset, sessionUserId]);
  const total =
    rows.length > 0
      ? rows[0].total
      : page.offset === 0
        ? 0
        : (await preparedRead(db, COUNT_MATERIALS_OF_CLASS_SQL)([classId]))[0]?.n;
  const view = ({ total: _, session_role: _r, session_version: _v, ...row }: (typeof rows)[number]) => toView(row);
  return { rows: rows.map(view), total: Number(total ?? 0), session: rows[0] };
}

export async function findMaterial(db: Db, id: number): Promise<MaterialView> {
  const row = await withExercise(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw missingRecord('material', 'Material not found');
  return toView(row);
}

/** A new material in a class, written by (and owned by) the class's teacher. */
export async function createMaterial(
  db: Db,
  text: MaterialText,
  cls: { id: number; teacher_id: number },
): Promise<MaterialView> {
  const row = await db
    .insertInto('materials')
    .values({ ...text, ...materialBytes(text), class_id: cls.id, teacher_id: cls.teacher_id })
    .returning(['id', 'class_id', 'title', 'description', 'content', 'teacher_id'])
    .executeTakeFirstOrThrow();
  return { ...row, exercise_id: null };
}

/** Replaces a material's text; `place` is its class and owner (the target's when it moves). */
export async function updateMaterial(
  db: Db,
  id: number,
  text: MaterialText,
  place: { class_id: number; teacher_id: number },
): Promise<MaterialView> {
  await db
    .updateTable('materials')
    .set({ ...text, ...materialBytes(text), ...place, updated_at: toDbTime() })
    .where('id', '=', id)
    .execute();
  return toView(await withExercise(db).where('m.id', '=', id).executeTakeFirstOrThrow());
}

/** Deletes a material; its exercise, answers and scores cascade, its discussions' replies and reports go here. */
export async function deleteMaterial(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Replies and reports of its discussions have no FK to the forum table: remove them explicitly.
    const threads = trx.selectFrom('material_forum').select('id').where('material_id', '=', id);
    await trx.deleteFrom('reports').where('kind', '=', 'material').where('discussion_id', 'in', threads).execute();
    await trx
      .deleteFrom('discussion_replies')
      .where('kind', '=', 'material')
      .where('discussion_id', 'in', threads)
      .execute();
    await trx.deleteFrom('materials').where('id', '=', id).execute();
  });
}

/**
 * Copies a material and its exercise into each class, in one transaction (all copies or none). The rows are copied
 * inside the database: a copy is a new, independent row (editing one never changes another), and its pictures are the
 * same stored `/api/v1/images/<hash>` files, which never change or go away. Each copy belongs to its class's teacher.
 */
export async function copyMaterial(
  db: Db,
  materialId: number,
  classes: { id: number; teacher_id: number }[],
): Promise<MaterialView[]> {
  const ids = await db.transaction().execute(async (trx) => {
    const copies: number[] = [];
    for (const cls of classes) {
      // Literals, not parameters: PostgreSQL cannot type a bare parameter in a select list (ids are validated integers).
      const classId = sql.lit(Math.trunc(cls.id));
      const teacherId = sql.lit(Math.trunc(cls.teacher_id));
      const copy = await trx
        .insertInto('materials')
        .columns(['title', 'description', 'content', 'class_id', 'teacher_id'])
        .expression(
          trx
            .selectFrom('materials')
            .select([
              'title',
              'description',
              'content',
              sql<number>`${classId}`.as('class_id'),
              sql<number>`${teacherId}`.as('teacher_id'),
            ])
            .where('id', '=', materialId),
        )
        .returning('id')
        .executeTakeFirst();
      if (!copy) throw missingRecord('material', 'Material not found');
      await trx
        .insertInto('exercises')
        .columns([
          'material_id',
          'title',
          'content',
          'total_marks',
          'question_count',
          'teacher_id',
          'shuffle_questions',
          'shuffle_options',
        ])
        .expression(
          trx
            .selectFrom('exercises')
            .select([
              sql<number>`${sql.lit(copy.id)}`.as('material_id'),
              'title',
              'content',
              'total_marks',
              'question_count',
              sql<number>`${teacherId}`.as('teacher_id'),
              'shuffle_questions',
              'shuffle_options',
            ])
            .where('material_id', '=', materialId),
        )
        .execute();
      copies.push(copy.id);
    }
    return copies;
  });
  const rows = await withExercise(db).where('m.id', 'in', ids).orderBy('m.id').execute();
  return rows.map(toView);
}
