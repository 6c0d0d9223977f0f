import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { allMigrations } from '../../db/migrate';
import { appliedMigrations, databaseAnswers, isMissingMigrationTable } from '../../domain/repo/health';
import { SharedAttemptCounters } from '../../lib/attempt-counters';

/**
 * Probes for load balancers and supervisors, unauthenticated and cheap (no body, no hashing, one `select` at most):
 *
 * - GET /health/live: the process answers (restart it when this fails);
 * - GET /health/ready: it should get traffic: the database answers and holds every migration this version knows,
 *   and the node is not shutting down. 503 otherwise. Redis is reported, never a reason to be unready: without it the
 *   sign-in counters fall back to in-process ones and everything keeps working.
 */
const readySchema = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('not migrated')]),
  redis: Type.Union([Type.Literal('connected'), Type.Literal('unreachable'), Type.Literal('not configured')]),
  stopping: Type.Boolean(),
});

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const expected = Object.keys(allMigrations(app.dbKind));
  // Migrations only ever go forward while a node runs, so once complete the check is `select 1` alone.
  let migrated = false;

  async function databaseState(): Promise<'ok' | 'unreachable' | 'not migrated'> {
    try {
      if (migrated) {
        await databaseAnswers(app.db);
        return 'ok';
      }
      const done = new Set(await appliedMigrations(app.db));
      migrated = expected.every((name) => done.has(name));
      return migrated ? 'ok' : 'not migrated';
    } catch (error) {
      // no migration table yet is "not migrated"; anything else means the database did not answer
      return isMissingMigrationTable(error) ? 'not migrated' : 'unreachable';
    }
  }

  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('live') }) },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable and migrated, not shutting down (503 otherwise); Redis reported',
        security: [],
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const counters = app.attemptCounters;
      const redis =
        counters instanceof SharedAttemptCounters
          ? counters.redisConnected
            ? 'connected'
            : 'unreachable'
          : 'not configured';
      const database = await databaseState();
      const stopping = app.lifecycle.stopping;
      const ready = database === 'ok' && !stopping;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database, redis, stopping });
    },
  );
}
