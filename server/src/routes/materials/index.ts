/**
 * Materials ("subjects"), docs/api.md §2.5:
 *   GET /materials, GET /materials/from-class, GET /materials/detail, POST/PUT/PATCH/DELETE /materials,
 *   PUT/PATCH /materials/reply (alias of /discussions-material/reply, open to students).
 * HTML content is sanitized on write. `teacher_id` always comes from the class, never from the body.
 */
import type { FastifyInstance } from 'fastify';
import { listScope, requireClass, requireMaterial } from '../../domain/policy';
import { ContentError } from '../../domain/content';
import type { PublicImages } from '../../domain/public-images';
import { extractHtmlImages, type ImageBag, saveImages, takeValidPictures } from '../../domain/images';
import { sanitizeRichHtml } from '../../domain/sanitize';
import { toDbTime } from '../../db/time';
import { badRequest, notFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, pageMeta, pagingProperties, parsePaging, registerUpdate, type IdQuery } from '../helpers';
import { registerMaterialReply } from '../discussions-material/index';
import { MAX_MATERIAL_CONTENT_CHARS } from '../../domain/limits';
import { preparedRead } from '../../db/prepared';
import { COUNT_MATERIALS_OF_CLASS_SQL, MATERIALS_OF_CLASS_SQL } from '../../domain/repo/hot-reads';
import { materialListResponse } from '../read-schemas';

const materialBody = {
  type: 'object',
  required: ['title', 'description', 'content'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 255 },
    description: { type: 'string', maxLength: 5000 },
    content: { type: 'string', maxLength: MAX_MATERIAL_CONTENT_CHARS },
    class_id: idSchema,
    teacher_id: { description: 'ignored: the owner is the class teacher' },
  },
} as const;

interface MaterialBody {
  title: string;
  description: string;
  content: string;
  class_id?: number;
}

const materialColumns = ['m.id', 'm.class_id', 'm.title', 'm.description', 'm.content', 'm.teacher_id'] as const;

/**
 * The sanitized body, with inline `data:` pictures taken out of the HTML (stored with saveImages by the caller).
 * The sanitizer drops pictures of other types (SVG, non-images) as before; a kept one that is too large or whose
 * bytes are not what its type says is a 400.
 */
async function cleanBody(body: MaterialBody, images: PublicImages) {
  const title = body.title.trim();
  if (!title) throw badRequest('title must not be empty');
  const bag: ImageBag = new Map();
  try {
    const withoutPictures = await takeValidPictures(images.relativeHtml(body.content), 'content', bag);
    const content = extractHtmlImages(sanitizeRichHtml(withoutPictures), 'content', bag);
    return { fields: { title, description: body.description, content }, images: [...bag.values()] };
  } catch (e) {
    if (e instanceof ContentError) throw badRequest(e.message);
    throw e;
  }
}

export default async function materialsRoutes(app: FastifyInstance) {
  const db = app.db;
  const tags = ['materials'];
  /** A material as replied: picture URLs absolute when PUBLIC_URL is set. */
  const reply = <T extends { content: string; exercise_id: number | null }>(row: T): T =>
    ({ ...withExerciseId(row), content: app.publicImages.html(row.content) });

  app.get('/materials', {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: 'Materials (a teacher: those of the classes they teach now; admin all)', querystring: { type: 'object', properties: pagingProperties } },
  }, async (request) => {
    const paging = parsePaging(request.query);
    let base = db.selectFrom('materials as m');
    const { teacherId } = listScope(request.user);
    if (teacherId !== undefined) base = base.where('m.class_id', 'in', db.selectFrom('classes').select('id').where('teacher_id', '=', teacherId));
    const [rows, total] = await Promise.all([
      base.leftJoin('exercises as e', 'e.material_id', 'm.id').select([...materialColumns, 'e.id as exercise_id'])
        .orderBy('m.id').limit(paging.pageSize).offset(paging.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { materials: rows.map(reply), meta: pageMeta(paging, Number(total.n)) };
  });

  app.get('/materials/from-class', {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'Materials of a class (admin, its teacher, assigned students)',
      querystring: { type: 'object', required: ['id'], properties: { id: idSchema, ...pagingProperties } },
      response: materialListResponse,
    },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    await requireClass(db, request.user, id, 'read');
    const paging = parsePaging(request.query);
    // One prepared statement, the total riding on each row.
    type Row = { id: number; class_id: number; title: string; description: string; content: string; teacher_id: number; exercise_id: number | null; total: unknown };
    const rows = await preparedRead<Row>(db, MATERIALS_OF_CLASS_SQL)([id, paging.pageSize, paging.offset]);
    const total = rows.length > 0 ? rows[0].total
      : paging.offset === 0 ? 0 : (await preparedRead<{ n: unknown }>(db, COUNT_MATERIALS_OF_CLASS_SQL)([id]))[0]?.n;
    return { materials: rows.map(({ total: _, ...row }) => reply(row)), meta: pageMeta(paging, Number(total ?? 0)) };
  });

  app.get('/materials/detail', {
    preHandler: app.authenticate,
    schema: { tags, summary: 'One material with its exercise_id', querystring: idQuerySchema },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    await requireMaterial(db, request.user, id, 'read');
    const row = await db.selectFrom('materials as m').leftJoin('exercises as e', 'e.material_id', 'm.id')
      .select([...materialColumns, 'e.id as exercise_id']).where('m.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Material not found');
    return reply(row);
  });

  app.post('/materials', {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: 'Create a material in a class the caller teaches', body: { ...materialBody, required: [...materialBody.required, 'class_id'] } },
  }, async (request) => {
    const body = request.body as MaterialBody & { class_id: number };
    const cls = await requireClass(db, request.user, body.class_id, 'manage');
    const clean = await cleanBody(body, app.publicImages);
    await saveImages(db, clean.images);
    const row = await db.insertInto('materials')
      .values({ ...clean.fields, class_id: cls.id, teacher_id: cls.teacher_id })
      .returning(['id', 'class_id', 'title', 'description', 'content', 'teacher_id'])
      .executeTakeFirstOrThrow();
    return reply({ ...row, exercise_id: null });
  });

  registerUpdate(app, '/materials', {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: 'Update a material (owner)', querystring: idQuerySchema, body: materialBody },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    const body = request.body as MaterialBody;
    const m = await requireMaterial(db, request.user, id, 'manage');
    let classId = m.class_id;
    let teacherId = m.teacher_id;
    if (body.class_id !== undefined && body.class_id !== m.class_id) {
      // Moving a material: only into another class the caller manages too.
      const target = await requireClass(db, request.user, body.class_id, 'manage');
      classId = target.id;
      teacherId = target.teacher_id;
    }
    const clean = await cleanBody(body, app.publicImages);
    await saveImages(db, clean.images);
    await db.updateTable('materials')
      .set({ ...clean.fields, class_id: classId, teacher_id: teacherId, updated_at: toDbTime() })
      .where('id', '=', id).execute();
    const row = await db.selectFrom('materials as m').leftJoin('exercises as e', 'e.material_id', 'm.id')
      .select([...materialColumns, 'e.id as exercise_id']).where('m.id', '=', id).executeTakeFirstOrThrow();
    return reply(row);
  });

  app.delete('/materials', {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: 'Delete a material (owner); its exercise, answers, scores and discussions go with it', querystring: idQuerySchema },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    await requireMaterial(db, request.user, id, 'manage');
    await db.transaction().execute(async (trx) => {
      // Replies and reports of its discussions have no FK to the forum table: remove them explicitly.
      const threads = trx.selectFrom('material_forum').select('id').where('material_id', '=', id);
      await trx.deleteFrom('reports').where('kind', '=', 'material').where('discussion_id', 'in', threads).execute();
      await trx.deleteFrom('discussion_replies').where('kind', '=', 'material').where('discussion_id', 'in', threads).execute();
      await trx.deleteFrom('materials').where('id', '=', id).execute();
    });
    return { message: 'Material deleted successfully' };
  });

  // FE sends material-discussion replies to /materials/reply (docs/api.md §2.7): same handler, open to students.
  registerMaterialReply(app, '/materials/reply');
}

function withExerciseId<T extends { exercise_id: number | null }>(row: T): T {
  return { ...row, exercise_id: row.exercise_id ?? null };
}
