import { buildTestApp, type TestApp } from '../../../test/helpers';
import { CONTENT } from '../../../test/reliability/world';
import { dataUrl, phoneJpeg } from '../../../test/pictures';

jest.setTimeout(60_000);

let t: TestApp;
/** teachers[0]'s parallel grade-10 classes beside fixture class 0, and a grade-11 class of theirs. */
let parallel: number[];
let otherGrade: number;

beforeAll(async () => {
  t = await buildTestApp();
  const newClass = async (name: string, grade: number) =>
    (
      await t.injectWithLogin('admin', {
        method: 'POST',
        url: '/api/v1/classes',
        payload: { name, description: 'paralel', teacher_id: t.fixture.teachers[0].id, grade },
      })
    ).json().id as number;
  parallel = [await newClass('X IPA 2', 10), await newClass('X IPA 3', 10)];
  otherGrade = await newClass('XI IPA 9', 11);
});
afterAll(async () => {
  await t.close();
});

const source = () => t.fixture.classes[0].id;
const copy = (who: string, payload: unknown) =>
  t.injectWithLogin(who, { method: 'POST', url: '/api/v1/materials/copy', payload: payload as object });
const count = async (table: 'materials' | 'exercises') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function materialWithExercise() {
  const photo = dataUrl('image/jpeg', phoneJpeg(4));
  const m = (
    await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/materials',
      payload: {
        title: 'Gerak harmonik',
        description: 'Bandul',
        content: `<p>T = 2π√(l/g)</p><p><img src="${photo}"></p>`,
        class_id: source(),
      },
    })
  ).json();
  const e = (
    await t.injectWithLogin('teacher', {
      method: 'POST',
      url: '/api/v1/exercises',
      payload: {
        title: 'Latihan bandul',
        total_marks: 100,
        material_id: m.id,
        content: CONTENT,
        shuffle_questions: true,
      },
    })
  ).json();
  return { material: m as { id: number; content: string }, exerciseId: e.id as number };
}

describe('POST /materials/copy: a material with its exercise into parallel classes', () => {
  it('copies into several classes of the same grade in one request; the student of a target class reads it, picture included', async () => {
    const { material, exerciseId } = await materialWithExercise();
    const res = await copy('teacher', { material_id: material.id, class_ids: parallel });
    expect(res.statusCode).toBe(200);
    const copies = res.json().materials as {
      id: number;
      class_id: number;
      content: string;
      title: string;
      exercise_id: number;
      teacher_id: number;
    }[];
    expect(copies.map((c) => c.class_id)).toEqual(parallel);
    for (const c of copies) {
      expect(c).toMatchObject({
        title: 'Gerak harmonik',
        content: material.content,
        teacher_id: t.fixture.teachers[0].id,
      });
      expect(c.exercise_id).not.toBe(exerciseId);
      const ex = await t.injectWithLogin('teacher', { method: 'GET', url: `/api/v1/exercises?material_id=${c.id}` });
      expect(ex.statusCode).toBe(200);
      expect(ex.json()).toEqual([
        expect.objectContaining({ id: c.exercise_id, title: 'Latihan bandul', content: CONTENT, material_id: c.id }),
      ]);
    }
    // students[0] is in every grade-10 class: they read the copy, and its picture loads.
    const read = await t.injectWithLogin('student', {
      method: 'GET',
      url: `/api/v1/materials/detail?id=${copies[0].id}`,
    });
    expect(read.statusCode).toBe(200);
    const picture = /src="([^"]+)"/.exec(read.json().content)![1];
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);
  });

  it('copies are independent: editing or deleting the original leaves the copy as it was', async () => {
    const { material, exerciseId } = await materialWithExercise();
    const [c] = (await copy('teacher', { material_id: material.id, class_ids: [parallel[0]] })).json().materials;
    const edit = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/materials?id=${material.id}`,
      payload: { title: 'Diubah', description: 'x', content: '<p>baru</p>' },
    });
    expect(edit.statusCode).toBe(200);
    const changedKey = { ...CONTENT, '1': 'Berapakah 3 + 3?' };
    expect(
      (
        await t.injectWithLogin('teacher', {
          method: 'PUT',
          url: `/api/v1/exercises?id=${exerciseId}`,
          payload: { title: 'Diubah', total_marks: 50, content: changedKey },
        })
      ).statusCode,
    ).toBe(200);
    const after = (
      await t.injectWithLogin('teacher', { method: 'GET', url: `/api/v1/materials/detail?id=${c.id}` })
    ).json();
    expect(after).toMatchObject({ title: 'Gerak harmonik', content: material.content, exercise_id: c.exercise_id });
    expect(
      (await t.injectWithLogin('teacher', { method: 'GET', url: `/api/v1/exercises?material_id=${c.id}` })).json(),
    ).toEqual([expect.objectContaining({ title: 'Latihan bandul', total_marks: 100, content: CONTENT })]);
    // And the other way round: the deleted original takes nothing of the copy with it; its picture still loads.
    expect(
      (await t.injectWithLogin('teacher', { method: 'DELETE', url: `/api/v1/materials?id=${material.id}` })).statusCode,
    ).toBe(200);
    const still = await t.injectWithLogin('student', { method: 'GET', url: `/api/v1/materials/detail?id=${c.id}` });
    expect(still.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: /src="([^"]+)"/.exec(still.json().content)![1] })).statusCode,
    ).toBe(200);
  });

  it('a material without an exercise is copied without one', async () => {
    const m = (
      await t.injectWithLogin('teacher', {
        method: 'POST',
        url: '/api/v1/materials',
        payload: { title: 'Tanpa latihan', description: '', content: '<p>x</p>', class_id: source() },
      })
    ).json();
    const res = await copy('admin', { material_id: m.id, class_ids: [parallel[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().materials).toEqual([expect.objectContaining({ class_id: parallel[1], exercise_id: null })]);
  });

  it("refuses another grade, the own class, other teachers' classes and bad lists, and copies nothing at all then", async () => {
    const { material } = await materialWithExercise();
    const before = [await count('materials'), await count('exercises')];
    const refusals: [string, unknown, number, string?][] = [
      ['teacher', { material_id: material.id, class_ids: [parallel[0], otherGrade] }, 400, 'copy-grade-mismatch'],
      ['teacher', { material_id: material.id, class_ids: [parallel[0], source()] }, 400, 'copy-to-same-class'],
      // class 1 is teacher2's: the first target would be valid, the request still copies nothing
      ['teacher', { material_id: material.id, class_ids: [parallel[0], t.fixture.classes[1].id] }, 403],
      ['teacher2', { material_id: material.id, class_ids: [t.fixture.classes[1].id] }, 403],
      ['student', { material_id: material.id, class_ids: [parallel[0]] }, 403],
      ['teacher', { material_id: 2 ** 31 - 1, class_ids: [parallel[0]] }, 404],
      ['teacher', { material_id: material.id, class_ids: [2 ** 31 - 1] }, 404],
      ['teacher', { material_id: material.id, class_ids: [] }, 400],
      ['teacher', { material_id: material.id, class_ids: [parallel[0], parallel[0]] }, 400],
      ['teacher', { material_id: material.id, class_ids: Array.from({ length: 21 }, (_, i) => i + 1) }, 400],
      ['teacher', { material_id: material.id, class_ids: [1e300] }, 400],
      ['teacher', { material_id: material.id, class_ids: ['١'] }, 400],
      ['teacher', { material_id: '1; drop table materials', class_ids: [parallel[0]] }, 400],
      ['teacher', { material_id: material.id }, 400],
    ];
    for (const [who, payload, status, code] of refusals) {
      const res = await copy(who, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), status]);
      expect(res.json()).toEqual(
        expect.objectContaining({
          error: expect.any(String),
          message: expect.any(String),
          code: code ?? expect.any(String),
        }),
      );
    }
    expect([await count('materials'), await count('exercises')]).toEqual(before);
  });
});
