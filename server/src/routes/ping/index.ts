import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

/** GET /ping → text `pong` (no auth), docs/api.md §1.1. */
export default async function pingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/ping',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness probe (plain text "pong")',
        // A plain-text reply: described per content type, so no JSON serializer touches it.
        response: { 200: { description: 'pong', content: { 'text/plain': { schema: Type.String() } } } },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'),
  );
}
