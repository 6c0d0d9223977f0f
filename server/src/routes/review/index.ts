/**
 * The teacher's to-review list of one class (docs/api.md §2.14): GET /classes/to-review?id=
 * Every exercise and the exam of the class with submitted sheets that need review (essays pending or scored
 * automatically and not yet confirmed), pending first. Who may call it: the class's managers (its current teacher,
 * admins), as for the class's grades (domain/policy.ts). The "needs review" rule is domain/review.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireClass } from '../../domain/policy';
import { classReviewList } from '../../domain/repo/review-list';
import { idQuerySchema } from '../helpers';
import { toReviewResponse } from './schemas';

export default async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/classes/to-review',
    {
      preHandler: app.requireRole('teacher', 'admin'),
      schema: {
        tags: ['classes'],
        summary:
          "The exercises and exam of a class with sheets to review, pending essays first (the class's teacher, admin)",
        querystring: idQuerySchema,
        response: toReviewResponse,
      },
    },
    async (request) => {
      const cls = await requireClass(app.db, request.user, request.query.id, 'manage');
      const items = await classReviewList(app.db, cls.id);
      return {
        class_id: cls.id,
        class_name: cls.name,
        items: items.map((i) => ({ ...i, oldest_submitted_at: i.oldest_submitted_at.toISOString() })),
      };
    },
  );
}
