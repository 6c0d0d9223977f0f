import type { FastifyInstance } from 'fastify';

/** GET /ping → text `pong` (no auth), docs/api.md §1.1. */
export default async function pingRoutes(app: FastifyInstance) {
  app.get('/ping', { schema: { tags: ['health'], summary: 'Liveness probe (plain text "pong")' } }, async (_request, reply) => {
    return reply.type('text/plain; charset=utf-8').send('pong');
  });
}
