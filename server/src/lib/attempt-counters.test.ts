import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { LocalAttemptCounters, SharedAttemptCounters } from './attempt-counters';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Decided when the file loads, so that the Redis test is reported as skipped (not passed) when Redis is down. */
const REDIS_UP = (() => {
  const u = new URL(REDIS_URL);
  const probe =
    `require('net').connect(${Number(u.port || 6379)}, ${JSON.stringify(u.hostname)})` +
    '.on("connect", () => process.exit(0)).on("error", () => process.exit(1))';
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
})();

it('never drops a blocked counter to make room, however many new keys arrive', () => {
  let now = 1_000;
  const counters = new LocalAttemptCounters(100, () => now);
  for (let i = 0; i < 5; i++) counters.hitNow('victim', 5, 60_000);
  expect(counters.hitNow('victim', 5, 60_000).count).toBe(6); // over its limit: blocked
  for (let i = 0; i < 5_000; i++) counters.hitNow(`flood-${i}`, 5, 60_000);
  expect(counters.size).toBeLessThanOrEqual(100);
  expect(counters.hitNow('victim', 5, 60_000).count).toBe(7);
  // the window ends: the victim starts again from one
  now += 60_000;
  expect(counters.hitNow('victim', 5, 60_000).count).toBe(1);
});

it('refuses a new key (fails closed) when every counter it holds is blocked', () => {
  const counters = new LocalAttemptCounters(2, () => 0);
  for (const key of ['a', 'b']) for (let i = 0; i < 3; i++) counters.hitNow(key, 2, 60_000);
  expect(counters.hitNow('c', 2, 60_000).count).toBeGreaterThan(2);
  expect(counters.size).toBe(2);
});

it('drops expired windows first', () => {
  let now = 0;
  const counters = new LocalAttemptCounters(2, () => now);
  counters.hitNow('old', 10, 1_000);
  counters.hitNow('blocked', 1, 60_000);
  counters.hitNow('blocked', 1, 60_000);
  now = 5_000;
  expect(counters.hitNow('new', 10, 60_000).count).toBe(1);
  expect(counters.hitNow('blocked', 1, 60_000).count).toBe(3);
});

it('takes back a refunded attempt', async () => {
  const counters = new LocalAttemptCounters();
  counters.hitNow('k', 3, 60_000);
  counters.hitNow('k', 3, 60_000);
  await counters.refund('k');
  expect(counters.hitNow('k', 3, 60_000).count).toBe(2);
});

it('pauses Redis after a failed command, so a hung Redis does not slow every sign-in', async () => {
  const local = new LocalAttemptCounters();
  const log = { warn: () => {} } as unknown as FastifyBaseLogger;
  const failing = {
    status: 'ready',
    defineCommand() {},
    on() {},
    kelaskuAttemptHit: jest.fn().mockRejectedValue(new Error('Command timed out')),
  };
  const shared = new SharedAttemptCounters(failing as unknown as Redis, local, log);
  expect((await shared.hit('k', 3, 60_000)).count).toBe(1);
  expect((await shared.hit('k', 3, 60_000)).count).toBe(2);
  expect(failing.kelaskuAttemptHit).toHaveBeenCalledTimes(1);
});

(REDIS_UP ? describe : describe.skip)(`shared through Redis (${REDIS_URL})`, () => {
  let redis: Redis;
  const warnings: string[] = [];
  const log = { warn: (message: string) => void warnings.push(message) } as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    const url = new URL(REDIS_URL);
    url.searchParams.set('keyPrefix', `attempt-counters-test-${process.pid}-${Date.now()}:`);
    redis = new Redis(url.toString(), {
      enableOfflineQueue: false,
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    await new Promise((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('error', reject);
    });
  });
  afterAll(() => redis.disconnect());

  it('counts in Redis, takes back refunds, and falls back to in-process counters (logged once) when Redis goes away', async () => {
    const local = new LocalAttemptCounters();
    const shared = new SharedAttemptCounters(redis, local, log);
    expect((await shared.hit('k', 3, 60_000)).count).toBe(1);
    const second = await shared.hit('k', 3, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetAt).toBeGreaterThan(Date.now() + 50_000);
    await shared.refund('k');
    expect((await shared.hit('k', 3, 60_000)).count).toBe(2);
    expect(local.size).toBe(0);

    redis.disconnect();
    expect((await shared.hit('k', 3, 60_000)).count).toBe(1); // in-process from here on
    expect((await shared.hit('k', 3, 60_000)).count).toBe(2);
    expect(warnings.filter((w) => /Redis unreachable.*in-process/.test(w))).toHaveLength(1);
  });
});
