import crypto from 'node:crypto';
import fs from 'node:fs';
import { HashWorkerPool } from './hash-workers';
import { hashPassword, setPasswordHashCost, verifyPassword } from './passwords';

beforeAll(() => setPasswordHashCost(1 << 10));

it('verifies the right password and refuses a wrong one or a malformed stored value', async () => {
  const stored = await hashPassword('rahasia-123');
  expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[^$]+\$[^$]+$/);
  expect(await verifyPassword('rahasia-123', stored)).toBe(true);
  expect(await verifyPassword('rahasia-124', stored)).toBe(false);
  expect(await verifyPassword('rahasia-123', 'plain-text')).toBe(false);
  expect(await verifyPassword('rahasia-123', stored.replace('$8$', '$x$'))).toBe(false);
});

it('runs a burst of hashes and checks through the worker threads without losing or mixing any', async () => {
  // More work than threads: every waiting job must be run, and each result must belong to its own password.
  const passwords = Array.from({ length: 24 }, (_, i) => `password-${i}`);
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  const checks = await Promise.all(
    passwords.flatMap((p, i) => [verifyPassword(p, hashes[i]), verifyPassword(p, hashes[(i + 1) % hashes.length])]),
  );
  expect(checks).toEqual(passwords.flatMap(() => [true, false]));
});

it('hashes on threads of the lowest priority, so sign-ins only use CPU that nothing else wants', async () => {
  await hashPassword('any password'); // starts a worker
  if (process.platform !== 'linux') return; // the nice value is read from /proc
  const niceOf = (tid: string | number) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); // field 19 of stat(5): nice
  };
  expect(fs.readdirSync('/proc/self/task').map(niceOf)).toContain(19);
  expect(niceOf(process.pid)).toBe(0); // the main thread (its id is the process id) keeps its priority
});

it('reports a failed hash as an error and keeps hashing afterwards', async () => {
  const pool = new HashWorkerPool(1);
  const salt = Buffer.from('salt');
  await expect(
    pool.scrypt({ password: 'x', salt, keylen: 32, options: { N: 1 << 10, r: 8, p: 1, maxmem: 1024 } }),
  ).rejects.toThrow(/password hashing failed/);
  const key = await pool.scrypt({ password: 'x', salt, keylen: 32, options: { N: 1 << 10, r: 8, p: 1 } });
  expect(key.equals(crypto.scryptSync('x', salt, 32, { N: 1 << 10, r: 8, p: 1 }))).toBe(true);
});
