/**
 * The first admin of a new installation, and a way back in when a school is locked out:
 *
 *   npm run admin -- create <name> [--email <address>]      (production: node server/dist/admin.js create <name>)
 *   npm run admin -- reset <name>
 *
 * It works on the database the environment names, like the server (DATABASE_URL, else DATA_DIR's SQLite file), and
 * brings its schema up to date first, so it can run before the server's first start. The password is read from a
 * prompt or standard input (read-password.ts), never from the arguments, and must follow the accounts' password rule.
 * A reset ends every session of that admin and its sign-in attempt counters.
 */
import { databaseLocation } from '../config';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { loginNameProblem, normalizeLoginName } from '../domain/login-names';
import { AdminAccountError, adminEmail, createAdmin, resetAdminPassword } from '../domain/repo/admin-accounts';
import { hashPassword, newPasswordProblem } from '../lib/passwords';
import { readNewPassword } from './read-password';

const USAGE = `Usage:
  npm run admin -- create <name> [--email <address>]   create an admin account
  npm run admin -- reset <name>                        give an admin a new password (ends its sessions)
(production: node server/dist/admin.js create <name>)
The password is asked for (or read from the first line of standard input); never put it on the command line.`;

/** users.username is varchar(100). */
const NAME_MAX_LENGTH = 100;

interface Command {
  action: 'create' | 'reset';
  name: string;
  email?: string;
}

class UsageError extends Error {}

function parseArguments(args: readonly string[]): Command {
  const [action, rawName, ...rest] = args;
  if (action !== 'create' && action !== 'reset')
    throw new UsageError(action ? `unknown command "${action}"` : 'no command given');
  if (rawName === undefined || rawName.startsWith('--')) throw new UsageError(`${action} needs the account's name`);
  let email: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--email' && action === 'create' && rest[i + 1] !== undefined)
      email = rest[++i].trim().toLowerCase();
    else if (rest[i] === '--password' || rest[i].startsWith('--password=')) {
      throw new UsageError(
        'a password on the command line would stay in the shell history: type it at the prompt or pipe it to standard input',
      );
    } else throw new UsageError(`unexpected argument "${rest[i]}"`);
  }
  const name = normalizeLoginName(rawName);
  const problem = loginNameProblem(name);
  if (problem) throw new UsageError(`the name ${problem.text}`);
  if (Array.from(name).length > NAME_MAX_LENGTH)
    throw new UsageError(`the name must be at most ${NAME_MAX_LENGTH} characters long`);
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email))
    throw new UsageError(`"${email}" is not an e-mail address`);
  return { action, name, email };
}

async function run(args: readonly string[]): Promise<string> {
  const command = parseArguments(args);
  const password = await readNewPassword(command.name);
  const problem = newPasswordProblem(password);
  if (problem) throw new AdminAccountError(`the password must be ${problem}; nothing was changed`);

  const where = databaseLocation();
  const handle = connectDatabase({ databaseUrl: where.databaseUrl, sqliteFile: where.sqliteFile, poolSize: 2 });
  try {
    await migrateToLatest(handle.db, handle.kind);
    const passwordHash = await hashPassword(password);
    if (command.action === 'create') {
      await createAdmin(handle.db, {
        username: command.name,
        email: command.email ?? adminEmail(command.name),
        passwordHash,
      });
      return `Admin "${command.name}" created. Sign in with this name and the password you typed.`;
    }
    await resetAdminPassword(handle.db, command.name, passwordHash);
    return `New password set for admin "${command.name}"; its other sessions have ended.`;
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: Error) => {
    console.error(`kelasku admin: ${error.message}`);
    if (error instanceof UsageError) console.error(USAGE);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
