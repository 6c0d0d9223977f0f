import type { FastifyInstance } from 'fastify';

/** Stub created by the server-core engineer so routes/index.ts compiles; the server-learning engineer owns this folder. */
export default async function reportsRoutes(_app: FastifyInstance) {}
