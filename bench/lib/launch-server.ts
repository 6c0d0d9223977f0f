/**
 * Fallback launcher used only while server/src/main.ts does not exist yet: the same app (buildApp) on the same
 * database settings, without the demo seed. bench/lib/server.ts prefers the real main.ts.
 */
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connectDatabase } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';

async function main() {
  const config = loadConfig();
  const handle = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(handle.db, handle.kind);
  const app = await buildApp({
    db: handle.db,
    dbKind: handle.kind,
    closeDb: true,
    jwtSecret: config.jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    examAutoSubmit: config.examAutoSubmit,
  });
  await app.listen({ port: config.port, host: config.host });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
