import type { FastifyInstance } from 'fastify';
import { registerForumRoutes, registerReplyRoute } from '../discussions/forum-routes';

/** Material discussions: /discussions-material and /discussions-material/reply (docs/api.md §2.7). */
export default async function discussionsMaterialRoutes(app: FastifyInstance) {
  registerForumRoutes(app, 'material', '/discussions-material');
}

/** The `/materials/reply` alias (FE posts material replies there); registered by the materials plugin. */
export function registerMaterialReply(app: FastifyInstance, url: string) {
  registerReplyRoute(app, 'material', url);
}
