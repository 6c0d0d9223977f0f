import type { FastifyInstance } from 'fastify';
import { registerForumRoutes } from '../forum-routes';

/** General discussions: /discussions and /discussions/reply (docs/api.md §2.6). */
export default async function discussionsRoutes(app: FastifyInstance) {
  registerForumRoutes(app, 'general', '/discussions');
}
