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
import type { FastifyInstance } from 'fastify';
import { ContentError, type ContentMap, normalizeContent, questionOnly, stripAnswerKeys } from '../../domain/content';
import { extractContentImages, saveImages, type StoredImage } from '../../domain/images';
import { examStatus, formatWib, parseWindow, WindowError } from '../../domain/exam-window';
import { GradingError } from '../../domain/grading';
import { MAX_ESSAY_COMMENT_CHARS } from '../../domain/limits';
import { sheetReview } from '../../domain/review';
import {
  contentOf, forgetContent, gradedCount, gradeJson, gradeOf, gradesOfStudent, itemById, itemByParent, type ItemFacts, type ItemSpec,
  itemOfParentFor, loose, regradeItem, rescoreDeferred, setEssayScore, submitAndGrade,
} from '../../domain/repo/assessments';
import {
  assignmentToCheck, type Caller, gradeFor, listScope, managesClass, placeOfClass, requireClass, requireGrading, requireItem as requireItemAccess, requireMaterial,
  requirePlace, requireWorkRead, targetStudent,
} from '../../domain/policy';
import type { ScorerConfig } from '../../domain/scorers';
import { fromDbJson, toDbJson } from '../../db/json';
import { dbKindOf } from '../../db/connect';
import { fromDbTime, toDbTime } from '../../db/time';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, registerUpdate, type IdQuery } from '../helpers';
import { itemListResponse } from '../read-schemas';

const positiveInt = idSchema;

export function parentKey(spec: ItemSpec): 'material_id' | 'class_id' {
  return spec.kind === 'exercise' ? 'material_id' : 'class_id';
}

/** Read or manage access to an item's parent (a material, a class), by its class. */
async function requireParent(app: FastifyInstance, spec: ItemSpec, caller: Caller, parentId: number, need: 'read' | 'manage') {
  if (spec.kind === 'exercise') return requireMaterial(app.db, caller, parentId, need);
  return placeOfClass(await requireClass(app.db, caller, parentId, need));
}

/** Wire shape of an item; `content` already filtered for the caller. */
export function itemJson(spec: ItemSpec, item: ItemFacts, content: ContentMap, now = new Date()) {
  const common = {
    title: item.title, content, total_marks: item.total_marks, teacher_id: item.teacher_id,
    shuffle_questions: Boolean(item.shuffle_questions), shuffle_options: Boolean(item.shuffle_options),
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
  };
}

/** What a caller may see of the content: managers everything; students no keys, and nothing of a Scheduled exam. */
function visibleContent(spec: ItemSpec, caller: Caller, item: ItemFacts, content: ContentMap, now: Date): ContentMap {
  if (managesClass(caller, item)) return content;
  if (spec.kind === 'exam' && examStatus(item.start_time!, item.end_time!, now) === 'Scheduled') return {};
  return stripAnswerKeys(content);
}

/** The validated content with its inline pictures taken out (stored by the caller with saveImages). */
async function parseContentOr400(raw: unknown): Promise<{ content: ContentMap; images: StoredImage[] }> {
  try {
    return await extractContentImages(normalizeContent(raw));
  } catch (e) {
    if (e instanceof ContentError) throw badRequest(e.message);
    throw e;
  }
}

function parseWindowOr400(start: unknown, end: unknown) {
  try {
    return parseWindow(start, end);
  } catch (e) {
    if (e instanceof WindowError) throw badRequest(e.message);
    throw e;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function registerItemRoutes(app: FastifyInstance, spec: ItemSpec, base: string, scorer: ScorerConfig) {
  const db = app.db;
  const tags = [`${spec.kind}s`];
  const parent = parentKey(spec);
  const label = spec.label;

  async function requireItem(id: number): Promise<ItemFacts> {
    const item = await itemById(db, spec, id);
    if (!item) throw notFound(`${label} not found`);
    return item;
  }

  const requireManagedItem = (caller: Caller, id: number): Promise<ItemFacts> => requireItemAccess(db, spec, caller, id, 'manage');

  // ------------------------------------------------------------ reading

  /** The item of a parent the caller may read (404/403 as requireParent), parent facts and item in one statement. */
  async function readableItemOf(caller: Caller, parentId: number): Promise<ItemFacts | undefined> {
    const found = await itemOfParentFor(db, spec, parentId, assignmentToCheck(caller));
    requirePlace(caller, found?.place, found?.assigned ?? false, 'read', spec.kind === 'exercise' ? 'material' : 'class');
    return found?.item;
  }

  app.get(base, {
    preHandler: app.authenticate,
    schema: {
      tags, summary: `The ${spec.kind} of a ${spec.kind === 'exercise' ? 'material' : 'class'} as an array (0 or 1 item)`,
      querystring: { type: 'object', required: [parent], properties: { [parent]: positiveInt, number: { type: 'string', description: 'accepted and ignored' } } },
      response: itemListResponse,
    },
  }, async (request) => {
    const item = await readableItemOf(request.user, (request.query as Record<string, number>)[parent]);
    if (!item) return [];
    const now = new Date();
    const content = await contentOf(db, spec, item);
    return [itemJson(spec, item, app.publicImages.content(visibleContent(spec, request.user, item, content, now)), now)];
  });

  app.get(`${base}/student`, {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'Question n only (no answer keys)',
      querystring: { type: 'object', required: [parent, 'number'], properties: { [parent]: positiveInt, number: positiveInt } },
      response: itemListResponse,
    },
  }, async (request) => {
    const q = request.query as Record<string, number>;
    const item = await readableItemOf(request.user, q[parent]);
    if (!item) return [];
    const now = new Date();
    const content = await contentOf(db, spec, item);
    const visible = visibleContent(spec, request.user, item, content, now);
    return [itemJson(spec, item, app.publicImages.content(questionOnly(visible, q.number)), now)];
  });

  // ------------------------------------------------------------ writing

  const itemBody = {
    type: 'object',
    required: ['title', 'total_marks', 'content', ...(spec.kind === 'exam' ? ['start_time', 'end_time'] : [])],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 255 },
      total_marks: { type: 'integer', minimum: 1, maximum: 1000 },
      content: { type: 'object', description: 'content map, every value a string (docs/api.md §4.1)' },
      [parent]: positiveInt,
      teacher_id: { description: 'ignored: the owner is the class teacher' },
      shuffle_questions: { type: 'boolean', description: 'each student sees the questions in an order of their own (omitted: unchanged / off)' },
      shuffle_options: { type: 'boolean', description: 'each student sees the options of each question in an order of their own' },
      ...(spec.kind === 'exam'
        ? { start_time: { type: 'string', description: 'RFC 3339 with offset' }, end_time: { type: 'string', description: 'RFC 3339 with offset' } }
        : {}),
    },
  };

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
  }

  /** The shuffle settings the body sets, as the column stores them (PG boolean, SQLite 0/1); omitted ones unchanged. */
  function shuffleValues(body: ItemBody) {
    const stored = (v: boolean) => (dbKindOf(db) === 'postgres' ? v : Number(v));
    return {
      ...(body.shuffle_questions === undefined ? {} : { shuffle_questions: stored(body.shuffle_questions) }),
      ...(body.shuffle_options === undefined ? {} : { shuffle_options: stored(body.shuffle_options) }),
    };
  }

  async function cleanItem(body: ItemBody) {
    const title = body.title.trim();
    if (!title) throw badRequest('title must not be empty');
    const { content, images } = await parseContentOr400(app.publicImages.relativeContent(body.content));
    const window = spec.kind === 'exam' ? parseWindowOr400(body.start_time, body.end_time) : undefined;
    return { title, total_marks: body.total_marks, content, images, window };
  }

  app.post(base, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: `Create the ${spec.kind} (owner; 409 when one exists)`, body: { ...itemBody, required: [...itemBody.required, parent] } },
  }, async (request) => {
    const body = request.body as ItemBody;
    const parentId = body[parent]!;
    // teacher_id records the class's teacher at creation (the author column); rights follow the class.
    const teacherId = (await requireParent(app, spec, request.user, parentId, 'manage')).class_teacher_id;
    const clean = await cleanItem(body);
    if (await itemByParent(db, spec, parentId)) throw conflict(`${label} already exists`);
    const values = {
      [parent]: parentId, title: clean.title, total_marks: clean.total_marks, content: toDbJson(clean.content), teacher_id: teacherId,
      ...(clean.window ? { start_time: toDbTime(clean.window.start), end_time: toDbTime(clean.window.end) } : {}),
      ...shuffleValues(body),
    };
    let id: number;
    try {
      // One transaction: a refused insert (409) leaves no pictures behind.
      id = await db.transaction().execute(async (trx) => {
        await saveImages(trx, clean.images);
        return (await loose(trx).insertInto(spec.table).values(values).returning('id').executeTakeFirstOrThrow()).id as number;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`${label} already exists`);
      throw e;
    }
    const item = await requireItem(id);
    return itemJson(spec, item, app.publicImages.content(clean.content));
  });

  registerUpdate(app, base, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: `Update the ${spec.kind} (owner)`, querystring: idQuerySchema, body: itemBody },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    const current = await requireManagedItem(request.user, id);
    const clean = await cleanItem(request.body as ItemBody);
    const before = { content: await contentOf(db, spec, current), totalMarks: current.total_marks };
    const after = { content: clean.content, totalMarks: clean.total_marks };
    // The edit and the re-grading of every submitted sheet are one transaction: no grade is ever read against a key
    // it was not computed with.
    const { count, deferred } = await db.transaction().execute(async (trx) => {
      await saveImages(trx, clean.images);
      await loose(trx).updateTable(spec.table).set({
        title: clean.title, total_marks: clean.total_marks, content: toDbJson(clean.content), updated_at: toDbTime(),
        ...(clean.window ? { start_time: toDbTime(clean.window.start), end_time: toDbTime(clean.window.end) } : {}),
        ...shuffleValues(request.body as ItemBody),
      }).where('id', '=', id).execute();
      return regradeItem(trx, spec, id, before, after, scorer);
    });
    forgetContent(spec, id);
    if (deferred.length) {
      rescoreDeferred(db, spec, id, deferred, scorer).catch((err: unknown) => request.log.error({ err }, 're-scoring essays failed'));
    }
    const item = await requireItem(id);
    return { ...itemJson(spec, item, app.publicImages.content(clean.content)), regraded: count };
  });

  app.get(`${base}/graded-count`, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags, summary: 'How many sheets are graded: the ones an edit of the questions or keys re-grades (owner)',
      querystring: { type: 'object', required: [spec.idCol], properties: { [spec.idCol]: positiveInt } },
    },
  }, async (request) => {
    const item = await requireManagedItem(request.user, (request.query as Record<string, number>)[spec.idCol]);
    return { count: await gradedCount(db, spec, item.id) };
  });

  app.delete(base, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: { tags, summary: `Delete the ${spec.kind} with its answers and grades (owner)`, querystring: idQuerySchema },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    await requireManagedItem(request.user, id);
    await loose(db).deleteFrom(spec.table).where('id', '=', id).execute();
    forgetContent(spec, id);
    return { message: `${label} deleted successfully` };
  });

  // ------------------------------------------------------------ grading

  app.post(`${base}/calculate-grade`, {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'Submit and grade a sheet once (idempotent); locks the sheet',
      body: { type: 'object', required: [spec.idCol], properties: { [spec.idCol]: positiveInt, student_id: positiveInt } },
    },
  }, async (request) => {
    const body = request.body as Record<string, number | undefined>;
    const item = await requireItem(body[spec.idCol]!);
    const studentId = await requireGrading(db, spec, request.user, item, body.student_id);
    if (spec.kind === 'exam' && examStatus(item.start_time!, item.end_time!) === 'Scheduled') {
      throw forbidden('The exam has not started yet');
    }
    const grade = await submitAndGrade(db, spec, item, studentId, scorer);
    return gradeJson(spec, gradeFor(request.user, spec, item, grade));
  });

  app.get(`${base}/get-grade`, {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'The grade of one student for one item, as an array (0 or 1)',
      querystring: { type: 'object', required: [spec.idCol], properties: { [spec.idCol]: positiveInt, student_id: positiveInt } },
    },
  }, async (request) => {
    const q = request.query as Record<string, number | undefined>;
    const item = await requireItem(q[spec.idCol]!);
    const studentId = targetStudent(request.user, q.student_id);
    requireWorkRead(request.user, item, studentId, spec);
    const grade = await gradeOf(db, spec, item.id, studentId);
    return grade ? [gradeJson(spec, gradeFor(request.user, spec, item, grade))] : [];
  });

  app.get(`${base}/get-all-grade`, {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'Every grade of a student, one per item (a teacher sees only their classes)',
      querystring: { type: 'object', properties: { student_id: positiveInt } },
    },
  }, async (request) => {
    const q = request.query as { student_id?: number };
    const caller = request.user;
    const studentId = targetStudent(caller, q.student_id);
    const grades = await gradesOfStudent(db, spec, studentId, listScope(caller).teacherId);
    return grades.map((g) => gradeJson(spec, gradeFor(caller, spec, g.item, g)));
  });

  app.get(`${base}/submissions`, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags, summary: 'Every student of the class with the state of their sheet',
      querystring: { type: 'object', required: [spec.idCol], properties: { [spec.idCol]: positiveInt } },
    },
  }, async (request) => {
    const item = await requireManagedItem(request.user, (request.query as Record<string, number>)[spec.idCol]);
    const rows = await loose(db)
      .selectFrom('assigned_students_class as a')
      .innerJoin('students as st', 'st.id', 'a.student_id')
      .leftJoin(`${spec.sheets} as s`, (j) => j.onRef('s.student_id', '=', 'st.id').on(`s.${spec.idCol}`, '=', item.id))
      .leftJoin(`${spec.scores} as g`, (j) => j.onRef('g.student_id', '=', 'st.id').on(`g.${spec.idCol}`, '=', item.id))
      .select(['st.id as student_id', 'st.name', 'st.nis', 's.id as sheet_id', 's.status', 's.answers', 's.submitted_at', 'g.score', 'g.detail'])
      .where('a.class_id', '=', item.class_id)
      .orderBy('st.name')
      .orderBy('st.id')
      .execute();
    // An exam sheet submitted after the window closed was submitted automatically (as item analysis counts it).
    const endTime = spec.kind === 'exam' && item.end_time != null ? fromDbTime(item.end_time).getTime() : null;
    return rows.map((r) => {
      const review = sheetReview(r.detail, r.answers);
      const submittedAt = r.submitted_at == null ? null : fromDbTime(r.submitted_at).getTime();
      return {
        student_id: Number(r.student_id),
        name: r.name as string,
        nis: r.nis as string,
        sheet_id: r.sheet_id == null ? null : Number(r.sheet_id),
        status: r.sheet_id == null ? 'Not started' : r.status === 'Inactive' ? 'Submitted' : 'In progress',
        score: r.score == null ? null : Number(r.score),
        ...review,
        auto_submitted: endTime !== null && submittedAt !== null && submittedAt > endTime,
      };
    });
  });

  app.get(`${base}/submission`, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags, summary: 'One student\'s sheet with the full content and the grade detail',
      querystring: { type: 'object', required: [spec.idCol, 'student_id'], properties: { [spec.idCol]: positiveInt, student_id: positiveInt } },
    },
  }, async (request) => {
    const q = request.query as Record<string, number>;
    const item = await requireManagedItem(request.user, q[spec.idCol]);
    const student = await db.selectFrom('students as st')
      .innerJoin('assigned_students_class as a', 'a.student_id', 'st.id')
      .select(['st.id', 'st.name', 'st.nis'])
      .where('st.id', '=', q.student_id).where('a.class_id', '=', item.class_id)
      .executeTakeFirst();
    if (!student) throw notFound('Student not found in this class');
    const [content, sheet, grade] = await Promise.all([
      contentOf(db, spec, item),
      loose(db).selectFrom(spec.sheets).select(['answers']).where(spec.idCol, '=', item.id).where('student_id', '=', student.id).executeTakeFirst(),
      gradeOf(db, spec, item.id, student.id),
    ]);
    return {
      student,
      content: app.publicImages.content(content),
      answers: sheet?.answers == null ? null : fromDbJson<Record<string, string>>(sheet.answers),
      score: grade?.score ?? null,
      detail: grade?.detail ?? null,
    };
  });

  registerUpdate(app, `${base}/essay-score`, {
    preHandler: app.requireRole('teacher', 'admin'),
    schema: {
      tags, summary: 'Set the marks of one essay (0 ≤ score ≤ marks per question) and an optional comment; recomputes the total',
      body: {
        type: 'object',
        required: [spec.idCol, 'student_id', 'number', 'score'],
        properties: {
          [spec.idCol]: positiveInt, student_id: positiveInt, number: positiveInt, score: { type: 'number', minimum: 0 },
          comment: { type: 'string', maxLength: MAX_ESSAY_COMMENT_CHARS, description: 'shown to the student; omitted keeps the current one, blank removes it' },
        },
      },
    },
  }, async (request) => {
    const body = request.body as Record<string, number> & { comment?: string };
    const item = await requireManagedItem(request.user, body[spec.idCol]);
    let grade;
    try {
      grade = await setEssayScore(db, spec, item, body.student_id, body.number, body.score, body.comment);
    } catch (e) {
      if (e instanceof GradingError) throw badRequest(e.message);
      throw e;
    }
    if (!grade) throw notFound('This answer sheet has not been graded yet');
    return gradeJson(spec, grade);
  });
}
