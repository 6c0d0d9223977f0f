import { buildTestApp, type TestApp } from '../../../test/helpers';

// The machine is shared and slow under load: give app start-up (migrations, PostgreSQL schema) room.
jest.setTimeout(30_000);

let t: TestApp;
let materialId: number;
let exerciseId: number;

const CONTENT = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Surabaya',
  '1_answer': 'a',
  '2': '2 + 2 = ?',
  '2_a': '3',
  '2_b': '4',
  '2_c': '5',
  '2_d': '6',
  '2_answer': 'B',
  '3_essay': 'Apa itu fotosintesis?',
  '3_essay_answer': 'proses tumbuhan membuat makanan dari cahaya matahari',
  '4_essay': 'Pendapatmu tentang sekolah?',
};

const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
  const m = await api('teacher', 'POST', '/materials', {
    title: 'Bab 1',
    description: 'd',
    content: '<p>x</p>',
    class_id: t.fixture.classes[0].id,
  });
  materialId = m.json().id;
});
afterAll(async () => {
  await t.close();
});

const answerKeys = (content: Record<string, string>) => Object.keys(content).filter((k) => k.endsWith('_answer'));

describe('exercise CRUD', () => {
  it('only the owner creates; bad content is 400; a second one is 409', async () => {
    expect(
      (
        await api('teacher2', 'POST', '/exercises', {
          title: 'L',
          total_marks: 100,
          material_id: materialId,
          content: CONTENT,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await api('student', 'POST', '/exercises', {
          title: 'L',
          total_marks: 100,
          material_id: materialId,
          content: CONTENT,
        })
      ).statusCode,
    ).toBe(403);
    for (const bad of [{ '1': 5 }, { '1': 'q', '1_a': 'a' }, { '2_essay': 'gap' }, 'text']) {
      const res = await api('teacher', 'POST', '/exercises', {
        title: 'L',
        total_marks: 100,
        material_id: materialId,
        content: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(
      (
        await api('teacher', 'POST', '/exercises', {
          title: 'L',
          total_marks: 0,
          material_id: materialId,
          content: CONTENT,
        })
      ).statusCode,
    ).toBe(400);
    const res = await api('teacher', 'POST', '/exercises', {
      title: 'Latihan 1',
      total_marks: 100,
      material_id: materialId,
      teacher_id: 12345,
      content: CONTENT,
    });
    expect(res.statusCode).toBe(200);
    const ex = res.json();
    expect(ex).toMatchObject({
      material_id: materialId,
      title: 'Latihan 1',
      total_marks: 100,
      teacher_id: t.fixture.teachers[0].id,
    });
    expect(ex.content['2_answer']).toBe('b');
    exerciseId = ex.id;
    const again = await api('teacher', 'POST', '/exercises', {
      title: 'L2',
      total_marks: 100,
      material_id: materialId,
      content: CONTENT,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Exercise already exists',
      message: 'Exercise already exists',
      code: 'item-exists',
      params: { what: 'exercise' },
    });
    const detail = await api('student', 'GET', `/materials/detail?id=${materialId}`);
    expect(detail.json().exercise_id).toBe(exerciseId);
  });

  it('GET by role: teachers get keys, students never do; strangers get 403', async () => {
    const teacher = await api('teacher', 'GET', `/exercises?material_id=${materialId}&number=0`);
    expect(teacher.json()[0].content).toEqual({ ...CONTENT, '2_answer': 'b' });
    for (const who of ['student', 'student2']) {
      const res = await api(who, 'GET', `/exercises?material_id=${materialId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(1);
      expect(answerKeys(res.json()[0].content)).toEqual([]);
      expect(res.json()[0].content['3_essay']).toBe('Apa itu fotosintesis?');
    }
    expect((await api('student3', 'GET', `/exercises?material_id=${materialId}`)).statusCode).toBe(403);
    expect((await api('teacher2', 'GET', `/exercises?material_id=${materialId}`)).statusCode).toBe(403);
    expect((await api('teacher', 'GET', '/exercises')).statusCode).toBe(400);
  });

  it('per-question form keeps question n only, without keys', async () => {
    const q1 = await api('student', 'GET', `/exercises/student?material_id=${materialId}&number=1`);
    expect(q1.json()).toEqual([
      {
        id: exerciseId,
        material_id: materialId,
        title: 'Latihan 1',
        total_marks: 100,
        teacher_id: t.fixture.teachers[0].id,
        shuffle_questions: false,
        shuffle_options: false,
        content: { '1': 'Ibu kota Indonesia?', '1_a': 'Jakarta', '1_b': 'Bandung', '1_c': 'Medan', '1_d': 'Surabaya' },
      },
    ]);
    const q3 = await api('teacher', 'GET', `/exercises/student?material_id=${materialId}&number=3`);
    expect(q3.json()[0].content).toEqual({ '3_essay': 'Apa itu fotosintesis?' });
    expect(
      (await api('student', 'GET', `/exercises/student?material_id=${materialId}&number=9`)).json()[0].content,
    ).toEqual({});
    expect((await api('student', 'GET', `/exercises/student?material_id=${materialId}&number=0`)).statusCode).toBe(400);
    expect((await api('student', 'GET', `/exercises/student?material_id=${materialId}`)).statusCode).toBe(400);
    expect((await api('student3', 'GET', `/exercises/student?material_id=${materialId}&number=1`)).statusCode).toBe(
      403,
    );
  });
});

describe('answer sheets and grading', () => {
  let sheetId: number;

  it('POST is idempotent and only for assigned students', async () => {
    const first = await api('student', 'POST', '/exercises-answers', {
      exercise_id: exerciseId,
      student_id: 999,
      answers: {},
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      exercise_id: exerciseId,
      student_id: t.fixture.students[0].id,
      answers: {},
      status: 'Active',
      score: null,
    });
    sheetId = first.json().id;
    const second = await api('student', 'POST', '/exercises-answers', {
      exercise_id: exerciseId,
      answers: { '1': 'c' },
    });
    expect(second.json().id).toBe(sheetId);
    expect(second.json().answers).toEqual({});
    expect(
      (await api('student3', 'POST', '/exercises-answers', { exercise_id: exerciseId, answers: {} })).statusCode,
    ).toBe(403);
    expect(
      (await api('teacher', 'POST', '/exercises-answers', { exercise_id: exerciseId, answers: {} })).statusCode,
    ).toBe(403);
  });

  it('PUT and PATCH save the whole map for the owner only; bad maps are 400', async () => {
    const put = await api('student', 'PUT', `/exercises-answers?id=${sheetId}`, { answers: { '1': 'A' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      id: sheetId,
      exercise_id: exerciseId,
      student_id: t.fixture.students[0].id,
      answers: { '1': 'A' },
      status: 'Active',
      score: null,
    });
    const answers = {
      '1': 'A',
      '2': 'C',
      '3': 'Proses tumbuhan membuat makanan dari cahaya matahari',
      '4': 'Sekolah saya menyenangkan',
    };
    const patch = await api('student', 'PATCH', `/exercises-answers?id=${sheetId}`, {
      exercise_id: 1,
      student_id: 2,
      answers,
    });
    expect(patch.json().answers).toEqual(answers);
    expect((await api('student2', 'PATCH', `/exercises-answers?id=${sheetId}`, { answers: {} })).statusCode).toBe(403);
    expect((await api('teacher', 'PATCH', `/exercises-answers?id=${sheetId}`, { answers: {} })).statusCode).toBe(403);
    expect((await api('student', 'PATCH', '/exercises-answers?id=987654', { answers: {} })).statusCode).toBe(404);
    for (const bad of [{ answers: null }, { answers: { x: 'a' } }, { answers: { '1': { a: 1 } } }, {}]) {
      expect((await api('student', 'PATCH', `/exercises-answers?id=${sheetId}`, bad)).statusCode).toBe(400);
    }
  });

  it('GET sheet: self, the class teacher, not another student or teacher', async () => {
    const mine = await api(
      'student',
      'GET',
      `/exercises-answers?exercise_id=${exerciseId}&student_id=${t.fixture.students[0].id}`,
    );
    expect(mine.json()).toHaveLength(1);
    expect(mine.json()[0].id).toBe(sheetId);
    expect(
      (
        await api(
          'student2',
          'GET',
          `/exercises-answers?exercise_id=${exerciseId}&student_id=${t.fixture.students[0].id}`,
        )
      ).statusCode,
    ).toBe(403);
    expect((await api('student2', 'GET', `/exercises-answers?exercise_id=${exerciseId}`)).json()).toEqual([]);
    expect(
      (
        await api(
          'teacher',
          'GET',
          `/exercises-answers?exercise_id=${exerciseId}&student_id=${t.fixture.students[0].id}`,
        )
      ).json()[0].id,
    ).toBe(sheetId);
    expect(
      (
        await api(
          'teacher2',
          'GET',
          `/exercises-answers?exercise_id=${exerciseId}&student_id=${t.fixture.students[0].id}`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('calculate-grade: uppercase MC matches, essay with reference scored, without reference pending; idempotent and locking', async () => {
    const other = await api('student', 'POST', '/exercises/calculate-grade', {
      exercise_id: exerciseId,
      student_id: t.fixture.students[1].id,
    });
    expect(other.statusCode).toBe(403);
    const res = await api('student', 'POST', '/exercises/calculate-grade', {
      exercise_id: exerciseId,
      student_id: t.fixture.students[0].id,
    });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g).toMatchObject({ exercise_id: exerciseId, student_id: t.fixture.students[0].id, score: 50 });
    expect(g.detail).toEqual({
      '1': { kind: 'mc', correct: true },
      '2': { kind: 'mc', correct: false },
      '3': { kind: 'essay', score: 25, max: 25, pending: false, source: 'local' },
      '4': { kind: 'essay', score: null, max: 25, pending: true, source: 'local' },
    });
    const again = await api('student', 'POST', '/exercises/calculate-grade', { exercise_id: exerciseId });
    expect(again.json()).toEqual(g);
    const locked = await api('student', 'PATCH', `/exercises-answers?id=${sheetId}`, { answers: { '2': 'b' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({
      error: 'Sheet already submitted',
      message: 'Sheet already submitted',
      code: 'sheet-already-submitted',
    });
    const sheet = await api('student', 'GET', `/exercises-answers?exercise_id=${exerciseId}`);
    expect(sheet.json()[0]).toMatchObject({ status: 'Inactive', score: 50 });
  });

  it('grades: self, class teacher, admin; one row per exercise', async () => {
    const s1 = t.fixture.students[0].id;
    expect(
      (await api('student', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}&student_id=${s1}`)).json(),
    ).toEqual([expect.objectContaining({ score: 50 })]);
    expect(
      (await api('teacher', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}&student_id=${s1}`)).json(),
    ).toHaveLength(1);
    expect(
      (await api('student2', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}&student_id=${s1}`)).statusCode,
    ).toBe(403);
    expect(
      (await api('teacher2', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}&student_id=${s1}`)).statusCode,
    ).toBe(403);
    expect((await api('student2', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}`)).json()).toEqual([]);
    const all = await api('student', 'GET', `/exercises/get-all-grade?student_id=${s1}`);
    expect(all.json()).toEqual([
      { id: expect.any(Number), exercise_id: exerciseId, student_id: s1, score: 50, detail: expect.any(Object) },
    ]);
    expect((await api('student2', 'GET', `/exercises/get-all-grade?student_id=${s1}`)).statusCode).toBe(403);
    expect((await api('teacher2', 'GET', `/exercises/get-all-grade?student_id=${s1}`)).json()).toEqual([]);
    expect((await api('admin', 'GET', `/exercises/get-all-grade?student_id=${s1}`)).json()).toHaveLength(1);
    expect((await api('admin', 'GET', '/exercises/get-all-grade')).statusCode).toBe(400);
  });

  it('submissions list every student of the class for the owner', async () => {
    const res = await api('teacher', 'GET', `/exercises/submissions?exercise_id=${exerciseId}`);
    expect(res.json()).toEqual([
      {
        student_id: t.fixture.students[0].id,
        name: 'Andi Pratama',
        nis: '2024000001',
        sheet_id: sheetId,
        status: 'Submitted',
        score: 50,
        pending_essays: 1,
        auto_scored_essays: 1,
        needs_review: true,
        auto_submitted: false,
        active: true,
        order_seed: expect.stringMatching(/^[\w-]{22}$/),
      },
      {
        student_id: t.fixture.students[1].id,
        name: 'Bunga Lestari',
        nis: '2024000002',
        sheet_id: null,
        status: 'Not started',
        score: null,
        pending_essays: 0,
        auto_scored_essays: 0,
        needs_review: false,
        auto_submitted: false,
        active: true,
        order_seed: expect.stringMatching(/^[\w-]{22}$/),
      },
    ]);
    expect((await api('teacher2', 'GET', `/exercises/submissions?exercise_id=${exerciseId}`)).statusCode).toBe(403);
    expect((await api('student', 'GET', `/exercises/submissions?exercise_id=${exerciseId}`)).statusCode).toBe(403);
    const one = await api(
      'teacher',
      'GET',
      `/exercises/submission?exercise_id=${exerciseId}&student_id=${t.fixture.students[0].id}`,
    );
    expect(one.json()).toMatchObject({
      student: { id: t.fixture.students[0].id, name: 'Andi Pratama', nis: '2024000001' },
      score: 50,
    });
    expect(one.json().content['1_answer']).toBe('a');
    expect(one.json().answers['4']).toBe('Sekolah saya menyenangkan');
    expect(one.json().detail['4'].pending).toBe(true);
    expect(
      (
        await api(
          'teacher',
          'GET',
          `/exercises/submission?exercise_id=${exerciseId}&student_id=${t.fixture.students[2].id}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('teacher override of an essay recomputes the total', async () => {
    const body = { exercise_id: exerciseId, student_id: t.fixture.students[0].id, number: 4, score: 20 };
    expect((await api('teacher2', 'PATCH', '/exercises/essay-score', body)).statusCode).toBe(403);
    expect((await api('student', 'PATCH', '/exercises/essay-score', body)).statusCode).toBe(403);
    expect((await api('teacher', 'PATCH', '/exercises/essay-score', { ...body, score: 26 })).statusCode).toBe(400);
    expect((await api('teacher', 'PATCH', '/exercises/essay-score', { ...body, number: 1 })).statusCode).toBe(400);
    expect(
      (await api('teacher', 'PATCH', '/exercises/essay-score', { ...body, student_id: t.fixture.students[1].id }))
        .statusCode,
    ).toBe(404);
    const res = await api('teacher', 'PUT', '/exercises/essay-score', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().score).toBe(70);
    expect(res.json().detail['4']).toEqual({ kind: 'essay', score: 20, max: 25, pending: false, source: 'teacher' });
    expect((await api('student', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}`)).json()[0].score).toBe(70);
  });

  it('a teacher may grade a student who never opened the exercise (empty sheet, 0)', async () => {
    const res = await api('teacher', 'POST', '/exercises/calculate-grade', {
      exercise_id: exerciseId,
      student_id: t.fixture.students[1].id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().score).toBe(0);
    expect(
      (
        await api('teacher', 'POST', '/exercises/calculate-grade', {
          exercise_id: exerciseId,
          student_id: t.fixture.students[2].id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await api('teacher', 'POST', '/exercises/calculate-grade', { exercise_id: exerciseId })).statusCode).toBe(
      400,
    );
  });

  it('deleting a sheet (teacher) removes its grade; students cannot delete', async () => {
    expect((await api('student', 'DELETE', `/exercises-answers?id=${sheetId}`)).statusCode).toBe(403);
    expect((await api('teacher2', 'DELETE', `/exercises-answers?id=${sheetId}`)).statusCode).toBe(403);
    expect((await api('teacher', 'DELETE', `/exercises-answers?id=${sheetId}`)).statusCode).toBe(200);
    expect((await api('student', 'GET', `/exercises/get-grade?exercise_id=${exerciseId}`)).json()).toEqual([]);
    expect((await api('student', 'GET', `/exercises-answers?exercise_id=${exerciseId}`)).json()).toEqual([]);
  });

  it('update (PUT/PATCH) and delete the exercise by the owner', async () => {
    const body = { title: 'Latihan baru', total_marks: 100, material_id: materialId, content: { '1_essay': 'Satu' } };
    expect((await api('teacher2', 'PUT', `/exercises?id=${exerciseId}`, body)).statusCode).toBe(403);
    const put = await api('teacher', 'PUT', `/exercises?id=${exerciseId}`, body);
    expect(put.json()).toMatchObject({ id: exerciseId, title: 'Latihan baru', content: { '1_essay': 'Satu' } });
    const patch = await api('teacher', 'PATCH', `/exercises?id=${exerciseId}`, { ...body, title: 'P' });
    expect(patch.json().title).toBe('P');
    expect((await api('student', 'GET', `/exercises?material_id=${materialId}`)).json()[0].content).toEqual({
      '1_essay': 'Satu',
    });
    expect((await api('student', 'DELETE', `/exercises?id=${exerciseId}`)).statusCode).toBe(403);
    expect((await api('teacher', 'DELETE', `/exercises?id=${exerciseId}`)).json()).toEqual({
      message: 'Exercise deleted successfully',
    });
    expect((await api('student', 'GET', `/exercises?material_id=${materialId}`)).json()).toEqual([]);
  });
});
