import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import * as sanitize from '../../domain/sanitize';
import { OFF_THREAD_HTML_CHARS } from '../../lib/sanitize-workers';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const classA = () => t.fixture.classes[0]; // teacher, students 1 and 2
const classB = () => t.fixture.classes[1]; // teacher2, student3

async function createMaterial(who = 'teacher', classId = classA().id, extra: Record<string, unknown> = {}) {
  return t.injectWithLogin(who, {
    method: 'POST',
    url: '/api/v1/materials',
    payload: {
      title: 'Aljabar',
      description: 'Dasar aljabar',
      content: '<p>Isi <strong>materi</strong><script>alert(1)</script></p>',
      class_id: classId,
      teacher_id: 999,
      ...extra,
    },
  });
}

describe('materials', () => {
  it('the class teacher creates a material; HTML is sanitized and teacher_id comes from the class', async () => {
    const res = await createMaterial();
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      class_id: classA().id,
      title: 'Aljabar',
      description: 'Dasar aljabar',
      teacher_id: t.fixture.teachers[0].id,
      exercise_id: null,
    });
    expect(m.content).toBe('<p>Isi <strong>materi</strong></p>');
    expect(typeof m.id).toBe('number');
  });

  it('another teacher and students cannot create in the class', async () => {
    expect((await createMaterial('teacher2')).statusCode).toBe(403);
    expect((await createMaterial('student')).statusCode).toBe(403);
    expect((await createMaterial('teacher', 99999)).statusCode).toBe(404);
  });

  it('rejects bad input with 400 {error, message}', async () => {
    const res = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: { title: '', description: 'x', content: 'y', class_id: classA().id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Title must not be empty.',
      message: 'Title must not be empty.',
      field: 'title',
      code: 'validation-empty',
      params: { field: 'title' },
    });
    const noClass = await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: { title: 'a', description: 'x', content: 'y' },
    });
    expect(noClass.statusCode).toBe(400);
  });

  it('lists from-class with both meta keys for the teacher and assigned students only', async () => {
    await createMaterial();
    const res = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/materials/from-class?id=${classA().id}&page=1&pageSize=1`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.materials).toHaveLength(1);
    expect(body.materials[0]).toHaveProperty('exercise_id', null);
    expect(body.meta).toMatchObject({ page: 1, pageSize: 1 });
    expect(body.meta.totalPage).toBe(body.meta.total);
    expect(body.meta.totalpages).toBe(body.meta.totalPage);
    expect(
      (await t.injectWithLogin('student3', { method: 'GET', url: `/api/v1/materials/from-class?id=${classA().id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.injectWithLogin('teacher2', { method: 'GET', url: `/api/v1/materials/from-class?id=${classA().id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.injectWithLogin('admin', { method: 'GET', url: `/api/v1/materials/from-class?id=${classA().id}` }))
        .statusCode,
    ).toBe(200);
    const empty = await t.injectWithLogin('teacher2', {
      method: 'GET',
      url: `/api/v1/materials/from-class?id=${classB().id}`,
    });
    expect(empty.json()).toEqual({
      materials: [],
      meta: { page: 1, pageSize: 15, total: 0, totalPage: 0, totalpages: 0 },
    });
    expect(
      (await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/materials/from-class' })).statusCode,
    ).toBe(400);
  });

  it('detail: owner, assigned student and admin; 403 for others, 404 when missing', async () => {
    const m = (await createMaterial()).json();
    for (const who of ['teacher', 'student', 'student2', 'admin']) {
      const res = await t.injectWithLogin(who, { method: 'GET', url: `/api/v1/materials/detail?id=${m.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: m.id, title: 'Aljabar', exercise_id: null });
    }
    for (const who of ['teacher2', 'student3']) {
      expect(
        (await t.injectWithLogin(who, { method: 'GET', url: `/api/v1/materials/detail?id=${m.id}` })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.injectWithLogin('teacher', { method: 'GET', url: '/api/v1/materials/detail?id=987654' })).statusCode,
    ).toBe(404);
  });

  it('update with PUT and PATCH by the owner only', async () => {
    const m = (await createMaterial()).json();
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await t.injectWithLogin('teacher', {
        method,
        url: `/api/v1/materials?id=${m.id}`,
        payload: { ...m, title: `Baru ${method}`, content: '<p onclick="x()">ok</p>' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: m.id, title: `Baru ${method}`, content: '<p>ok</p>' });
    }
    const other = await t.injectWithLogin('teacher2', {
      method: 'PUT',
      url: `/api/v1/materials?id=${m.id}`,
      payload: { title: 'x', description: 'y', content: 'z' },
    });
    expect(other.statusCode).toBe(403);
    const moved = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/materials?id=${m.id}`,
      payload: { title: 'x', description: 'y', content: 'z', class_id: classB().id },
    });
    expect(moved.statusCode).toBe(403);
    const missing = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: '/api/v1/materials?id=999999',
      payload: { title: 'x', description: 'y', content: 'z' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /materials: a teacher sees only their own', async () => {
    await createMaterial('teacher2', classB().id);
    const mine = (await t.injectWithLogin('teacher2', { method: 'GET', url: '/api/v1/materials' })).json();
    expect(mine.materials.length).toBeGreaterThan(0);
    expect(mine.materials.every((m: { teacher_id: number }) => m.teacher_id === t.fixture.teachers[1].id)).toBe(true);
    expect((await t.injectWithLogin('student', { method: 'GET', url: '/api/v1/materials' })).statusCode).toBe(403);
  });

  it('delete by the owner only', async () => {
    const m = (await createMaterial()).json();
    expect(
      (await t.injectWithLogin('teacher2', { method: 'DELETE', url: `/api/v1/materials?id=${m.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.injectWithLogin('student', { method: 'DELETE', url: `/api/v1/materials?id=${m.id}` })).statusCode,
    ).toBe(403);
    const res = await t.injectWithLogin('teacher', { method: 'DELETE', url: `/api/v1/materials?id=${m.id}` });
    expect(res.json()).toEqual({ message: 'Material deleted successfully' });
    expect(
      (await t.injectWithLogin('teacher', { method: 'GET', url: `/api/v1/materials/detail?id=${m.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.injectWithLogin('teacher', { method: 'DELETE', url: `/api/v1/materials?id=${m.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('long HTML is sanitized on a worker thread, short HTML on the main thread', () => {
  it('stores exactly what the main thread would, and refuses with the same 400s', async () => {
    const unit =
      '<p class="evil ql-align-center" onclick="x()"><span style="color: red; position: fixed">merah</span> kata<script>alert(1)</script></p>';
    const long = unit.repeat(Math.ceil(OFF_THREAD_HTML_CHARS / unit.length));
    const expected = sanitize.sanitizeRichHtml(long);
    const onMainThread = jest.spyOn(sanitize, 'sanitizeRichHtml');
    try {
      const res = await createMaterial('teacher', classA().id, { content: long });
      expect(res.statusCode).toBe(200);
      expect(onMainThread.mock.calls.length).toBe(0);
      expect(res.json().content).toBe(expected);
      expect(res.json().content).toBe(
        '<p class="ql-align-center"><span style="color:red">merah</span> kata</p>'.repeat(
          Math.ceil(OFF_THREAD_HTML_CHARS / unit.length),
        ),
      );

      const deep = await t.injectWithLogin('teacher', {
        method: 'PUT',
        url: `/api/v1/materials?id=${res.json().id}`,
        payload: { title: 'a', description: 'd', content: '<b>'.repeat(200_000) },
      });
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toMatchObject({ code: 'html-too-deep' });
      expect(onMainThread.mock.calls.length).toBe(0);

      expect((await createMaterial()).json().content).toBe('<p>Isi <strong>materi</strong></p>');
      expect(onMainThread).toHaveBeenCalledTimes(1);
    } finally {
      onMainThread.mockRestore();
    }
  });
});

describe('pictures from other sites in a material', () => {
  it('are kept with referrerpolicy="no-referrer" and never fetched by the server (saving, reading)', async () => {
    const requests: string[] = [];
    const site = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = site.address() as AddressInfo;
      const src = `http://127.0.0.1:${port}/peta.png`;
      const res = await createMaterial('teacher', classA().id, {
        content: `<p><img src="${src}" referrerpolicy="unsafe-url"></p>`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toBe(`<p><img src="${src}" referrerpolicy="no-referrer" /></p>`);
      const read = await t.injectWithLogin('student', {
        method: 'GET',
        url: `/api/v1/materials/detail?id=${res.json().id}`,
      });
      expect(read.json().content).toBe(`<p><img src="${src}" referrerpolicy="no-referrer" /></p>`);
      await new Promise((resolve) => setTimeout(resolve, 200)); // room for any fetch the server might have started
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });
});

describe('every field of the replies (their response schemas would drop one not listed)', () => {
  it('create, detail, both lists and update keep every field in order', async () => {
    const fields = ['id', 'class_id', 'title', 'description', 'content', 'teacher_id', 'exercise_id'];
    const created = (await createMaterial()).json();
    expect(Object.keys(created)).toEqual(fields);
    const detail = (
      await t.injectWithLogin('student', { method: 'GET', url: `/api/v1/materials/detail?id=${created.id}` })
    ).json();
    expect(Object.keys(detail)).toEqual(fields);
    for (const url of ['/api/v1/materials', `/api/v1/materials/from-class?id=${classA().id}`]) {
      const list = (await t.injectWithLogin('teacher', { method: 'GET', url })).json();
      expect(Object.keys(list)).toEqual(['materials', 'meta']);
      expect(Object.keys(list.materials[0])).toEqual(fields);
    }
    const put = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/materials?id=${created.id}`,
      payload: { title: 'Baru', description: 'd', content: '<p>x</p>' },
    });
    expect(Object.keys(put.json())).toEqual(fields);
    expect(put.json()).toMatchObject({ id: created.id, title: 'Baru', exercise_id: null });
    const del = await t.injectWithLogin('teacher', { method: 'DELETE', url: `/api/v1/materials?id=${created.id}` });
    expect(del.json()).toEqual({ message: 'Material deleted successfully' });
  });
});
