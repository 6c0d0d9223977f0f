import { HashQueueFullError, HashWorkerPool, type HashJob } from './hash-workers';

const job = (password: string): HashJob => ({
  password,
  salt: Buffer.from('salt'),
  keylen: 32,
  options: { N: 1 << 10, r: 8, p: 1 },
});

it('refuses jobs beyond its queue bound at once instead of letting the queue grow', async () => {
  const pool = new HashWorkerPool(1, { maxWaiting: 3 });
  const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => pool.scrypt(job(`p${i}`), 'signin')));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4); // one running, three waiting
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refused).toHaveLength(6);
  for (const r of refused) expect(r.reason).toBeInstanceOf(HashQueueFullError);
  // the pool keeps working afterwards
  await expect(pool.scrypt(job('later'), 'signin')).resolves.toHaveLength(32);
});

it('serves sign-in hashes before the background (import) hashes already waiting', async () => {
  const pool = new HashWorkerPool(1);
  const order: string[] = [];
  const track = (name: string, p: Promise<Buffer>) => p.then(() => void order.push(name));
  const background = Array.from({ length: 12 }, (_, i) =>
    track(`import-${i}`, pool.scrypt(job(`i${i}`), 'background')),
  );
  const login = track('login', pool.scrypt(job('login'), 'signin'));
  await Promise.all([...background, login]);
  // at most the job already running (and nothing else) goes before the sign-in
  expect(order.indexOf('login')).toBeLessThanOrEqual(1);
});

it("keeps a known device's sign-in served while a flood fills the sign-in queue: its own queue, ahead of everything", async () => {
  const pool = new HashWorkerPool(1, { maxWaiting: 20 });
  const order: string[] = [];
  const flood = Array.from({ length: 40 }, (_, i) =>
    pool.scrypt(job(`f${i}`), 'signin').then(() => void order.push(`flood-${i}`)),
  );
  const known = pool.scrypt(job('owner'), 'trusted').then(() => void order.push('owner'));
  const settled = await Promise.allSettled([...flood, known]);
  expect(settled.at(-1)!.status).toBe('fulfilled');
  expect(order.indexOf('owner')).toBeLessThanOrEqual(1); // after at most the hash already running
  expect(settled.filter((r) => r.status === 'rejected').length).toBe(19); // the flood got its bound: one running, 20 waiting
});

it('does not refuse background jobs beyond the sign-in bound (the caller bounds them)', async () => {
  const pool = new HashWorkerPool(1, { maxWaiting: 1 });
  const results = await Promise.allSettled(
    Array.from({ length: 5 }, (_, i) => pool.scrypt(job(`b${i}`), 'background')),
  );
  expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
});

it('reports the jobs waiting per priority and the threads hashing, and both fall back to zero when done', async () => {
  const pool = new HashWorkerPool(1);
  expect([pool.waitingCount('signin'), pool.waitingCount('background'), pool.runningCount]).toEqual([0, 0, 0]);
  const jobs = [
    ...Array.from({ length: 4 }, (_, i) => pool.scrypt(job(`s${i}`), 'signin')),
    ...Array.from({ length: 2 }, (_, i) => pool.scrypt(job(`b${i}`), 'background')),
  ];
  // the first sign-in job runs on the one thread; the rest wait in their queues
  expect([pool.waitingCount('signin'), pool.waitingCount('background'), pool.runningCount]).toEqual([3, 2, 1]);
  await Promise.all(jobs);
  expect([pool.waitingCount('signin'), pool.waitingCount('background'), pool.runningCount]).toEqual([0, 0, 0]);
});
