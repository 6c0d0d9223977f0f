/**
 * A test app (fresh SQLite file, or a fresh PostgreSQL schema when DATABASE_URL is set) listening on a real port, in a
 * process of its own: started by live-server.ts, so a test can see whether a request ends the process. Prints one
 * line `{"port":…,"tokens":{…}}` once it listens; closes (and drops its schema) on SIGTERM.
 */
import { buildTestApp } from '../helpers';

async function main() {
  const t = await buildTestApp();
  const tokens = Object.fromEntries(
    await Promise.all((['admin', 'teacher', 'student'] as const).map(async (who) => [who, await t.tokenFor(who)])),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.once('SIGTERM', () => void t.close().then(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify({ port, tokens })}\n`);
}

void main();
