/**
 * Start the server: config from env (docs/contracts.md §1), migrate, demo seed when enabled and empty, listen.
 *   npm start -w server      (or: npx tsx server/src/main.ts)
 */
import { buildApp } from './app';
import { appOptionsFromConfig, ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './db/seed-demo';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Kelasku cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const handle = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(handle.db, handle.kind);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(handle.db) : false;

  const app = await buildApp({ db: handle.db, dbKind: handle.kind, closeDb: true, ...appOptionsFromConfig(config) });

  const shutdown = async (signal: string) => {
    app.log.warn(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const database = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${config.sqliteFile}`;
  const docs = config.apiDocs ? ', docs /api/docs' : '';
  console.log(`Kelasku is running at http://${shownHost}:${config.port}/  (API /api/v1${docs}, database: ${database})`);
  if (config.seedDemo) {
    console.log(seeded ? 'Demo data created. Demo accounts:' : 'Demo accounts (if the demo data is still there):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(8)} ${a.username.padEnd(20)} ${a.password}`);
  }
}

main().catch((err) => {
  console.error('Kelasku failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
