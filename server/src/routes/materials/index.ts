/**
 * Materials ("subjects"), docs/api.md §2.5:
 *   GET /materials, GET /materials/from-class, GET /materials/detail, POST/PUT/PATCH/DELETE /materials,
 *   POST /materials/copy (into parallel classes, with its exercise),
 *   PUT/PATCH /materials/reply (alias of /discussions-material/reply, open to students).
 * HTML content is sanitized on write. `teacher_id` always comes from the class, never from the body.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { materialSchema } from '@kelasku/shared-rules/src/wire/materials';
import { Type, type Static } from 'typebox';
import { listScope, requireClass, requireCopyTargets, requireMaterial } from '../../domain/policy';
import { ContentError } from '../../domain/content';
import type { PublicImages } from '../../domain/public-images';
import type { Db } from '../../db/connect';
import {
  extractHtmlImages,
  type ImageBag,
  saveImages,
  sizeHtmlPictures,
  takeValidPictures,
  withVariants,
} from '../../domain/images';
import { MAX_COPY_TARGETS, MAX_MATERIAL_BYTES, MAX_MATERIAL_CONTENT_CHARS } from '../../domain/limits';
import {
  copyMaterial,
  createMaterial,
  deleteMaterial,
  findMaterial,
  largestMaterial,
  listMaterials,
  materialsOfClass,
  updateMaterial,
  type MaterialView,
} from '../../domain/repo/materials';
import { materialBytes, materialPageSize } from '../../domain/material-bytes';
import { SanitizeWorkers } from '../../lib/sanitize-workers';
import { badRequest } from '../../plugins/errors';
import {
  idQuerySchema,
  idSchema,
  messageResponse,
  pageMeta,
  type Paging,
  pagingProperties,
  pagingQuerySchema,
  parsePaging,
  UPDATE_METHODS,
} from '../helpers';
import { registerReplyRoute } from '../forum-routes';
import { materialListResponse } from '../read-schemas';

const materialBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({ maxLength: 5000 }),
  content: Type.String({ maxLength: MAX_MATERIAL_CONTENT_CHARS }),
  class_id: Type.Optional(idSchema),
  teacher_id: Type.Optional(Type.Unknown({ description: 'ignored: the owner is the class teacher' })),
});

const materialCreateBody = Type.Object({ ...materialBody.properties, class_id: idSchema });

const copyBody = Type.Object({
  material_id: idSchema,
  class_ids: Type.Array(idSchema, {
    minItems: 1,
    maxItems: MAX_COPY_TARGETS,
    uniqueItems: true,
    description: 'other classes of the same grade the caller teaches',
  }),
});

/** A material as replied (domain/repo/materials.ts MaterialView). */
const materialResponse = { 200: materialSchema };

/**
 * The sanitized body, with inline `data:` pictures taken out of the HTML (stored with saveImages by the caller).
 * The sanitizer drops pictures of other types (SVG, non-images) as before; a kept one that is too large or whose
 * bytes are not what its type says is a 400.
 */
async function cleanBody(db: Db, body: Static<typeof materialBody>, images: PublicImages, sanitizer: SanitizeWorkers) {
  const title = body.title.trim();
  if (!title) throw badRequest('title must not be empty', { code: 'validation-empty', params: { field: 'title' } });
  const bag: ImageBag = new Map();
  try {
    const withoutPictures = await takeValidPictures(images.relativeHtml(body.content), 'content', bag);
    const content = extractHtmlImages(await sanitizer.sanitize(withoutPictures), 'content', bag);
    const fields = { title, description: body.description, content };
    // Pictures are stored apart; what remains must fit a list's page (materialPageSize).
    if (materialBytes(fields).list_bytes > MAX_MATERIAL_BYTES) {
      throw badRequest(
        `content is too long (max ${MAX_MATERIAL_BYTES} bytes with the title and description, pictures aside)`,
        {
          code: 'text-too-large',
          params: { field: 'content', limit: MAX_MATERIAL_BYTES },
        },
      );
    }
    // Each picture's copies for phones, and its width and height on its tag (domain/picture-variants.ts).
    const pictures = await withVariants([...bag.values()]);
    return { fields: { ...fields, content: await sizeHtmlPictures(db, content, pictures) }, images: pictures };
  } catch (e) {
    if (e instanceof ContentError) throw badRequest(e.message, e.extra);
    throw e;
  }
}

export default async function materialsRoutes(fastify: FastifyInstance) {
  // Long HTML is sanitized on worker threads (started with the first one), so the event loop serves the others.
  const sanitizer = new SanitizeWorkers();
  fastify.addHook('onClose', async () => {
    await sanitizer.close();
  });
  registerMaterialReads(fastify);
  registerMaterialWrites(fastify, sanitizer);
}

const tags = ['materials'];

/** A material as replied: picture URLs absolute when PUBLIC_URL is set. */
const asReplied = (images: PublicImages, row: MaterialView): MaterialView => ({
  ...row,
  content: images.html(row.content),
});

function registerMaterialReads(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  /**
   * The lists carry every material's content (the original client opens a material from the list), so a page is
   * bounded in bytes by its size: the size asked for, smaller when the list's largest material would take a page past
   * MAX_PAGE_BYTES (the same size for every page of the list, so paging skips nothing; meta.pageSize says it).
   */
  async function boundedPaging(query: unknown, scope: Parameters<typeof largestMaterial>[1]): Promise<Paging> {
    const asked = parsePaging(query);
    const pageSize = materialPageSize(asked.pageSize, await largestMaterial(db, scope), app.publicImages.prefixBytes);
    return { page: asked.page, pageSize, offset: (asked.page - 1) * pageSize };
  }

  app.get(
    '/materials',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: 'Materials (a teacher: those of the classes they teach now; admin all)',
        querystring: pagingQuerySchema,
        response: materialListResponse,
      },
    },
    async (request) => {
      const teacherId = listScope(request.user).teacherId;
      const paging = await boundedPaging(request.query, { teacherId });
      const { rows, total } = await listMaterials(db, teacherId, { limit: paging.pageSize, offset: paging.offset });
      return { materials: rows.map((row) => asReplied(app.publicImages, row)), meta: pageMeta(paging, total) };
    },
  );

  app.get(
    '/materials/from-class',
    {
      // the list's own statement checks the session (readWithSession)
      config: { session: 'in-statement' },
      schema: {
        tags,
        summary: 'Materials of a class (admin, its teacher, assigned students)',
        querystring: Type.Object({ id: idSchema, ...pagingProperties }),
        response: materialListResponse,
      },
    },
    (request) =>
      app.readWithSession(request, undefined, async (user) => {
        const { id } = request.query;
        await requireClass(db, user, id, 'read');
        const paging = await boundedPaging(request.query, { classId: id });
        const { rows, total, session } = await materialsOfClass(
          db,
          id,
          { limit: paging.pageSize, offset: paging.offset },
          user.user_id,
        );
        await app.confirmSession(request, session);
        return { materials: rows.map((row) => asReplied(app.publicImages, row)), meta: pageMeta(paging, total) };
      }),
  );

  app.get(
    '/materials/detail',
    {
      schema: {
        tags,
        summary: 'One material with its exercise_id',
        querystring: idQuerySchema,
        response: materialResponse,
      },
    },
    async (request) => {
      const { id } = request.query;
      await requireMaterial(db, request.user, id, 'read');
      return asReplied(app.publicImages, await findMaterial(db, id));
    },
  );
}

/** Create, edit, copy and delete, and the replies to a material's discussions. */
function registerMaterialWrites(fastify: FastifyInstance, sanitizer: SanitizeWorkers) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.post(
    '/materials',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: 'Create a material in a class the caller teaches',
        body: materialCreateBody,
        response: materialResponse,
      },
    },
    async (request) => {
      const cls = await requireClass(db, request.user, request.body.class_id, 'write');
      const clean = await cleanBody(db, request.body, app.publicImages, sanitizer);
      await saveImages(db, clean.images);
      return asReplied(app.publicImages, await createMaterial(db, clean.fields, cls));
    },
  );

  app.route({
    method: UPDATE_METHODS,
    url: '/materials',
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags,
      summary: 'Update a material (owner)',
      querystring: idQuerySchema,
      body: materialBody,
      response: materialResponse,
    },
    handler: async (request) => {
      const { id } = request.query;
      const { body } = request;
      const m = await requireMaterial(db, request.user, id, 'write');
      let place = { class_id: m.class_id, teacher_id: m.teacher_id };
      if (body.class_id !== undefined && body.class_id !== m.class_id) {
        // Moving a material: only into another class the caller manages too.
        const target = await requireClass(db, request.user, body.class_id, 'write');
        place = { class_id: target.id, teacher_id: target.teacher_id };
      }
      const clean = await cleanBody(db, body, app.publicImages, sanitizer);
      await saveImages(db, clean.images);
      return asReplied(app.publicImages, await updateMaterial(db, id, clean.fields, place));
    },
  });

  app.post(
    '/materials/copy',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary:
          'Copy a material with its exercise into other classes of its grade that the caller teaches (all or none); the copies are independent',
        body: copyBody,
        response: { 200: Type.Object({ materials: Type.Array(materialSchema) }) },
      },
    },
    async (request) => {
      const source = await requireMaterial(db, request.user, request.body.material_id, 'manage');
      const targets = await requireCopyTargets(db, request.user, source, request.body.class_ids);
      return { materials: (await copyMaterial(db, source.id, targets)).map((row) => asReplied(app.publicImages, row)) };
    },
  );

  app.delete(
    '/materials',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: 'Delete a material (owner); its exercise, answers, scores and discussions go with it',
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { id } = request.query;
      await requireMaterial(db, request.user, id, 'write');
      await deleteMaterial(db, id);
      return { message: 'Material deleted successfully' };
    },
  );

  // FE sends material-discussion replies to /materials/reply (docs/api.md §2.7): same handler, open to students.
  registerReplyRoute(app, 'material', '/materials/reply');
}
