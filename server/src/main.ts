/**
 * Start the server: config from env (docs/contracts.md §1), migrate, demo seed when enabled and empty, listen.
 *   npm start                  (builds what changed, then node server/dist/main.js)
 *   node server/dist/main.js   (production, after `npm run build`: one process, signals reach it directly)
 *   npm run dev                (the sources through tsx, restarted on change)
 */
import { buildApp } from './app';
import { appOptionsFromConfig, ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './db/seed-demo';
import { hasAdmin } from './domain/repo/admin-accounts';

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
  const { newerMigrations } = await migrateToLatest(handle.db, handle.kind);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(handle.db) : false;

  const app = await buildApp({ db: handle.db, dbKind: handle.kind, closeDb: true, ...appOptionsFromConfig(config) });

  // SIGTERM (systemd, a container, a rolling upgrade): readiness turns 503, the listener closes, requests already
  // accepted finish (answer saves waiting for their grouped commit included), then jobs, Redis and the database pool
  // close. Bounded: after SHUTDOWN_TIMEOUT_MS the process exits anyway, with status 1.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.stopping = true;
    app.log.warn(
      `${signal} received: finishing accepted requests (at most ${config.shutdownTimeoutMs} ms), then closing`,
    );
    const deadline = setTimeout(() => {
      app.log.error(`still closing after ${config.shutdownTimeoutMs} ms: exiting now`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error(`closing failed: ${(error as Error).message}`);
      process.exit(1);
    }
    app.log.warn('closed');
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
  if (newerMigrations.length > 0) {
    app.log.warn(
      `The database already has a newer release's migrations (${newerMigrations.join(', ')}): this node serves it as it is. Upgrade this node next.`,
    );
  }
  if (!(await hasAdmin(handle.db))) {
    app.log.warn(
      'No admin account yet, so nobody can sign in. Create one with the same environment as this server: ' +
        '`node server/dist/admin.js create <name>` (or `npm run admin -- create <name>` in a checkout); it asks for the password.',
    );
  }
}

main().catch((err) => {
  console.error('Kelasku failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
