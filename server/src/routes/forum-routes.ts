/**
 * Routes shared by /discussions (general forum) and /discussions-material (per material; its replies also at
 * /materials/reply), docs/api.md §2.6–2.7.
 * - read: general → students, teachers and admins; material → admins, the class's teacher and students assigned to
 *   the class;
 * - create: students only; reply: students, and teachers (general: any teacher; a material's discussion: the class's
 *   current teacher); the author always from the token (the body's student_id and student_name are ignored);
 * - edit: the author only; delete a post: its student author (while they may still read the post), an admin, or in a
 *   material's discussion the class's current teacher; one reply: the same, or its teacher author (domain/policy.ts);
 * - empty reply → 400 "Replies cannot be empty"; a text past its cap in bytes → 400 `text-too-large`; a reply past a
 *   discussion's caps (domain/limits.ts) → 409;
 * - lists: pages of at most MAX_DISCUSSION_PAGE_SIZE discussions, so a page stays within MAX_PAGE_BYTES.
 * Topic, description and replies are plain text, stored exactly as typed (topic and replies trimmed): views render
 * them as text, never as HTML, so nothing a student types is rewritten ("x<y & z" stays "x<y & z").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject } from 'typebox';
import {
  assignmentToCheck,
  NOT_ASSIGNED,
  requireForumRead,
  requireMaterial,
  requirePlace,
  requirePost,
  requireReply,
  requireReplyDelete,
  requireStudentId,
} from '../domain/policy';
import {
  appendReply,
  createDiscussion,
  deleteDiscussion,
  deleteReply,
  discussionFacts,
  DISCUSSION_FULL,
  getDiscussion,
  listDiscussions,
  materialDiscussions,
  updateDiscussion,
  type PostText,
} from '../domain/repo/forum';
import {
  DEFAULT_DISCUSSION_PAGE_SIZE,
  MAX_DESCRIPTION_BYTES,
  MAX_DISCUSSION_PAGE_SIZE,
  MAX_REPLIES_PER_POST,
  MAX_REPLY_BYTES,
  MAX_REPLY_BYTES_PER_POST,
  MAX_TOPIC_BYTES,
} from '../domain/limits';
import { requireTextBytes } from '../domain/text-caps';
import type { ForumKind } from '../db/schema';
import { badRequest, conflict, forbidden, recordNotFound } from '../plugins/errors';
import {
  idQuerySchema,
  idSchema,
  MAX_ID,
  messageResponse,
  pageMeta,
  type Paging,
  pagingProperties,
  pagingQuerySchema,
  parsePaging,
  UPDATE_METHODS,
} from './helpers';
import { discussionListResponse } from './read-schemas';
import { discussionResponse } from './forum-schemas';

/** An id of another kind than the query's usual one, named in the OpenAPI document. */
const describedId = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description });

const postBody = Type.Object({
  topic: Type.String({ minLength: 1, description: `at most ${MAX_TOPIC_BYTES} bytes` }),
  description: Type.String({ description: `at most ${MAX_DESCRIPTION_BYTES} bytes` }),
  material_id: Type.Optional(idSchema),
  student_id: Type.Optional(Type.Unknown({ description: 'ignored: the author comes from the token' })),
  replies: Type.Optional(Type.Unknown({ description: 'ignored on create' })),
});

/** The material forum's: material_id required. */
const materialPostBody = Type.Object({ ...postBody.properties, material_id: idSchema });

const materialListQuery = Type.Object({ id: describedId('material id'), ...pagingProperties });

const replyBody = Type.Object({
  replies: Type.String({ description: `the reply text, at most ${MAX_REPLY_BYTES} bytes` }),
  student_id: Type.Optional(Type.Unknown({ description: 'ignored: the replier comes from the token' })),
  student_name: Type.Optional(Type.Unknown({ description: 'ignored: the name comes from the database' })),
});

function clean(body: Static<typeof postBody>): PostText {
  const topic = body.topic.trim();
  if (!topic) throw badRequest('topic must not be empty', { code: 'validation-empty', params: { field: 'topic' } });
  requireTextBytes('topic', topic, MAX_TOPIC_BYTES);
  requireTextBytes('description', body.description, MAX_DESCRIPTION_BYTES);
  return { topic, description: body.description };
}

/** A forum's page: its own largest size (and default), so one page of discussions with their replies stays bounded. */
const forumPaging = (query: unknown) => parsePaging(query, DEFAULT_DISCUSSION_PAGE_SIZE, MAX_DISCUSSION_PAGE_SIZE);

const label = (kind: ForumKind) => (kind === 'general' ? 'discussions' : 'material discussions');

/** The reply route (PUT and PATCH), also mounted at /materials/reply for the material forum. */
export function registerReplyRoute(fastify: FastifyInstance, kind: ForumKind, url: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({
    method: UPDATE_METHODS,
    url,
    preHandler: app.requireRole('student', 'admin', 'teacher'),
    schema: {
      tags: [label(kind)],
      summary: 'Append a reply (one atomic insert)',
      querystring: idQuerySchema,
      body: replyBody,
      response: discussionResponse,
    },
    handler: async (request) => {
      const { id } = request.query;
      const author = await requireReply(app.db, request.user, kind, id);
      const text = request.body.replies.trim();
      if (!text)
        throw badRequest('Replies cannot be empty', { code: 'validation-empty', params: { field: 'replies' } });
      requireTextBytes('replies', text, MAX_REPLY_BYTES);
      const inserted = await appendReply(app.db, kind, id, author, text);
      if (inserted === DISCUSSION_FULL) {
        throw conflict(
          `This discussion is full (at most ${MAX_REPLIES_PER_POST} replies and ${MAX_REPLY_BYTES_PER_POST} bytes of replies). Start a new discussion instead.`,
          {
            code: 'discussion-full',
            params: { maxReplies: MAX_REPLIES_PER_POST, maxBytes: MAX_REPLY_BYTES_PER_POST },
          },
        );
      }
      if (!inserted) {
        const facts = await discussionFacts(app.db, kind, id);
        if (!facts) throw recordNotFound('discussion', 'Discussion not found');
        if ('student_id' in author) throw forbidden(NOT_ASSIGNED, { code: 'not-assigned-to-class' });
        throw forbidden('Forbidden: this class is not yours');
      }
      return getDiscussion(app.db, kind, id);
    },
  });
}

/**
 * One forum's routes at `base`: list, create, edit and delete a discussion, and append or delete a reply. The material
 * forum's list and create name their material (a required id); the general forum's do not.
 */
export function registerForumRoutes(fastify: FastifyInstance, kind: ForumKind, base: string) {
  registerDiscussionList(fastify, kind, base);
  registerDiscussionCreate(fastify, kind, base);
  registerDiscussionEditAndDelete(fastify, kind, base);
  registerReplyRoute(fastify, kind, `${base}/reply`);
  registerReplyDelete(fastify, kind, base);
}

/** The list of discussions, a page at a time, newest first. */
function registerDiscussionList(fastify: FastifyInstance, kind: ForumKind, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [label(kind)];

  const listSchema = <Query extends TObject>(querystring: Query) => ({
    tags,
    summary: `List ${label(kind)}, newest first, with replies`,
    querystring,
    response: discussionListResponse,
  });
  const list = async (user: FastifyRequest['user'], query: Static<typeof pagingQuerySchema>) => {
    await requireForumRead(db, user, kind);
    const paging = forumPaging(query);
    const { items, total } = await listDiscussions(db, kind, paging);
    return { discussions: items, meta: pageMeta(paging, total) };
  };
  /**
   * The material forum's list, one statement (domain/repo/forum.ts materialDiscussions): the session check, the
   * material's access facts and the page, written as JSON by the database. The session is confirmed first (a stale
   * one answers 401 before any 403 or 404), then policy.ts decides as requireForumRead does, then the page goes out as
   * it came: the same bytes the response schema's serializer wrote from the objects (tested in material-list.test.ts).
   */
  const materialList = (request: FastifyRequest, query: Static<typeof materialListQuery>) =>
    app.readWithSession(request, undefined, async (user) => {
      let paging: Paging;
      try {
        paging = forumPaging(query);
      } catch (e) {
        await requireForumRead(db, user, kind, query.id); // a 403 or 404 still comes before the 400, as it always did
        throw e;
      }
      const page = await materialDiscussions(db, query.id, paging, assignmentToCheck(user), user.user_id);
      await app.confirmSession(request, page?.session);
      requirePlace(user, page?.material, page?.assigned ?? false, 'read', 'material');
      return `{"discussions":${page!.discussionsJson},"meta":${JSON.stringify(pageMeta(paging, page!.total))}}`;
    });

  if (kind === 'general') {
    app.get(base, { schema: listSchema(pagingQuerySchema) }, (request) => list(request.user, request.query));
  } else {
    app.get(
      base,
      { config: { session: 'in-statement' }, schema: listSchema(materialListQuery) },
      async (request, reply) => {
        // already JSON: sent as it is (Fastify does not serialize a string whose content type is JSON)
        const json = await materialList(request, request.query);
        return reply.type('application/json; charset=utf-8').send(json as never); // the typed payload is the object it spells
      },
    );
  }
}

/** A student asks a question. */
function registerDiscussionCreate(fastify: FastifyInstance, kind: ForumKind, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [label(kind)];

  const createOptions = <Body extends TObject>(body: Body) => ({
    preHandler: app.requireRole('student', 'admin'),
    schema: { tags, summary: 'Ask a question (students)', body, response: discussionResponse },
  });
  const create = async (user: FastifyRequest['user'], body: Static<typeof postBody>, materialId?: number) => {
    const studentId = requireStudentId(user, 'start a discussion');
    if (materialId !== undefined) await requireMaterial(db, user, materialId, 'contribute');
    return getDiscussion(db, kind, await createDiscussion(db, kind, studentId, clean(body), materialId));
  };

  if (kind === 'general') {
    app.post(base, createOptions(postBody), (request) => create(request.user, request.body));
  } else {
    app.post(base, createOptions(materialPostBody), (request) =>
      create(request.user, request.body, request.body.material_id),
    );
  }
}

/** The author edits a question; the author, an admin or the class's teacher deletes it. */
function registerDiscussionEditAndDelete(fastify: FastifyInstance, kind: ForumKind, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [label(kind)];

  app.route({
    method: UPDATE_METHODS,
    url: base,
    preHandler: app.requireRole('student', 'admin'),
    schema: {
      tags,
      summary: 'Edit a question (author only)',
      querystring: idQuerySchema,
      body: postBody,
      response: discussionResponse,
    },
    handler: async (request) => {
      const { id } = request.query;
      await requirePost(db, request.user, kind, id, 'edit');
      await updateDiscussion(db, kind, id, clean(request.body));
      return getDiscussion(db, kind, id);
    },
  });

  const postDeleters =
    kind === 'material' ? app.requireRole('student', 'admin', 'teacher') : app.requireRole('student', 'admin');
  app.delete(
    base,
    {
      preHandler: postDeleters,
      schema: {
        tags,
        summary: 'Delete a question with its replies and reports (author, admin, class teacher)',
        querystring: idQuerySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { id } = request.query;
      await requirePost(db, request.user, kind, id, 'delete');
      await deleteDiscussion(db, kind, id);
      return { message: 'Discussion deleted successfully' };
    },
  );
}

/** One reply goes, with the reports on it: by its author, an admin or the class's teacher. */
function registerReplyDelete(fastify: FastifyInstance, kind: ForumKind, base: string) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.db;
  const tags = [label(kind)];

  app.delete(
    `${base}/reply`,
    {
      preHandler: app.requireRole('student', 'admin', 'teacher'),
      schema: {
        tags,
        summary: 'Delete one reply and the reports on it (its author, admin, class teacher)',
        querystring: Type.Object({
          id: describedId('discussion id'),
          reply_id: Type.String({ minLength: 1, maxLength: 36 }),
        }),
        response: discussionResponse,
      },
    },
    async (request) => {
      const { id, reply_id } = request.query;
      await requireReplyDelete(db, request.user, kind, id, reply_id);
      if (!(await deleteReply(db, kind, id, reply_id))) throw recordNotFound('reply', 'Reply not found');
      return getDiscussion(db, kind, id);
    },
  );
}
