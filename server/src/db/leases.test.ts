import { buildTestApp, type TestApp } from '../../test/helpers';
import { acquireLease, releaseLease } from './leases';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ empty: true });
});
afterAll(async () => {
  await t.close();
});

it('lets one holder at a time run a job until the lease expires', async () => {
  const now = new Date('2030-01-01T00:00:00Z');
  expect(await acquireLease(t.db, 'job', 'node-a', 60_000, now)).toBe(true);
  expect(await acquireLease(t.db, 'job', 'node-b', 60_000, new Date(now.getTime() + 30_000))).toBe(false);
  // the holder renews
  expect(await acquireLease(t.db, 'job', 'node-a', 60_000, new Date(now.getTime() + 30_000))).toBe(true);
  // expired (renewed until +90 s): another node takes over
  expect(await acquireLease(t.db, 'job', 'node-b', 60_000, new Date(now.getTime() + 89_000))).toBe(false);
  expect(await acquireLease(t.db, 'job', 'node-b', 60_000, new Date(now.getTime() + 91_000))).toBe(true);
  expect(await acquireLease(t.db, 'job', 'node-a', 60_000, new Date(now.getTime() + 92_000))).toBe(false);
  // other names are independent
  expect(await acquireLease(t.db, 'other', 'node-a', 60_000, now)).toBe(true);
});

it('only one of many concurrent acquirers wins', async () => {
  const now = new Date('2031-01-01T00:00:00Z');
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) => acquireLease(t.db, 'race', `node-${i}`, 60_000, now)),
  );
  expect(results.filter(Boolean)).toHaveLength(1);
});

it('release lets another holder in at once, but only the holder can release', async () => {
  const now = new Date('2032-01-01T00:00:00Z');
  expect(await acquireLease(t.db, 'rel', 'node-a', 60_000, now)).toBe(true);
  await releaseLease(t.db, 'rel', 'node-b');
  expect(await acquireLease(t.db, 'rel', 'node-b', 60_000, now)).toBe(false);
  await releaseLease(t.db, 'rel', 'node-a');
  expect(await acquireLease(t.db, 'rel', 'node-b', 60_000, now)).toBe(true);
});
