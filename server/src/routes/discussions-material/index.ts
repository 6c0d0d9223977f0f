import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { discussions } from '@kelasku/shared-rules/src/wire';
import { requireClass } from '../../domain/policy';
import { unansweredTopics } from '../../domain/repo/forum';
import { idSchema } from '../helpers';
import { registerForumRoutes } from '../forum-routes';
import { registerUnansweredOfTeacher } from './unanswered-mine';

/** Material discussions: /discussions-material and /discussions-material/reply (docs/api.md §2.7). */
export default async function discussionsMaterialRoutes(fastify: FastifyInstance) {
  registerForumRoutes(fastify, 'material', '/discussions-material');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/discussions-material/unanswered',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags: ['material discussions'],
        summary: 'Per material of a class: the discussion topics no teacher has answered yet (its teacher, admins)',
        querystring: Type.Object({ class_id: idSchema }),
        response: { 200: discussions.unansweredSchema },
      },
    },
    async (request) => {
      await requireClass(app.db, request.user, request.query.class_id, 'manage');
      const materials = await unansweredTopics(app.db, request.query.class_id);
      return { materials, total: materials.reduce((sum, m) => sum + m.unanswered, 0) };
    },
  );
  registerUnansweredOfTeacher(fastify);
}
