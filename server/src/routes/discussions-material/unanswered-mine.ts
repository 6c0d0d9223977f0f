import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { discussions } from '@kelasku/shared-rules/src/wire';
import { isTeacher } from '../../domain/policy';
import { unansweredTopicsOfTeacher } from '../../domain/repo/forum';

/**
 * GET /discussions-material/unanswered/mine: per class the caller teaches now, the material discussion topics no
 * teacher has answered yet (the teacher dashboard's reminder; per material: GET /discussions-material/unanswered).
 */
export function registerUnansweredOfTeacher(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/discussions-material/unanswered/mine',
    {
      preHandler: app.requireRole('teacher'),
      schema: {
        tags: ['material discussions'],
        summary: 'Per class the caller teaches: the material discussion topics no teacher has answered yet (teachers)',
        response: { 200: discussions.unansweredOfTeacherSchema },
      },
    },
    async (request) => {
      // requireRole lets only teachers through; the guard narrows the caller's type.
      const classes = isTeacher(request.user) ? await unansweredTopicsOfTeacher(app.db, request.user.teacher_id) : [];
      return { classes, total: classes.reduce((sum, c) => sum + c.unanswered, 0) };
    },
  );
}
