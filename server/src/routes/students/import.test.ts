import os from 'node:os';
import { HashWorkerPool, type HashPriority } from '../../lib/hash-workers';
import { buildTestApp, TWO_NODES, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

// counts this process's hashes: with TWO_NODES=1 the import may run on the other node
(TWO_NODES ? it.skip : it)(
  "hashes an import's initial passwords at background priority, a few at a time, so sign-ins go first",
  async () => {
    const token = await t.tokenFor('admin');
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with .call(this)
    const scrypt = HashWorkerPool.prototype.scrypt;
    const priorities: (HashPriority | undefined)[] = [];
    let inFlight = 0;
    let peak = 0;
    jest.spyOn(HashWorkerPool.prototype, 'scrypt').mockImplementation(function (this: HashWorkerPool, job, priority) {
      priorities.push(priority);
      peak = Math.max(peak, ++inFlight);
      return scrypt.call(this, job, priority).finally(() => inFlight--);
    });
    const rows = Array.from({ length: 40 }, (_, i) => ({
      name: `Impor ${i}`,
      nis: `20990000${String(i).padStart(2, '0')}`,
      grade: 10,
    }));
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/students/import',
      headers: { authorization: token },
      payload: { rows },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toBe(40);
    expect(priorities).toHaveLength(40);
    expect(priorities.every((p) => p === 'background')).toBe(true);
    expect(peak).toBeLessThanOrEqual(os.availableParallelism()); // one batch: one hash per thread
    jest.restoreAllMocks();
    // the initial passwords shown work at once
    for (const s of res.json().students.slice(0, 2)) {
      const login = await t.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { username: s.nis, password: s.initial_password },
      });
      expect(login.statusCode).toBe(200);
    }
  },
);
