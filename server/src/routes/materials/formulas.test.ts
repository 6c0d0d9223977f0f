import { MAX_FORMULA_CHARS } from '@kelasku/shared-rules';
import { buildTestApp, type TestApp } from '../../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const classA = () => t.fixture.classes[0]; // teacher, students 1 and 2
const formula = (latex: string) => `<span class="ql-formula" data-value="${latex}">${latex}</span>`;
const pendulum = `<p>T = ${formula('2\\pi\\sqrt{\\frac{l}{g}}')} detik</p>`;

const create = (content: string) =>
  t.injectWithLogin('teacher', {
    method: 'POST',
    url: '/api/v1/materials',
    payload: { title: 'Bandul', description: 'Getaran', content, class_id: classA().id },
  });

describe('formulas in a material', () => {
  it('are stored as the editor wrote them and read so by an assigned student', async () => {
    const res = await create(pendulum);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(pendulum);
    const list = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/materials/from-class?id=${classA().id}&pageSize=50`,
    });
    expect(list.statusCode).toBe(200);
    const read = list.json().materials.find((m: { id: number }) => m.id === res.json().id);
    expect(read.content).toBe(pendulum);
  });

  it('keep data-value on the formula span only, escaped, when a material is edited', async () => {
    const { id } = (await create('<p>x</p>')).json();
    const sent =
      '<p data-value="a">p</p><span class="ql-formula" data-value="&quot;><script>alert(1)</script>">x</span>';
    const res = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/materials?id=${id}`,
      payload: { title: 'Bandul', description: 'd', content: sent },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe(
      '<p>p</p><span class="ql-formula" data-value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</span>',
    );
  });

  it('refuse a formula past the cap with 400 formula-too-long, storing nothing', async () => {
    const before = await t.injectWithLogin('teacher', {
      method: 'GET',
      url: `/api/v1/materials/from-class?id=${classA().id}&pageSize=50`,
    });
    const res = await create(`<p>${formula('x'.repeat(MAX_FORMULA_CHARS + 1))}</p>`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'formula-too-long', params: { limit: MAX_FORMULA_CHARS } });
    expect(typeof res.json().message).toBe('string');
    const after = await t.injectWithLogin('teacher', {
      method: 'GET',
      url: `/api/v1/materials/from-class?id=${classA().id}&pageSize=50`,
    });
    expect(after.json().meta.total).toBe(before.json().meta.total);
  });
});
