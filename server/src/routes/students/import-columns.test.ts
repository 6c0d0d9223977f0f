/** The import accepts rows keyed by Indonesian column names (nama, nis, tingkat) as well as English: one shared rule. */
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('creates students from rows named nama, nis, tingkat (grades also as X, XI, XII)', async () => {
  const res = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/students/import',
    payload: {
      rows: [
        { Nama: 'Wati', NIS: '2026000001', Tingkat: 'XI' },
        { nama: 'Yudi', nis: '2026000002', tingkat: 12, status: 'Active' },
      ],
    },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().students.map((s: { name: string; grade: number }) => [s.name, s.grade])).toEqual([
    ['Wati', 11],
    ['Yudi', 12],
  ]);
});
