import crypto from 'node:crypto';
import { passwordProblems } from '@kelasku/shared-rules/src/passwords';
import { HttpError } from '../plugins/errors';
import { HashQueueFullError, HashWorkerPool, type HashPriority } from './hash-workers';

const hashWorkers = new HashWorkerPool();

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kelasku/shared-rules/src/passwords';

/**
 * What is wrong with a new password, as the end of a sentence starting "The password must be …"; undefined when it
 * follows the rule (shared-rules' passwordProblems: the change screen lists the same rules).
 */
export function newPasswordProblem(password: string): string | undefined {
  return passwordProblems(password)[0]?.text;
}

/** How many sign-in password checks may wait for a hashing thread before new ones are refused. */
export const SIGN_IN_QUEUE_CAPACITY = hashWorkers.maxWaiting;

/** What the hashing threads are doing now, for the metrics: jobs waiting per priority and threads hashing. */
export function passwordHashLoad(): { signinWaiting: number; backgroundWaiting: number; running: number } {
  return {
    signinWaiting: hashWorkers.waitingCount('signin'),
    backgroundWaiting: hashWorkers.waitingCount('background'),
    running: hashWorkers.runningCount,
  };
}

/** How long a client refused for a full sign-in queue is asked to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** The answer when sign-in hashing is saturated: 503, to be sent with Retry-After: BUSY_RETRY_AFTER_SECONDS. */
export function signInBusy(): HttpError {
  return new HttpError(503, 'The server is busy signing others in, please try again in a moment', {
    code: 'server-busy',
  });
}

async function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
  priority: HashPriority,
): Promise<Buffer> {
  try {
    return await hashWorkers.scrypt({ password, salt, keylen, options }, priority);
  } catch (error) {
    if (error instanceof HashQueueFullError) throw signInBusy();
    throw error;
  }
}

/**
 * scrypt cost N (r=8, p=1): 2^14 ≈ 16 MB and ~50–150 ms on the project machines — a balance between brute-force
 * cost and hundreds of students signing in the same minute on 2 cores. Each hash stores its own parameters, so the
 * cost can be raised later without breaking old hashes. Tests lower it with setPasswordHashCost.
 */
let costN = 1 << 14;
const BLOCK = 8;
const PARALLEL = 1;
const KEYLEN = 32;

export function setPasswordHashCost(n: number): void {
  costN = n;
}

/**
 * `scrypt$N$r$p$salt(base64)$hash(base64)` with a fresh 16-byte salt. `cost` overrides N: only for machine-generated
 * random secrets (≥ 90 bits, never shown), where a slow hash adds nothing (e.g. demo accounts nobody knows).
 */
export async function hashPassword(
  password: string,
  cost: number = costN,
  priority: HashPriority = 'background',
): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(
    password,
    salt,
    KEYLEN,
    { N: cost, r: BLOCK, p: PARALLEL, maxmem: 256 * cost * BLOCK },
    priority,
  );
  return ['scrypt', cost, BLOCK, PARALLEL, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * Hashes many passwords (a student import) without crowding out sign-ins: a batch of one job per hashing thread at a
 * time, at background priority, so a sign-in never waits behind more than the hashes already running. The full
 * cost is kept: these passwords are shown to people and typed in by students, so they need the same brute-force
 * resistance as any other.
 */
export async function hashPasswordsInBatches(passwords: readonly string[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += hashWorkers.size) {
    const batch = passwords.slice(i, i + hashWorkers.size);
    hashes.push(...(await Promise.all(batch.map((p) => hashPassword(p)))));
  }
  return hashes;
}

/** Timing-safe check; false for any malformed stored value. */
export async function verifyPassword(
  password: string,
  stored: string,
  priority: HashPriority = 'background',
): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isInteger(N) || !Number.isInteger(R) || !Number.isInteger(P)) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(
    password,
    Buffer.from(saltText, 'base64'),
    expected.length,
    { N, r: R, p: P, maxmem: 256 * N * R },
    priority,
  );
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/**
 * A stored-hash look-alike with today's parameters and random bytes: checking a password against it costs exactly
 * one scrypt run, like checking a real account, and can never succeed. Nothing is hashed to make it.
 */
function unknownAccountHash(): string {
  const random = (n: number) => crypto.randomBytes(n).toString('base64');
  return ['scrypt', costN, BLOCK, PARALLEL, random(16), random(KEYLEN)].join('$');
}

/**
 * A sign-in's password check, at sign-in priority (bounded queue: HttpError 503 when full). `stored` is undefined
 * for an unknown username, which then costs the same one scrypt run as a wrong password: no timing oracle.
 */
export async function checkSignInPassword(
  password: string,
  stored: string | undefined,
  priority: HashPriority = 'signin',
): Promise<boolean> {
  const ok = await verifyPassword(password, stored ?? unknownAccountHash(), priority);
  return ok && stored !== undefined;
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A random initial password (10 characters, no look-alikes such as l/1/O/0), shown to the admin once. */
export function generateInitialPassword(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return out;
}
