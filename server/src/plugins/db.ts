import type { FastifyInstance } from 'fastify';
import type { Db, DbKind } from '../db/connect';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Kysely instance (typed `Database`). */
    db: Db;
    dbKind: DbKind;
  }
}

export interface DbPluginOptions extends Record<string, unknown> {
  db: Db;
  kind: DbKind;
  /** Close the database when the app closes (true when the app created it). */
  closeOnExit?: boolean;
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
  app.decorate('db', options.db);
  app.decorate('dbKind', options.kind);
  if (options.closeOnExit) app.addHook('onClose', async () => options.db.destroy());
}

export default fp(dbPlugin, { name: 'kelasku-db' });
