import { LocalAttemptCounters } from './attempt-counters';

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
