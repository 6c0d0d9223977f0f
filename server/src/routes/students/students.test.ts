import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: object) => t.injectWithLogin('admin', { method, url, payload });
const login = (username: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/v1/auth', payload: { username, password } });

describe('GET /students', () => {
  it('lists NIS descending by default, ascending with sortByNIS=true, with meta', async () => {
    const res = await asAdmin('GET', '/api/v1/students');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.students.map((s: { nis: string }) => s.nis)).toEqual(['2024000003', '2024000002', '2024000001']);
    expect(body.meta).toEqual({ page: 1, pageSize: 15, total: 3, totalPage: 1, totalpages: 1 });
    expect(body.students[0]).toMatchObject({
      name: 'Citra Dewi',
      grade: 11,
      status: 'Active',
      phone_number: null,
      curr_score: null,
    });
    expect(body.students[0].user_id).toBe(String(t.fixture.students[2].user_id));
    const asc = (await asAdmin('GET', '/api/v1/students?sortByNIS=true')).json();
    expect(asc.students.map((s: { nis: string }) => s.nis)).toEqual(['2024000001', '2024000002', '2024000003']);
  });

  it('filters by grade, search (name or NIS, any case) and searchNIS; total honours the filters; id is ignored', async () => {
    const g10 = (await asAdmin('GET', '/api/v1/students?grade=10')).json();
    expect(g10.students).toHaveLength(2);
    expect(g10.meta.total).toBe(2);
    const byName = (await asAdmin('GET', '/api/v1/students?search=bUNga')).json();
    expect(byName.students.map((s: { name: string }) => s.name)).toEqual(['Bunga Lestari']);
    expect(byName.meta).toMatchObject({ total: 1, totalPage: 1 });
    const byNis = (await asAdmin('GET', '/api/v1/students?search=0003')).json();
    expect(byNis.students).toHaveLength(1);
    const nisOnly = (await asAdmin('GET', '/api/v1/students?searchNIS=Andi')).json();
    expect(nisOnly.students).toEqual([]);
    const ignoredId = (await asAdmin('GET', `/api/v1/students?page=1&id=${t.fixture.classes[1].id}`)).json();
    expect(ignoredId.students).toHaveLength(3);
  });

  it('search ignores accents and apostrophes both ways (students and teachers)', async () => {
    const student = (
      await asAdmin('POST', '/api/v1/students', {
        name: 'Andréas Ma’ruf',
        nis: '2024000555',
        grade: 12,
        status: 'Active',
      })
    ).json();
    const plain = (
      await asAdmin('POST', '/api/v1/students', { name: 'Rendi Maruf', nis: '2024000556', grade: 12, status: 'Active' })
    ).json();
    const names = async (search: string) =>
      (
        (await asAdmin('GET', `/api/v1/students?grade=12&search=${encodeURIComponent(search)}`)).json().students as {
          name: string;
        }[]
      )
        .map((x) => x.name)
        .sort();
    expect(await names('Andreas')).toEqual(['Andréas Ma’ruf']);
    expect(await names('ANDRÉAS')).toEqual(['Andréas Ma’ruf']);
    expect(await names('maruf')).toEqual(['Andréas Ma’ruf', 'Rendi Maruf']);
    expect(await names("ma'ruf")).toEqual(['Andréas Ma’ruf', 'Rendi Maruf']);
    expect(await names('Réndi')).toEqual(['Rendi Maruf']);
    const teacher = (
      await asAdmin('POST', '/api/v1/teachers', {
        name: "Bu Nur'aini Sétiawan",
        nip: '198001012005011555',
        specialization: 'Biology',
        status: 'Active',
      })
    ).json();
    const teachers = (await asAdmin('GET', '/api/v1/teachers?search=nuraini%20setiawan')).json().teachers as {
      name: string;
    }[];
    expect(teachers.map((x) => x.name)).toEqual(["Bu Nur'aini Sétiawan"]);
    for (const [resource, id] of [
      ['students', student.id],
      ['students', plain.id],
      ['teachers', teacher.id],
    ]) {
      expect((await asAdmin('DELETE', `/api/v1/${resource}?id=${id}`)).statusCode).toBe(200);
    }
  });

  it('treats LIKE wildcards in search literally', async () => {
    expect((await asAdmin('GET', '/api/v1/students?search=%25')).json().students).toEqual([]);
    expect((await asAdmin('GET', '/api/v1/students?search=_')).json().students).toEqual([]);
  });

  it('pages: bad values fall back, pageSize is capped at 100, pages past the end are []', async () => {
    const p = (await asAdmin('GET', '/api/v1/students?page=2&pageSize=2')).json();
    expect(p.students).toHaveLength(1);
    expect(p.meta).toEqual({ page: 2, pageSize: 2, total: 3, totalPage: 2, totalpages: 2 });
    const fallback = (await asAdmin('GET', '/api/v1/students?page=abc&pageSize=-3')).json();
    expect(fallback.meta).toMatchObject({ page: 1, pageSize: 15 });
    expect((await asAdmin('GET', '/api/v1/students?pageSize=5000')).json().meta.pageSize).toBe(100);
    expect((await asAdmin('GET', '/api/v1/students?page=9')).json().students).toEqual([]);
  });

  it('400 for a non-numeric grade filter', async () => {
    const res = await asAdmin('GET', '/api/v1/students?grade=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/grade/i);
  });
});

describe('student accounts', () => {
  it('creates a student with a login (username = NIS), an initial password shown once, and grade classes', async () => {
    const res = await asAdmin('POST', '/api/v1/students', {
      name: ' Dimas ',
      nis: '2024000010',
      grade: 10,
      status: 'Active',
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Dimas', nis: '2024000010', grade: 10, status: 'Active' });
    expect(created.initial_password).toMatch(/^\S{10}$/);
    const token = await login('2024000010', created.initial_password);
    expect(token.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(token.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ role: 'student', student_id: created.id, display_name: 'Dimas' });
    const listed = (await asAdmin('GET', '/api/v1/students?search=2024000010')).json().students[0];
    expect(listed.initial_password).toBeUndefined();
    // auto-assigned to the grade-10 class
    t.passwords['2024000010'] = created.initial_password;
    const assigned = (
      await t.injectWithLogin('2024000010', { method: 'GET', url: `/api/v1/classes/assigned?id=${created.id}` })
    ).json();
    expect(assigned.classes.map((c: { id: number }) => c.id)).toEqual([t.fixture.classes[0].id]);
  });

  it('409 on a duplicate NIS and on a NIS equal to a teacher NIP (one username space)', async () => {
    const dup = await asAdmin('POST', '/api/v1/students', {
      name: 'X',
      nis: '2024000001',
      grade: 10,
      status: 'Active',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/NIS/);
    const nip = await asAdmin('POST', '/api/v1/students', {
      name: 'X',
      nis: t.fixture.teachers[0].nip,
      grade: 10,
      status: 'Active',
    });
    expect(nip.statusCode).toBe(409);
  });

  it('400 with the field named for bad bodies', async () => {
    const cases: [object, RegExp][] = [
      [{ nis: '1', grade: 10, status: 'A' }, /name/i],
      [{ name: 'A', nis: '1', grade: 13, status: 'A' }, /grade/i],
      [{ name: 'A', nis: '1', grade: 10.5, status: 'A' }, /grade/i],
      [{ name: '   ', nis: '1', grade: 10, status: 'A' }, /name/i],
      [{ name: 'A', nis: 'has space', grade: 10, status: 'A' }, /nis/i],
      [{ name: 'A', nis: '1', grade: 10, status: 'x'.repeat(51) }, /status/i],
    ];
    for (const [payload, field] of cases) {
      const res = await asAdmin('POST', '/api/v1/students', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(field);
      expect(res.json().message).toBe(res.json().error);
    }
  });

  it('updates with PUT and PATCH, ignores extra fields, keeps the username in sync with the NIS and moves grade classes', async () => {
    const created = (
      await asAdmin('POST', '/api/v1/students', { name: 'Eka', nis: '2024000020', grade: 10, status: 'Active' })
    ).json();
    const row = {
      ...created,
      initial_password: undefined,
      nis: '2024000021',
      grade: 11,
      name: 'Eka Putri',
      extra: 'ignored',
    };
    const put = await asAdmin('PUT', `/api/v1/students?id=${created.id}`, row);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, nis: '2024000021', grade: 11, name: 'Eka Putri' });
    expect((await login('2024000020', created.initial_password)).statusCode).toBe(401);
    const newLogin = await login('2024000021', created.initial_password);
    expect(newLogin.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(newLogin.json().token.split('.')[1], 'base64url').toString());
    expect(claims.display_name).toBe('Eka Putri');
    const classes = (await asAdmin('GET', `/api/v1/classes/assigned?id=${created.id}`)).json().classes;
    expect(classes.map((c: { id: number; grade: number }) => [c.id, c.grade])).toEqual([[t.fixture.classes[1].id, 11]]);
    const patch = await asAdmin('PATCH', `/api/v1/students?id=${created.id}`, {
      name: 'Eka P',
      nis: '2024000021',
      grade: 11,
      status: 'Inactive',
    });
    expect(patch.json()).toMatchObject({ name: 'Eka P', status: 'Inactive' });
    const clash = await asAdmin('PATCH', `/api/v1/students?id=${created.id}`, {
      name: 'Eka',
      nis: '2024000001',
      grade: 11,
      status: 'A',
    });
    expect(clash.statusCode).toBe(409);
    expect(
      (await asAdmin('PATCH', '/api/v1/students?id=424242', { name: 'Eka', nis: '77', grade: 11, status: 'A' }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes the student and their login; 404 for unknown ids', async () => {
    const created = (
      await asAdmin('POST', '/api/v1/students', { name: 'Fajar', nis: '2024000030', grade: 12, status: 'Active' })
    ).json();
    const del = await asAdmin('DELETE', `/api/v1/students?id=${created.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Student deleted successfully' });
    expect((await login('2024000030', created.initial_password)).statusCode).toBe(401);
    expect((await asAdmin('DELETE', `/api/v1/students?id=${created.id}`)).statusCode).toBe(404);
    const user = await t.db.selectFrom('users').select('id').where('username', '=', '2024000030').executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('a deleted student’s token stops working', async () => {
    const created = (
      await asAdmin('POST', '/api/v1/students', { name: 'Gita', nis: '2024000040', grade: 12, status: 'Active' })
    ).json();
    const token = (await login('2024000040', created.initial_password)).json().token;
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/classes', headers: { authorization: token } })).statusCode,
    ).toBe(200);
    await asAdmin('DELETE', `/api/v1/students?id=${created.id}`);
    expect(
      (await t.inject({ method: 'GET', url: '/api/v1/classes', headers: { authorization: token } })).statusCode,
    ).toBe(401);
  });

  it('resets a password: the old one stops working, the new one works', async () => {
    const created = (
      await asAdmin('POST', '/api/v1/students', { name: 'Hana', nis: '2024000050', grade: 10, status: 'Active' })
    ).json();
    const reset = await asAdmin('POST', `/api/v1/students/reset-password?id=${created.id}`);
    expect(reset.statusCode).toBe(200);
    const { initial_password } = reset.json();
    expect(initial_password).not.toBe(created.initial_password);
    expect((await login('2024000050', created.initial_password)).statusCode).toBe(401);
    expect((await login('2024000050', initial_password)).statusCode).toBe(200);
    expect((await asAdmin('POST', '/api/v1/students/reset-password?id=999999')).statusCode).toBe(404);
  });
});

describe('GET /students/details', () => {
  it('gives admins the full record and others only id, name, grade; 404 for unknown', async () => {
    const id = t.fixture.students[0].id;
    const full = (await asAdmin('GET', `/api/v1/students/details?id=${id}`)).json();
    expect(full).toMatchObject({ id, nis: '2024000001', user_id: String(t.fixture.students[0].user_id) });
    const limited = (
      await t.injectWithLogin('student2', { method: 'GET', url: `/api/v1/students/details?id=${id}` })
    ).json();
    expect(limited).toEqual({ id, name: 'Andi Pratama', grade: 10 });
    expect((await asAdmin('GET', '/api/v1/students/details?id=999999')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/api/v1/students/details')).statusCode).toBe(400);
  });
});

describe('POST /students/import', () => {
  const rows = [
    { name: 'Imam', nis: '2025000001', grade: 10, status: 'Active' },
    { name: 'Joko', nis: '2025000002', grade: '11', status: 'Active' },
  ];

  it('rejects the whole file when any row is wrong, naming row and field', async () => {
    const res = await asAdmin('POST', '/api/v1/students/import', {
      rows: [
        ...rows,
        { name: '', nis: '2025000003', grade: 10 },
        { name: 'Kiki', nis: '2025000001', grade: 9 },
        { name: 'Lala', nis: '2024000001', grade: 10 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.created).toBe(0);
    expect(body.students).toEqual([]);
    expect(body.message).toBe(body.error);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: 'name' }),
        expect.objectContaining({ row: 4, field: 'nis' }),
        expect.objectContaining({ row: 4, field: 'grade' }),
        expect.objectContaining({ row: 5, field: 'nis' }),
      ]),
    );
    expect((await asAdmin('GET', '/api/v1/students?search=20250000')).json().students).toEqual([]);
  });

  it('dry_run validates only; a good file creates everyone with initial passwords', async () => {
    const dry = await asAdmin('POST', '/api/v1/students/import', { rows, dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ created: 0, errors: [] });
    expect((await asAdmin('GET', '/api/v1/students?search=20250000')).json().students).toEqual([]);
    const res = await asAdmin('POST', '/api/v1/students/import', { rows });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(2);
    expect(body.students.map((s: { nis: string; grade: number }) => [s.nis, s.grade])).toEqual([
      ['2025000001', 10],
      ['2025000002', 11],
    ]);
    expect((await login('2025000002', body.students[1].initial_password)).statusCode).toBe(200);
  });

  it('400 for an empty or missing rows list', async () => {
    expect((await asAdmin('POST', '/api/v1/students/import', { rows: [] })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/v1/students/import', {})).json().message).toMatch(/rows/i);
  });
});

describe('clean student data', () => {
  it('refuses a NIS that is not digits only, with a message naming the rule (create, update and import)', async () => {
    for (const nis of ['S-2024', 'abc123', '2024.01', '٢٠٢٤']) {
      const res = await asAdmin('POST', '/api/v1/students', { name: 'Nona', nis, grade: 10, status: 'Active' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('nis must contain digits only (0-9)');
    }
    const created = (
      await asAdmin('POST', '/api/v1/students', { name: 'Nona', nis: '2024000777', grade: 10, status: 'Active' })
    ).json();
    const renamed = await asAdmin('PUT', `/api/v1/students?id=${created.id}`, {
      name: 'Nona',
      nis: 'N2024000777',
      grade: 10,
      status: 'Active',
    });
    expect(renamed.statusCode).toBe(400);
    const imported = await asAdmin('POST', '/api/v1/students/import', {
      rows: [{ name: 'Impor', nis: 'IMP000001', grade: 10 }],
      dry_run: true,
    });
    expect(imported.json().errors).toEqual([
      {
        row: 1,
        field: 'nis',
        message: 'nis must contain digits only (0-9)',
        code: 'school-id-not-digits',
        params: { field: 'nis' },
      },
    ]);
    expect((await asAdmin('DELETE', `/api/v1/students?id=${created.id}`)).statusCode).toBe(200);
  });

  it('takes the spaces out of a NIS typed in groups (create, update and import) and a NIP (teachers)', async () => {
    const created = await asAdmin('POST', '/api/v1/students', {
      name: 'Spasi',
      nis: '2024 000 888',
      grade: 10,
      status: 'Active',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().nis).toBe('2024000888');
    expect((await login('2024000888', created.json().initial_password)).statusCode).toBe(200);
    const renamed = await asAdmin('PUT', `/api/v1/students?id=${created.json().id}`, {
      name: 'Spasi',
      nis: '2024\u00a0000\u2009889',
      grade: 10,
      status: 'Active',
    });
    expect(renamed.json().nis).toBe('2024000889');
    const imported = await asAdmin('POST', '/api/v1/students/import', {
      rows: [{ name: 'Impor', nis: ' 2024 000 890 ', grade: 10 }],
      dry_run: true,
    });
    expect(imported.json()).toMatchObject({ errors: [], valid: 1 });
    const teacher = await asAdmin('POST', '/api/v1/teachers', {
      name: 'Bu Spasi',
      nip: '19800101 200501 1 099',
      specialization: 'Biology',
      status: 'Active',
    });
    expect(teacher.json().nip).toBe('198001012005011099');
    expect((await asAdmin('DELETE', `/api/v1/students?id=${created.json().id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/v1/teachers?id=${teacher.json().id}`)).statusCode).toBe(200);
  });

  it('trims the status and spells a common status one way ("active " is Active); other text stays as typed', async () => {
    const a = (
      await asAdmin('POST', '/api/v1/students', { name: 'Status A', nis: '2024000781', grade: 10, status: ' active ' })
    ).json();
    expect(a.status).toBe('Active');
    const b = (
      await asAdmin('POST', '/api/v1/students', { name: 'Status B', nis: '2024000782', grade: 10, status: 'GRADUATED' })
    ).json();
    expect(b.status).toBe('Graduated');
    const c = (
      await asAdmin('POST', '/api/v1/students', {
        name: 'Status C',
        nis: '2024000783',
        grade: 10,
        status: ' cuti sakit ',
      })
    ).json();
    expect(c.status).toBe('cuti sakit');
    const imported = await asAdmin('POST', '/api/v1/students/import', {
      rows: [{ name: 'Impor', nis: '2024000784', grade: 10, status: 'inactive' }],
      dry_run: true,
    });
    expect(imported.json().errors).toEqual([]);
    for (const s of [a, b, c]) expect((await asAdmin('DELETE', `/api/v1/students?id=${s.id}`)).statusCode).toBe(200);
  });
});

describe('every field of the replies (their response schemas would drop one not listed)', () => {
  const fields = [
    'id',
    'name',
    'nis',
    'phone_number',
    'grade',
    'curr_score',
    'status',
    'profile_picture_url',
    'user_id',
  ];

  it('create, list, replace, (de)activate, details, reset, grade-migrate and import', async () => {
    const created = (
      await asAdmin('POST', '/api/v1/students', {
        name: 'Kunci',
        nis: '2024000901',
        grade: 10,
        status: 'Active',
        curr_score: 70,
      })
    ).json();
    expect(Object.keys(created)).toEqual([...fields, 'initial_password']);
    expect(created).toMatchObject({ phone_number: null, curr_score: 70, profile_picture_url: null });
    const listed = (await asAdmin('GET', '/api/v1/students?searchNIS=2024000901')).json();
    expect(Object.keys(listed)).toEqual(['students', 'meta']);
    expect(Object.keys(listed.students[0])).toEqual([...fields, 'active']);
    const put = (
      await asAdmin('PUT', `/api/v1/students?id=${created.id}`, {
        name: 'Kunci',
        nis: '2024000901',
        grade: 10,
        status: 'Active',
      })
    ).json();
    expect(Object.keys(put)).toEqual(fields);
    const off = (await asAdmin('POST', `/api/v1/students/deactivate?id=${created.id}`)).json();
    expect(off).toMatchObject({ id: created.id, active: false });
    expect(Object.keys(off)).toEqual([...fields, 'active']);
    expect(Object.keys((await asAdmin('POST', `/api/v1/students/reactivate?id=${created.id}`)).json())).toEqual([
      ...fields,
      'active',
    ]);
    expect(Object.keys((await asAdmin('GET', `/api/v1/students/details?id=${created.id}`)).json())).toEqual(fields);
    expect(Object.keys((await asAdmin('POST', `/api/v1/students/reset-password?id=${created.id}`)).json())).toEqual([
      'initial_password',
    ]);
    const migrated = (await asAdmin('POST', '/api/v1/students/grade-migrate', { migrate: 'down' })).json();
    expect(Object.keys(migrated)).toEqual(['message', 'moved']);
    const rows = [{ name: 'Kunci Dua', nis: '2024000902', grade: 10, status: 'Active' }];
    expect((await asAdmin('POST', '/api/v1/students/import', { rows, dry_run: true })).json()).toEqual({
      created: 0,
      errors: [],
      students: [],
      valid: 1,
    });
    const imported = (await asAdmin('POST', '/api/v1/students/import', { rows })).json();
    expect(Object.keys(imported)).toEqual(['created', 'errors', 'students']);
    expect(Object.keys(imported.students[0])).toEqual([...fields, 'initial_password']);
    const refused = (await asAdmin('POST', '/api/v1/students/import', { rows })).json();
    expect(refused).toEqual({
      created: 0,
      errors: [
        {
          row: 1,
          field: 'nis',
          message: 'nis 2024000902 already exists',
          code: 'duplicate-nis',
          params: { number: '2024000902' },
        },
      ],
      students: [],
      error: 'Import rejected: 1 problem found, nothing was created',
      message: 'Import rejected: 1 problem found, nothing was created',
      code: 'import-rejected',
      params: { count: 1 },
    });
    for (const s of [created, imported.students[0]])
      expect((await asAdmin('DELETE', `/api/v1/students?id=${s.id}`)).statusCode).toBe(200);
  });
});
