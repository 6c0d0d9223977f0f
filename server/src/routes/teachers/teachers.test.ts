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

it('lists teachers under `students` and `teachers`, NIP DESC by default', async () => {
  const body = (await asAdmin('GET', '/api/v1/teachers')).json();
  expect(body.students).toEqual(body.teachers);
  expect(body.students.map((x: { nip: string }) => x.nip)).toEqual([
    t.fixture.teachers[1].nip,
    t.fixture.teachers[0].nip,
  ]);
  expect(body.meta).toEqual({ page: 1, pageSize: 15, total: 2, totalPage: 1, totalpages: 1 });
  const asc = (await asAdmin('GET', '/api/v1/teachers?sortByNIP=true')).json();
  expect(asc.students[0].nip).toBe(t.fixture.teachers[0].nip);
});

it('filters by specialization (trimmed, "Art " prefix of "Art & Culture"), search and searchNIP', async () => {
  await asAdmin('POST', '/api/v1/teachers', {
    name: 'Rina',
    nip: '199001012015012001',
    specialization: 'Art & Culture',
    status: 'Active',
  });
  const art = (await asAdmin('GET', '/api/v1/teachers?specialization=Art%20')).json();
  expect(art.students.map((x: { name: string }) => x.name)).toEqual(['Rina']);
  const bio = (await asAdmin('GET', '/api/v1/teachers?specialization=Biology')).json();
  expect(bio.students.map((x: { name: string }) => x.name)).toEqual(['Siti Aminah']);
  expect(bio.meta.total).toBe(1);
  const search = (await asAdmin('GET', '/api/v1/teachers?search=budi')).json();
  expect(search.students.map((x: { name: string }) => x.name)).toEqual(['Budi Santoso']);
  const nip = (await asAdmin('GET', '/api/v1/teachers?searchNIP=19820202')).json();
  expect(nip.students.map((x: { name: string }) => x.name)).toEqual(['Siti Aminah']);
});

it('creates, updates (username follows NIP), resets and deletes a teacher', async () => {
  const res = await asAdmin('POST', '/api/v1/teachers', {
    name: 'Yusuf',
    nip: '197001012000011001',
    specialization: 'Physics',
    status: 'Active',
  });
  expect(res.statusCode).toBe(200);
  const created = res.json();
  expect(created).toMatchObject({
    name: 'Yusuf',
    nip: '197001012000011001',
    specialization: 'Physics',
    user_id: expect.any(String),
  });
  // Every field of the replies (their response schemas would drop one not listed); `active` where the login state is read.
  const fields = ['id', 'name', 'nip', 'phone_number', 'profile_picture_url', 'specialization', 'status', 'user_id'];
  expect(Object.keys(created).sort()).toEqual([...fields, 'initial_password'].sort());
  expect(created).toMatchObject({ phone_number: null, profile_picture_url: null });
  const listed = (await asAdmin('GET', `/api/v1/teachers?searchNIP=${created.nip}`)).json().teachers;
  expect(Object.keys(listed[0]).sort()).toEqual([...fields, 'active'].sort());
  const tokenRes = await login(created.nip, created.initial_password);
  const claims = JSON.parse(Buffer.from(tokenRes.json().token.split('.')[1], 'base64url').toString());
  expect(claims).toMatchObject({ role: 'teacher', teacher_id: created.id, display_name: 'Yusuf' });

  const put = await asAdmin('PUT', `/api/v1/teachers?id=${created.id}`, {
    ...created,
    nip: '197001012000011002',
    name: 'Yusuf A',
  });
  expect(put.statusCode).toBe(200);
  expect(Object.keys(put.json()).sort()).toEqual(fields.sort());
  expect((await login('197001012000011001', created.initial_password)).statusCode).toBe(401);
  expect((await login('197001012000011002', created.initial_password)).statusCode).toBe(200);

  const dup = await asAdmin('PATCH', `/api/v1/teachers?id=${created.id}`, {
    ...created,
    nip: t.fixture.teachers[0].nip,
  });
  expect(dup.statusCode).toBe(409);
  const asStudentNis = await asAdmin('POST', '/api/v1/teachers', {
    name: 'Z',
    nip: t.fixture.students[0].nis,
    specialization: 'X',
    status: 'A',
  });
  expect(asStudentNis.statusCode).toBe(409);

  const reset = (await asAdmin('POST', `/api/v1/teachers/reset-password?id=${created.id}`)).json();
  expect(Object.keys(reset)).toEqual(['initial_password']);
  expect((await login('197001012000011002', reset.initial_password)).statusCode).toBe(200);

  expect((await asAdmin('DELETE', `/api/v1/teachers?id=${created.id}`)).json()).toEqual({
    message: 'Teacher deleted successfully',
  });
  expect((await login('197001012000011002', reset.initial_password)).statusCode).toBe(401);
  expect((await asAdmin('DELETE', `/api/v1/teachers?id=${created.id}`)).statusCode).toBe(404);
});

it('400 naming the field for bad bodies; admin only', async () => {
  const res = await asAdmin('POST', '/api/v1/teachers', { name: 'A', nip: '1', status: 'Active' });
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/specialization/i);
  expect((await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/teachers' })).statusCode).toBe(403);
});

it('refuses a NIP that is not digits only and spells a common status one way', async () => {
  const bad = await asAdmin('POST', '/api/v1/teachers', {
    name: 'Guru',
    nip: 'NIP-1980',
    specialization: 'Physics',
    status: 'Active',
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toBe('nip must contain digits only (0-9)');
  const created = await asAdmin('POST', '/api/v1/teachers', {
    name: 'Guru',
    nip: '198003032007031003',
    specialization: 'Physics',
    status: 'transferred ',
  });
  expect(created.statusCode).toBe(200);
  expect(created.json().status).toBe('Transferred');
  expect((await asAdmin('DELETE', `/api/v1/teachers?id=${created.json().id}`)).statusCode).toBe(200);
});
