import crypto from 'node:crypto';
import { HashWorkerPool } from './hash-workers';

const hashWorkers = new HashWorkerPool();

function scrypt(password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions): Promise<Buffer> {
  return hashWorkers.scrypt({ password, salt, keylen, options });
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
export async function hashPassword(password: string, cost: number = costN): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N: cost, r: BLOCK, p: PARALLEL, maxmem: 256 * cost * BLOCK });
  return ['scrypt', cost, BLOCK, PARALLEL, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Timing-safe check; false for any malformed stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isInteger(N) || !Number.isInteger(R) || !Number.isInteger(P)) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, { N, r: R, p: P, maxmem: 256 * N * R });
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

let dummyHash: Promise<string> | undefined;
/** Verify against a throw-away hash so that "no such user" costs as much time as "wrong password". */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomBytes(12).toString('base64'));
  await verifyPassword(password, await dummyHash);
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A random initial password (10 characters, no look-alikes such as l/1/O/0), shown to the admin once. */
export function generateInitialPassword(length = 10): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return out;
}
