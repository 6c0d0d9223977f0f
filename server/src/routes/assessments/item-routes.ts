/**
 * Routes shared by exercises (one per material) and exams (one per class), docs/api.md §2.8–2.10:
 *   GET {base} ?material_id|class_id        by role: students never get answer keys; exam content is {} for students while Scheduled
 *   GET {base}/student ?…&number=n          question n only
 *   POST {base}; PUT/PATCH/DELETE {base}?id owner (the class's teacher) or admin; 409 for a second one
 *   POST {base}/calculate-grade             submit + grade once (idempotent), locks the sheet
 *   GET {base}/get-grade, /get-all-grade    one row per item, ownership checked
 *   GET {base}/submissions, /submission     teacher views; PUT/PATCH {base}/essay-score teacher override
 *   GET {base}/graded-count                 sheets an edit re-grades (an edit re-grades them in its transaction)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DEFAULT_EXAM_KIND,
  EXAM_KINDS,
  type ExamKind,
  MAX_EXAM_KIND_LABEL,
} from '@kelasku/shared-rules/src/exam-kinds';
import { ContentError, type ContentMap, normalizeContent, questionOnly } from '../../domain/content';
import { issueDelivery } from '../../domain/answer-delivery';
import { seedOfSheet } from '../../domain/order-seed';
import { extractContentImages, sizeContentPictures, type StoredImage, withVariants } from '../../domain/images';
import { examStatus, formatWib, parseWindow, WindowError } from '../../domain/exam-window';
import { GradingError } from '../../domain/grading';
import { MAX_ESSAY_COMMENT_CHARS } from '../../domain/limits';
import { sheetReview } from '../../domain/review';
import {
  contentOf,
  forgetContent,
  gradedCount,
  gradeJson,
  gradeOf,
  gradesOfStudent,
  itemById,
  itemByParent,
  type ItemFacts,
  type ItemSpec,
  itemOfParentFor,
  rescoreDeferred,
  setEssayScore,
  studentContentOf,
  submitAndGrade,
} from '../../domain/repo/assessments';
import {
  createItem,
  deleteItem,
  type ItemInput,
  sheetAnswers,
  studentInClass,
  submissionRows,
  updateItem,
} from '../../domain/repo/assessment-items';
import {
  assignmentToCheck,
  type Caller,
  gradeFor,
  isStudent,
  listScope,
  managesClass,
  placeOfClass,
  requireClass,
  requireGrading,
  requireItem as requireItemAccess,
  requireMaterial,
  type Need,
  requirePlace,
  requireWorkRead,
  targetStudent,
} from '../../domain/policy';
import type { ScorerConfig } from '../../domain/scorers';
import type { Db } from '../../db/connect';
import { fromDbTime } from '../../db/time';
import { badRequest, conflict, forbidden, notFound, recordNotFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, messageResponse, UPDATE_METHODS, withKey } from '../helpers';
import { itemListResponse } from '../read-schemas';
import {
  gradeListResponse,
  gradeResponse,
  itemReply,
  submissionListResponse,
  submissionResponse,
} from './item-schemas';

export function parentKey(spec: ItemSpec): 'material_id' | 'class_id' {
  return spec.kind === 'exercise' ? 'material_id' : 'class_id';
}

/** Read or manage access to an item's parent (a material, a class), by its class. */
async function requireParent(app: FastifyInstance, spec: ItemSpec, caller: Caller, parentId: number, need: Need) {
  if (spec.kind === 'exercise') return requireMaterial(app.db, caller, parentId, need);
  return placeOfClass(await requireClass(app.db, caller, parentId, need));
}

/** Wire shape of an item; `content` already filtered for the caller. */
export function itemJson(spec: ItemSpec, item: ItemFacts, content: ContentMap, now = new Date()) {
  const common = {
    title: item.title,
    content,
    total_marks: item.total_marks,
    teacher_id: item.teacher_id,
    shuffle_questions: Boolean(item.shuffle_questions),
    shuffle_options: Boolean(item.shuffle_options),
  };
  if (spec.kind === 'exercise') return { id: item.id, material_id: item.material_id, ...common };
  return {
    id: item.id,
    class_id: item.class_id,
    ...common,
    start_time: formatWib(item.start_time!),
    end_time: formatWib(item.end_time!),
    status: examStatus(item.start_time!, item.end_time!, now),
    server_time: formatWib(now),
    kind: item.kind ?? DEFAULT_EXAM_KIND,
    kind_label: item.kind_label ?? null,
    closed_at: item.closed_at == null ? null : formatWib(item.closed_at),
    show_answers: Boolean(item.show_answers),
  };
}

/**
 * What a caller may see of the content: managers everything; students no keys (but of an ended exam whose teacher
 * shows the answers), and nothing of a Scheduled exam.
 */
export function visibleContent(
  db: Db,
  spec: ItemSpec,
  caller: Caller,
  item: ItemFacts,
  now: Date,
): Promise<ContentMap> {
  if (managesClass(caller, item)) return contentOf(db, spec, item);
  if (spec.kind === 'exam') {
    const status = examStatus(item.start_time!, item.end_time!, now);
    if (status === 'Scheduled') return Promise.resolve({});
    if (status === 'Completed' && item.show_answers) return contentOf(db, spec, item);
  }
  return studentContentOf(db, spec, item);
}

/** The validated content with its inline pictures taken out (stored by the caller with saveImages). */
async function parseContentOr400(raw: unknown): Promise<{ content: ContentMap; images: StoredImage[] }> {
  try {
    return await extractContentImages(normalizeContent(raw));
  } catch (e) {
    if (e instanceof ContentError) throw badRequest(e.message, e.extra);
    throw e;
  }
}

function parseWindowOr400(start: unknown, end: unknown) {
  try {
    return parseWindow(start, end);
  } catch (e) {
    if (e instanceof WindowError) throw badRequest(e.message, e.extra);
    throw e;
  }
}

/** An exam's kind as stored: 'other' needs its name (1 to MAX_EXAM_KIND_LABEL characters), the others have none. */
function examKindOr400(
  kind: ExamKind | undefined,
  label: string | null | undefined,
): { kind: ExamKind; label: string | null } | undefined {
  if (kind === undefined) return undefined;
  if (kind !== 'other') return { kind, label: null };
  const name = (label ?? '').trim();
  if (!name)
    throw badRequest('kind_label must not be empty for an exam of kind other', {
      code: 'validation-empty',
      params: { field: 'kind_label' },
    });
  if ([...name].length > MAX_EXAM_KIND_LABEL) {
    throw badRequest(`kind_label must be at most ${MAX_EXAM_KIND_LABEL} characters.`, {
      code: 'validation-too-long',
      params: { field: 'kind_label', limit: MAX_EXAM_KIND_LABEL },
    });
  }
  return { kind, label: name };
}

/** What the body schemas of itemBodySchemas admit (written as JSON, so typed here). */
interface ItemBody {
  title: string;
  total_marks: number;
  content: unknown;
  material_id?: number;
  class_id?: number;
  start_time?: string;
  end_time?: string;
  shuffle_questions?: boolean;
  shuffle_options?: boolean;
  kind?: ExamKind;
  kind_label?: string | null;
  show_answers?: boolean;
}

/** The body schemas of a create and an update: the required fields depend on the kind, so they are written as JSON. */
function itemBodySchemas(spec: ItemSpec) {
  const parent = parentKey(spec);
  const itemBodyJson = {
    type: 'object',
    required: ['title', 'total_marks', 'content', ...(spec.kind === 'exam' ? ['start_time', 'end_time'] : [])],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 255 },
      total_marks: { type: 'integer', minimum: 1, maximum: 1000 },
      content: { type: 'object', description: 'content map, every value a string (docs/api.md §4.1)' },
      [parent]: idSchema,
      teacher_id: { description: 'ignored: the owner is the class teacher' },
      shuffle_questions: {
        type: 'boolean',
        description: 'each student sees the questions in an order of their own (omitted: unchanged / off)',
      },
      shuffle_options: {
        type: 'boolean',
        description: 'each student sees the options of each question in an order of their own',
      },
      ...(spec.kind === 'exam'
        ? {
            start_time: { type: 'string', description: 'RFC 3339 with offset' },
            end_time: { type: 'string', description: 'RFC 3339 with offset' },
            kind: {
              type: 'string',
              enum: [...EXAM_KINDS],
              description: 'daily (default), midterm, final, or other (named by kind_label); omitted: unchanged',
            },
            kind_label: {
              type: ['string', 'null'],
              maxLength: 200,
              description: `the name of an exam of kind other (1 to ${MAX_EXAM_KIND_LABEL} characters once trimmed); ignored for the other kinds`,
            },
            show_answers: {
              type: 'boolean',
              description: 'students see the correct answers once the exam has ended (omitted: unchanged / off)',
            },
          }
        : {}),
    },
  };
  return {
    itemBody: Type.Unsafe<ItemBody>(itemBodyJson),
    itemCreateBody: Type.Unsafe<ItemBody & Record<typeof parent, number>>({
      ...itemBodyJson,
      required: [...itemBodyJson.required, parent],
    }),
  };
}

/** What the route groups of one kind of item (exercises, exams) share. */
interface ItemRoutes {
  spec: ItemSpec;
  /** '/exercises' or '/exams' */
  base: string;
  scorer: ScorerConfig;
  tags: string[];
  /** The parent's key: material_id or class_id. */
  parent: 'material_id' | 'class_id';
  label: string;
  /** The item, else 404. */
  requireItem: (id: number) => Promise<ItemFacts>;
  requireManagedItem: (caller: Caller, id: number) => Promise<ItemFacts>;
  requireWritableItem: (caller: Caller, id: number) => Promise<ItemFacts>;
}

export function registerItemRoutes(app: FastifyInstance, spec: ItemSpec, base: string, scorer: ScorerConfig) {
  const db = app.db;
  const label = spec.label;
  async function requireItem(id: number): Promise<ItemFacts> {
    const item = await itemById(db, spec, id);
    if (!item) throw recordNotFound(spec.kind, `${label} not found`);
    return item;
  }
  const routes: ItemRoutes = {
    spec,
    base,
    scorer,
    tags: [`${spec.kind}s`],
    parent: parentKey(spec),
    label,
    requireItem,
    requireManagedItem: (caller, id) => requireItemAccess(db, spec, caller, id, 'manage'),
    requireWritableItem: (caller, id) => requireItemAccess(db, spec, caller, id, 'write'),
  };
  registerItemReads(app, routes);
  registerItemCreate(app, routes);
  registerItemUpdate(app, routes);
  registerItemDelete(app, routes);
  registerGradeRoutes(app, routes);
  registerSubmissionReads(app, routes);
  registerEssayScore(app, routes);
}

/** The two reads of an item by its parent: whole, or one question. */
function registerItemReads(fastify: FastifyInstance, { spec, base, tags, parent }: ItemRoutes) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  /** The item of a parent the caller may read (404/403 as requireParent), parent facts and item in one statement. */
  /** Also confirms the request's session (readWithSession): the same statement checks it. */
  async function readableItemOf(
    request: FastifyRequest,
    caller: Caller,
    parentId: number,
  ): Promise<{ item?: ItemFacts; storedOrderSeed: string | null }> {
    const found = await itemOfParentFor(db, spec, parentId, assignmentToCheck(caller), caller.user_id);
    await app.confirmSession(request, found?.session);
    requirePlace(
      caller,
      found?.place,
      found?.assigned ?? false,
      'read',
      spec.kind === 'exercise' ? 'material' : 'class',
    );
    return { item: found?.item, storedOrderSeed: found?.storedOrderSeed ?? null };
  }

  // The two reads: the item's own statement checks the session (readWithSession).
  app.get(
    base,
    {
      config: { session: 'in-statement' },
      schema: {
        tags,
        summary: `The ${spec.kind} of a ${spec.kind === 'exercise' ? 'material' : 'class'} as an array (0 or 1 item)`,
        querystring: withKey(parent, idSchema, {
          number: Type.Optional(Type.String({ description: 'accepted and ignored' })),
        }),
        response: itemListResponse,
      },
    },
    (request) =>
      app.readWithSession(request, undefined, async (user) => {
        const { item, storedOrderSeed } = await readableItemOf(request, user, request.query[parent]);
        if (!item) return [];
        const now = new Date();
        const json = itemJson(
          spec,
          item,
          app.publicImages.content(await visibleContent(db, spec, user, item, now)),
          now,
        );
        if (!isStudent(user) || user.student_id === undefined) return [json];
        const studentId = user.student_id;
        // Their own order of questions and options; and, as their browser may have to seal answers for the item later (a
        // sign-out on a shared computer while offline), what sealing needs.
        const order_seed = seedOfSheet(app.orderSeed, spec.kind, item.id, studentId, storedOrderSeed);
        const keys = app.answersDelivery();
        return [
          keys
            ? { ...json, order_seed, delivery: issueDelivery(keys, spec.kind, item.id, studentId) }
            : { ...json, order_seed },
        ];
      }),
  );

  app.get(
    `${base}/student`,
    {
      config: { session: 'in-statement' },
      schema: {
        tags,
        summary: 'Question n only (no answer keys)',
        querystring: withKey(parent, idSchema, { number: idSchema }),
        response: itemListResponse,
      },
    },
    (request) =>
      app.readWithSession(request, undefined, async (user) => {
        const q = request.query;
        const { item } = await readableItemOf(request, user, q[parent]);
        if (!item) return [];
        const now = new Date();
        const visible = await visibleContent(db, spec, user, item, now);
        return [itemJson(spec, item, app.publicImages.content(questionOnly(visible, q.number)), now)];
      }),
  );
}

/** The validated item a body describes, with the pictures its content carried inline. */
async function cleanItem(
  app: FastifyInstance,
  spec: ItemSpec,
  body: ItemBody,
): Promise<{ input: ItemInput; images: StoredImage[] }> {
  const title = body.title.trim();
  if (!title) throw badRequest('title must not be empty', { code: 'validation-empty', params: { field: 'title' } });
  const parsed = await parseContentOr400(app.publicImages.relativeContent(body.content));
  // Each picture's copies for phones, and its width and height on its address (domain/picture-variants.ts).
  const images = await withVariants(parsed.images);
  const content = await sizeContentPictures(app.db, parsed.content, images);
  const window = spec.kind === 'exam' ? parseWindowOr400(body.start_time, body.end_time) : undefined;
  const input: ItemInput = {
    title,
    total_marks: body.total_marks,
    content,
    window,
    shuffle_questions: body.shuffle_questions,
    shuffle_options: body.shuffle_options,
    ...(spec.kind === 'exam'
      ? { kind: examKindOr400(body.kind, body.kind_label), show_answers: body.show_answers }
      : {}),
  };
  return { input, images };
}

/** Create an item (owner or admin): one per parent. */
function registerItemCreate(fastify: FastifyInstance, { spec, base, tags, parent, label, requireItem }: ItemRoutes) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const { itemCreateBody } = itemBodySchemas(spec);
  app.post(
    base,
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: `Create the ${spec.kind} (owner; 409 when one exists)`,
        body: itemCreateBody,
        response: { 200: itemReply(spec) },
      },
    },
    async (request) => {
      const parentId = request.body[parent];
      // teacher_id records the class's teacher at creation (the author column); rights follow the class.
      const teacherId = (await requireParent(app, spec, request.user, parentId, 'write')).class_teacher_id;
      const { input, images } = await cleanItem(app, spec, request.body);
      if (await itemByParent(db, spec, parentId))
        throw conflict(`${label} already exists`, { code: 'item-exists', params: { what: spec.kind } });
      const id = await createItem(db, spec, parentId, teacherId, input, images);
      const item = await requireItem(id);
      return itemJson(spec, item, app.publicImages.content(input.content));
    },
  );
}

/** Update an item (owner or admin), and how many graded sheets such an edit re-grades. */
function registerItemUpdate(
  fastify: FastifyInstance,
  { spec, base, tags, scorer, requireItem, requireManagedItem, requireWritableItem }: ItemRoutes,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const { itemBody } = itemBodySchemas(spec);
  app.route({
    method: UPDATE_METHODS,
    url: base,
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags,
      summary: `Update the ${spec.kind} (owner)`,
      querystring: idQuerySchema,
      body: itemBody,
      response: {
        200: itemReply(spec, { regraded: Type.Integer({ description: 'graded sheets re-graded by the edit' }) }),
      },
    },
    handler: async (request) => {
      const { id } = request.query;
      const current = await requireWritableItem(request.user, id);
      const { input, images } = await cleanItem(app, spec, request.body);
      // A closed exam stays ended (its keys may be corrected, it is not given again): reopen it first.
      if (
        spec.kind === 'exam' &&
        current.closed_at != null &&
        input.window &&
        input.window.end.getTime() > Date.now()
      ) {
        throw conflict('This exam is closed already', { code: 'exam-already-closed' });
      }
      const before = { content: await contentOf(db, spec, current), totalMarks: current.total_marks };
      const { count, deferred } = await updateItem(db, spec, id, input, images, before, scorer);
      forgetContent(spec, id);
      if (deferred.length) {
        rescoreDeferred(db, spec, id, deferred, scorer).catch((err: unknown) =>
          request.log.error({ err }, 're-scoring essays failed'),
        );
      }
      const item = await requireItem(id);
      return { ...itemJson(spec, item, app.publicImages.content(input.content)), regraded: count };
    },
  });

  app.get(
    `${base}/graded-count`,
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: 'How many sheets are graded: the ones an edit of the questions or keys re-grades (owner)',
        querystring: withKey(spec.idCol, idSchema, {}),
        response: { 200: Type.Object({ count: Type.Integer() }) },
      },
    },
    async (request) => {
      const item = await requireManagedItem(request.user, request.query[spec.idCol]);
      return { count: await gradedCount(db, spec, item.id) };
    },
  );
}

/** Delete an item with its answers and grades (owner or admin). */
function registerItemDelete(fastify: FastifyInstance, { spec, base, tags, label, requireWritableItem }: ItemRoutes) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  app.delete(
    base,
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: `Delete the ${spec.kind} with its answers and grades (owner)`,
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { id } = request.query;
      await requireWritableItem(request.user, id);
      await deleteItem(db, spec, id);
      forgetContent(spec, id);
      return { message: `${label} deleted successfully` };
    },
  );
}

/** Submit and grade a sheet, and read grades (policy.ts decides whose). */
function registerGradeRoutes(fastify: FastifyInstance, { spec, base, tags, scorer, requireItem }: ItemRoutes) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.post(
    `${base}/calculate-grade`,
    {
      schema: {
        tags,
        summary: 'Submit and grade a sheet once (idempotent); locks the sheet',
        body: withKey(spec.idCol, idSchema, { student_id: Type.Optional(idSchema) }),
        response: gradeResponse(spec),
      },
    },
    async (request) => {
      const body = request.body;
      const item = await requireItem(body[spec.idCol]);
      const studentId = await requireGrading(db, spec, request.user, item, body.student_id);
      if (spec.kind === 'exam' && examStatus(item.start_time!, item.end_time!) === 'Scheduled') {
        throw forbidden('The exam has not started yet', { code: 'exam-not-started' });
      }
      const grade = await submitAndGrade(db, spec, item, studentId, scorer);
      return gradeJson(spec, gradeFor(request.user, spec, item, grade));
    },
  );

  app.get(
    `${base}/get-grade`,
    {
      schema: {
        tags,
        summary: 'The grade of one student for one item, as an array (0 or 1)',
        querystring: withKey(spec.idCol, idSchema, { student_id: Type.Optional(idSchema) }),
        response: gradeListResponse(spec),
      },
    },
    async (request) => {
      const q = request.query;
      const item = await requireItem(q[spec.idCol]);
      const studentId = targetStudent(request.user, q.student_id);
      requireWorkRead(request.user, item, studentId, spec);
      const grade = await gradeOf(db, spec, item.id, studentId);
      return grade ? [gradeJson(spec, gradeFor(request.user, spec, item, grade))] : [];
    },
  );

  app.get(
    `${base}/get-all-grade`,
    {
      schema: {
        tags,
        summary: 'Every grade of a student, one per item (a teacher sees only their classes)',
        querystring: Type.Object({ student_id: Type.Optional(idSchema) }),
        response: gradeListResponse(spec),
      },
    },
    async (request) => {
      const caller = request.user;
      const studentId = targetStudent(caller, request.query.student_id);
      const grades = await gradesOfStudent(db, spec, studentId, listScope(caller).teacherId);
      return grades.map((g) => gradeJson(spec, gradeFor(caller, spec, g.item, g)));
    },
  );
}

/** The teacher's views of the students' sheets. */
function registerSubmissionReads(fastify: FastifyInstance, { spec, base, tags, requireManagedItem }: ItemRoutes) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;

  app.get(
    `${base}/submissions`,
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: 'Every student of the class with the state of their sheet',
        querystring: withKey(spec.idCol, idSchema, {}),
        response: submissionListResponse,
      },
    },
    async (request) => {
      const item = await requireManagedItem(request.user, request.query[spec.idCol]);
      const rows = await submissionRows(db, spec, item);
      // An exam sheet submitted after the window closed was submitted automatically (as item analysis counts it).
      const endTime = spec.kind === 'exam' && item.end_time != null ? fromDbTime(item.end_time).getTime() : null;
      return rows.map((r) => {
        const review = sheetReview(r.detail, r.answers);
        const submittedAt = r.submitted_at == null ? null : fromDbTime(r.submitted_at).getTime();
        return {
          student_id: r.student_id,
          name: r.name,
          nis: r.nis,
          sheet_id: r.sheet_id,
          status: r.sheet_id == null ? 'Not started' : r.status === 'Inactive' ? 'Submitted' : 'In progress',
          score: r.score,
          ...review,
          auto_submitted: endTime !== null && submittedAt !== null && submittedAt > endTime,
          // for the teacher's preview of this student's order
          order_seed: seedOfSheet(app.orderSeed, spec.kind, item.id, r.student_id, r.order_seed),
          active: r.active,
        };
      });
    },
  );

  app.get(
    `${base}/submission`,
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags,
        summary: "One student's sheet with the full content and the grade detail",
        querystring: withKey(spec.idCol, idSchema, { student_id: idSchema }),
        response: submissionResponse,
      },
    },
    async (request) => {
      const q = request.query;
      const item = await requireManagedItem(request.user, q[spec.idCol]);
      const student = await studentInClass(db, q.student_id, item.class_id);
      if (!student) throw notFound('Student not found in this class', { code: 'student-not-in-class' });
      const [content, answers, grade] = await Promise.all([
        contentOf(db, spec, item),
        sheetAnswers(db, spec, item.id, student.id),
        gradeOf(db, spec, item.id, student.id),
      ]);
      return {
        student,
        content: app.publicImages.content(content),
        answers,
        score: grade?.score ?? null,
        detail: grade?.detail ?? null,
      };
    },
  );
}

/** The essay marks (and comment) a teacher sets on one answer. */
function registerEssayScore(fastify: FastifyInstance, { spec, base, tags, requireWritableItem }: ItemRoutes) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  app.route({
    method: UPDATE_METHODS,
    url: `${base}/essay-score`,
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags,
      summary:
        'Set the marks of one essay (0 ≤ score ≤ marks per question) and an optional comment; recomputes the total',
      body: withKey(spec.idCol, idSchema, {
        student_id: idSchema,
        number: idSchema,
        score: Type.Number({ minimum: 0 }),
        comment: Type.Optional(
          Type.String({
            maxLength: MAX_ESSAY_COMMENT_CHARS,
            description: 'shown to the student; omitted keeps the current one, blank removes it',
          }),
        ),
      }),
      response: gradeResponse(spec),
    },
    handler: async (request) => {
      const body = request.body;
      const item = await requireWritableItem(request.user, body[spec.idCol]);
      let grade;
      try {
        grade = await setEssayScore(db, spec, item, body.student_id, body.number, body.score, body.comment);
      } catch (e) {
        if (e instanceof GradingError) throw badRequest(e.message, e.extra);
        throw e;
      }
      if (!grade) throw notFound('This answer sheet has not been graded yet', { code: 'not-graded-yet' });
      return gradeJson(spec, grade);
    },
  });
}
