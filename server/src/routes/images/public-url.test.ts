import crypto from 'node:crypto';
import { formatWib } from '../../domain/exam-window';
import { buildTestApp } from '../../../test/helpers';

// Pictures are stored as /api/v1/images/… and made absolute from PUBLIC_URL when read, so a frontend on another
// origin shows them. The request's Host header (which a client can forge) never decides the origin.
jest.setTimeout(30_000);

const PUBLIC_URL = 'https://kelasku.sman1.sch.id';
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG = `data:image/png;base64,${PNG_B64}`;
const STORED = `/api/v1/images/${crypto.createHash('sha256').update(Buffer.from(PNG_B64, 'base64')).digest('hex')}.png`;
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

const exerciseContent = (pict: string) => ({
  '1': 'Gambar apa ini?',
  '1_a': 'Peta',
  '1_b': 'Foto',
  '1_c': 'Grafik',
  '1_d': 'Tabel',
  '1_answer': 'a',
  '1_pict': pict,
  '2_essay': `<p>Jelaskan gambar ini <img src="${pict}"></p>`,
});

async function world(publicUrl?: string) {
  const t = await buildTestApp(publicUrl ? { app: { publicUrl } } : {});
  const api = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.injectWithLogin(who, { method, url: `/api/v1${url}`, headers: FORGED, ...(payload ? { payload } : {}) });
  const classId = t.fixture.classes[0].id;
  const material = await api('teacher', 'POST', '/materials', {
    title: 'Peta',
    description: 'd',
    content: `<p>Peta <img src="${PNG}"></p>`,
    class_id: classId,
  });
  expect(material.statusCode).toBe(200);
  const exercise = await api('teacher', 'POST', '/exercises', {
    title: 'L',
    total_marks: 100,
    material_id: material.json().id,
    content: exerciseContent(PNG),
  });
  expect(exercise.statusCode).toBe(200);
  const now = Date.now();
  const exam = await api('teacher', 'POST', '/exams', {
    title: 'UTS',
    total_marks: 100,
    class_id: classId,
    content: exerciseContent(PNG),
    start_time: formatWib(now - 3_600_000),
    end_time: formatWib(now + 3_600_000),
  });
  expect(exam.statusCode).toBe(200);
  return {
    t,
    api,
    classId,
    materialId: material.json().id as number,
    exerciseId: exercise.json().id as number,
    examId: exam.json().id as number,
  };
}

describe('with PUBLIC_URL', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(PUBLIC_URL);
  });
  afterAll(async () => {
    await w.t.close();
  });
  const absolute = `${PUBLIC_URL}${STORED}`;

  it('material content has absolute picture URLs from PUBLIC_URL, whatever Host the request names', async () => {
    const detail = await w.api('student', 'GET', `/materials/detail?id=${w.materialId}`);
    expect(detail.json().content).toBe(`<p>Peta <img width="1" height="1" src="${absolute}" /></p>`);
    const list = await w.api('student', 'GET', `/materials/from-class?id=${w.classId}`);
    expect(list.json().materials[0].content).toContain(`src="${absolute}"`);
    expect(JSON.stringify(list.json())).not.toContain('evil.example');
  });

  it('exercise and exam content maps have absolute n_pict and inline <img> URLs', async () => {
    const exercise = (await w.api('student', 'GET', `/exercises?material_id=${w.materialId}`)).json()[0];
    expect(exercise.content['1_pict']).toBe(`${absolute}#1x1`); // with its size (pictures sized for phones)
    expect(exercise.content['2_essay']).toContain(`src="${absolute}"`);
    const exam = (await w.api('student', 'GET', `/exams?class_id=${w.classId}`)).json()[0];
    expect(exam.content['1_pict']).toBe(`${absolute}#1x1`); // with its size (pictures sized for phones)
    const created = await w.api('teacher', 'PUT', `/exercises?id=${w.exerciseId}`, {
      title: 'L',
      total_marks: 100,
      content: exerciseContent(PNG),
    });
    expect(created.json().content['1_pict']).toBe(`${absolute}#1x1`); // with its size (pictures sized for phones)
  });

  it('a teacher saving back what was read stores the pictures relative again', async () => {
    const material = (await w.api('teacher', 'GET', `/materials/detail?id=${w.materialId}`)).json();
    const saved = await w.api('teacher', 'PUT', `/materials?id=${w.materialId}`, {
      title: material.title,
      description: material.description,
      content: material.content,
    });
    expect(saved.statusCode).toBe(200);
    const exercise = (await w.api('teacher', 'GET', `/exercises?material_id=${w.materialId}`)).json()[0];
    const resaved = await w.api('teacher', 'PUT', `/exercises?id=${w.exerciseId}`, {
      title: 'L',
      total_marks: 100,
      content: exercise.content,
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().content['1_pict']).toBe(`${absolute}#1x1`); // with its size (pictures sized for phones)
    const stored = await w.t.db
      .selectFrom('materials')
      .select('content')
      .where('id', '=', w.materialId)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(`<p>Peta <img width="1" height="1" src="${STORED}" /></p>`);
    const storedExercise = await w.t.db
      .selectFrom('exercises')
      .select('content')
      .where('id', '=', w.exerciseId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(storedExercise.content)).not.toContain(PUBLIC_URL);
  });
});

describe('without PUBLIC_URL', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(async () => {
    await w.t.close();
  });

  it('picture URLs stay root-relative (and the Host header is not used either)', async () => {
    const detail = await w.api('student', 'GET', `/materials/detail?id=${w.materialId}`);
    expect(detail.json().content).toBe(`<p>Peta <img width="1" height="1" src="${STORED}" /></p>`);
    const exercise = (await w.api('student', 'GET', `/exercises?material_id=${w.materialId}`)).json()[0];
    expect(exercise.content['1_pict']).toBe(`${STORED}#1x1`);
  });
});
