/**
 * An import row that names its class (a rombel/kelas/class column) puts the student in that class only, matched
 * within the row's grade by the class-name rule; a name the grade has no class of is that row's problem.
 */
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
let ipa2: number;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.injectWithLogin('admin', {
    method: 'POST',
    url: '/api/v1/classes',
    payload: { name: 'X IPA 2', description: '', teacher_id: t.fixture.teachers[0].id, grade: 10, enrol_all: false },
  });
  expect(res.statusCode).toBe(200);
  ipa2 = res.json().id;
});
afterAll(async () => {
  await t.close();
});

const importRows = (payload: object) =>
  t.injectWithLogin('admin', { method: 'POST', url: '/api/v1/students/import', payload });

async function classesOf(nis: string): Promise<number[]> {
  const rows = await t.db
    .selectFrom('assigned_students_class as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .select('a.class_id')
    .where('s.nis', '=', nis)
    .orderBy('a.class_id')
    .execute();
  return rows.map((r) => r.class_id);
}

it('puts each student into the class its row names (Rombel, Kelas or class; letter case and spaces do not count), and only there', async () => {
  const res = await importRows({
    rows: [
      { Nama: 'Ani', NIS: '2031000001', Tingkat: 'X', Rombel: 'x ipa 1' },
      { nama: 'Banu', nis: '2031000002', tingkat: 10, kelas: '  X IPA 2 ' },
      { name: 'Caca', nis: '2031000003', grade: 10, class: 'X IPA 2' },
      // no class named: the join_classes choice decides (absent = every class of the grade, as older clients expect)
      { name: 'Dodi', nis: '2031000004', grade: 10 },
    ],
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().created).toBe(4);
  expect(await classesOf('2031000001')).toEqual([t.fixture.classes[0].id]);
  expect(await classesOf('2031000002')).toEqual([ipa2]);
  expect(await classesOf('2031000003')).toEqual([ipa2]);
  expect(await classesOf('2031000004')).toEqual([t.fixture.classes[0].id, ipa2].sort((a, b) => a - b));
});

it('with join_classes false, a row without a class joins none', async () => {
  const res = await importRows({
    rows: [{ name: 'Euis', nis: '2031000005', grade: 10, rombel: '' }],
    join_classes: false,
  });
  expect(res.statusCode).toBe(200);
  expect(await classesOf('2031000005')).toEqual([]);
});

it('reports a class its grade does not have on its row (also a dry run), and creates nobody', async () => {
  const rows = [
    { name: 'Fajar', nis: '2031000006', grade: 10, rombel: 'X IPA 1' },
    { name: 'Gita', nis: '2031000007', grade: 10, rombel: 'X IPA 9' },
    // the class exists, in grade 11 only
    { name: 'Hadi', nis: '2031000008', grade: 10, rombel: 'XI IPA 1' },
    // a bad grade is its own problem: no class look-up for it
    { name: 'Intan', nis: '2031000009', grade: 13, rombel: 'X IPA 1' },
    { name: 'Joko', nis: '2031000010', grade: 10, rombel: 'X'.repeat(256) },
    { name: 'Kiki', nis: '2031000011', grade: 10, rombel: 'X IPA 1\u0301' },
  ];
  for (const dry_run of [true, false]) {
    const res = await importRows({ rows, dry_run });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { row: number; field: string; code: string; params: Record<string, unknown> }[];
    expect(errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'class', 'import-class-unknown'],
      [3, 'class', 'import-class-unknown'],
      [4, 'grade', 'import-grade'],
      [5, 'class', 'validation-too-long'],
      [6, 'class', 'import-class-unknown'],
    ]);
    expect(errors[0].params).toEqual({ field: 'class', name: 'X IPA 9', grade: 10 });
    expect(res.json().message).toMatch(/5 problems/);
  }
  const created = await t.db
    .selectFrom('students')
    .select('nis')
    .where(
      'nis',
      'in',
      rows.map((r) => r.nis),
    )
    .execute();
  expect(created).toEqual([]);
});

it('a dry run with only known classes passes and creates nobody', async () => {
  const res = await importRows({
    rows: [{ name: 'Lina', nis: '2031000012', grade: 'X', kelas: 'X IPA 2' }],
    dry_run: true,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().valid).toBe(1);
  expect(await classesOf('2031000012')).toEqual([]);
});
