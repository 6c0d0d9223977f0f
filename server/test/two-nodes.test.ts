import { buildTestApp, TWO_NODES, type TestApp } from './helpers';

// Only meaningful through two nodes (scripts/test-two-nodes.sh); the rest of the suite is what runs through them.
(TWO_NODES ? describe : describe.skip)('the test app as two nodes (TWO_NODES=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends successive requests to node A and node B in turn, and each sees the other one's writes", async () => {
    const before = [...t.nodes!.served];
    const name = `Kelas dua node ${Date.now()}`;
    const created = await t.injectWithLogin('admin', {
      method: 'POST',
      url: '/api/v1/classes',
      payload: { name, grade: 10, description: 'x', teacher_id: t.fixture.teachers[0].id },
    });
    expect(created.statusCode).toBe(200);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.injectWithLogin('admin', { method: 'GET', url: '/api/v1/classes' });
      expect(res.statusCode).toBe(200);
      seen.push(res.json<{ classes: Array<{ name: string }> }>().classes.some((c) => c.name === name));
    }
    expect(seen).toEqual([true, true, true, true]);
    const served = t.nodes!.served.map((n, i) => n - before[i]);
    // 5 requests (+ at most one login): both nodes served, neither more than one request ahead of the other
    expect(served[0]).toBeGreaterThanOrEqual(2);
    expect(served[1]).toBeGreaterThanOrEqual(2);
    expect(Math.abs(served[0] - served[1])).toBeLessThanOrEqual(1);
  });
});
