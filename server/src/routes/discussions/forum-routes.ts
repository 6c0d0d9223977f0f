/**
 * Routes shared by /discussions (general forum) and /discussions-material (per material), docs/api.md §2.6–2.7.
 * - read: general → students and admins; material → admins, the class's teacher and students assigned to the class;
 * - create: students only; reply: students and, in a material's discussion, the class's current teacher (the
 *   author always from the token; the body's student_id and student_name are ignored);
 * - edit: the author only; delete a post or one reply: its student author (while they may still read the post), an
 *   admin, or in a material's discussion the class's current teacher (domain/policy.ts);
 * - empty reply → 400 "Replies cannot be empty"; a reply past a discussion's caps (domain/limits.ts) → 409.
 * Topic, description and replies are plain text, stored exactly as typed (topic and replies trimmed): views render
 * them as text, never as HTML, so nothing a student types is rewritten ("x<y & z" stays "x<y & z").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireForumRead, requireMaterial, requirePost, requireReply, requireReplyDelete, requireStudentId } from '../../domain/policy';
import { appendReply, deleteDiscussion, deleteReply, discussionFacts, DISCUSSION_FULL, getDiscussion, listDiscussions } from '../../domain/repo/forum';
import { MAX_DESCRIPTION_CHARS, MAX_REPLIES_PER_POST, MAX_REPLY_CHARS, MAX_REPLY_CHARS_PER_POST, MAX_TOPIC_CHARS } from '../../domain/limits';
import type { ForumKind } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { idQuerySchema, idSchema, pageMeta, pagingProperties, parsePaging, registerUpdate, type IdQuery } from '../helpers';
import { discussionListResponse } from '../read-schemas';

const postBody = {
  type: 'object',
  required: ['topic', 'description'],
  properties: {
    topic: { type: 'string', minLength: 1, maxLength: MAX_TOPIC_CHARS },
    description: { type: 'string', maxLength: MAX_DESCRIPTION_CHARS },
    material_id: idSchema,
    student_id: { description: 'ignored: the author comes from the token' },
    replies: { description: 'ignored on create' },
  },
} as const;

const replyBody = {
  type: 'object',
  required: ['replies'],
  properties: {
    replies: { type: 'string', maxLength: MAX_REPLY_CHARS, description: 'the reply text' },
    student_id: { description: 'ignored: the replier comes from the token' },
    student_name: { description: 'ignored: the name comes from the database' },
  },
} as const;

interface PostBody {
  topic: string;
  description: string;
  material_id?: number;
}

function clean(body: PostBody) {
  const topic = body.topic.trim();
  if (!topic) throw badRequest('topic must not be empty');
  return { topic, description: body.description };
}

const label = (kind: ForumKind) => (kind === 'general' ? 'discussions' : 'material discussions');

/** The reply handler, also mounted at /materials/reply for the material forum. */
export function replyHandler(app: FastifyInstance, kind: ForumKind) {
  return async (request: FastifyRequest) => {
    const { id } = request.query as IdQuery;
    const { replies } = request.body as { replies: string };
    const author = await requireReply(app.db, request.user, kind, id);
    const text = replies.trim();
    if (!text) throw badRequest('Replies cannot be empty');
    const inserted = await appendReply(app.db, kind, id, author, text);
    if (inserted === DISCUSSION_FULL) {
      throw conflict(`This discussion is full (at most ${MAX_REPLIES_PER_POST} replies and ${MAX_REPLY_CHARS_PER_POST.toLocaleString('en')} characters of replies). Start a new discussion instead.`);
    }
    if (!inserted) {
      const facts = await discussionFacts(app.db, kind, id);
      if (!facts) throw notFound('Discussion not found');
      throw forbidden('student_id' in author ? 'Forbidden: you are not assigned to this class' : 'Forbidden: this class is not yours');
    }
    return getDiscussion(app.db, kind, id);
  };
}

export function replyRouteOptions(app: FastifyInstance, kind: ForumKind) {
  return {
    preHandler: kind === 'material' ? app.requireRole('student', 'admin', 'teacher') : app.requireRole('student', 'admin'),
    schema: { tags: [label(kind)], summary: 'Append a reply (one atomic insert)', querystring: idQuerySchema, body: replyBody },
  };
}

export function registerForumRoutes(app: FastifyInstance, kind: ForumKind, base: string) {
  const db = app.db;
  const tags = [label(kind)];
  const listQuery = kind === 'general'
    ? { type: 'object', properties: pagingProperties }
    : { type: 'object', required: ['id'], properties: { id: { ...idSchema, description: 'material id' }, ...pagingProperties } };

  app.get(base, {
    preHandler: app.authenticate,
    schema: { tags, summary: `List ${label(kind)}, newest first, with replies`, querystring: listQuery, response: discussionListResponse },
  }, async (request) => {
    const materialId = kind === 'material' ? (request.query as IdQuery).id : undefined;
    await requireForumRead(db, request.user, kind, materialId);
    const paging = parsePaging(request.query);
    const { items, total } = await listDiscussions(db, kind, paging, materialId);
    return { discussions: items, meta: pageMeta(paging, total) };
  });

  app.post(base, {
    preHandler: app.requireRole('student', 'admin'),
    schema: { tags, summary: 'Ask a question (students)', body: kind === 'general' ? postBody : { ...postBody, required: [...postBody.required, 'material_id'] } },
  }, async (request) => {
    const body = request.body as PostBody;
    const studentId = requireStudentId(request.user, 'start a discussion');
    const values = { ...clean(body), student_id: studentId };
    let id: number;
    if (kind === 'general') {
      id = (await db.insertInto('general_forum').values(values).returning('id').executeTakeFirstOrThrow()).id;
    } else {
      await requireMaterial(db, request.user, body.material_id!, 'read');
      id = (await db.insertInto('material_forum').values({ ...values, material_id: body.material_id! }).returning('id').executeTakeFirstOrThrow()).id;
    }
    return getDiscussion(db, kind, id);
  });

  registerUpdate(app, base, {
    preHandler: app.requireRole('student', 'admin'),
    schema: { tags, summary: 'Edit a question (author only)', querystring: idQuerySchema, body: postBody },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    await requirePost(db, request.user, kind, id, 'edit');
    const values = { ...clean(request.body as PostBody), updated_at: toDbTime() };
    if (kind === 'general') await db.updateTable('general_forum').set(values).where('id', '=', id).execute();
    else await db.updateTable('material_forum').set(values).where('id', '=', id).execute();
    return getDiscussion(db, kind, id);
  });

  const deleters = kind === 'material' ? app.requireRole('student', 'admin', 'teacher') : app.requireRole('student', 'admin');
  app.delete(base, {
    preHandler: deleters,
    schema: { tags, summary: 'Delete a question with its replies and reports (author, admin, class teacher)', querystring: idQuerySchema },
  }, async (request) => {
    const { id } = request.query as IdQuery;
    await requirePost(db, request.user, kind, id, 'delete');
    await deleteDiscussion(db, kind, id);
    return { message: 'Discussion deleted successfully' };
  });

  registerUpdate(app, `${base}/reply`, replyRouteOptions(app, kind), replyHandler(app, kind));

  app.delete(`${base}/reply`, {
    preHandler: deleters,
    schema: {
      tags,
      summary: 'Delete one reply and the reports on it (its author, admin, class teacher)',
      querystring: { type: 'object', required: ['id', 'reply_id'], properties: { id: { ...idSchema, description: 'discussion id' }, reply_id: { type: 'string', minLength: 1, maxLength: 36 } } },
    },
  }, async (request) => {
    const { id, reply_id } = request.query as { id: number; reply_id: string };
    await requireReplyDelete(db, request.user, kind, id, reply_id);
    if (!(await deleteReply(db, kind, id, reply_id))) throw notFound('Reply not found');
    return getDiscussion(db, kind, id);
  });
}
