import type { FastifyPluginAsync } from 'fastify';

/**
 * Mark a plugin as not encapsulated, so its decorators and hooks reach the whole app.
 * This is what the `fastify-plugin` package does (it sets the same well-known symbol); that package is not a
 * declared dependency of the server, so we set the symbol ourselves instead of importing a hoisted transitive one.
 */
export function globalPlugin<T extends Record<string, unknown>>(plugin: FastifyPluginAsync<T>, name: string): FastifyPluginAsync<T> {
  const marked = plugin as FastifyPluginAsync<T> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
