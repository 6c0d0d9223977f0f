import { buildTestApp, type TestApp } from '../test/helpers';
import { openWindow } from '../test/reliability/world';
import { readAnswersColumn, toDbJson } from './db/json';
import { parseContentColumn } from './domain/content';
import { parseDetailColumn } from './domain/grading';
import { MAX_SHEET_BYTES, sheetBytes } from './domain/sheet-bounds';
import {
  MAX_ANSWER_BYTES,
  MAX_DESCRIPTION_BYTES,
  MAX_HTML_ELEMENTS,
  MAX_MATERIAL_BYTES,
  MAX_QUESTION_TEXT_BYTES,
  MAX_REPLY_BYTES,
  MAX_REPORT_REASON_BYTES,
  MAX_RICH_HTML_CHARS,
  MAX_TOPIC_BYTES,
} from './domain/limits';
import { materialBytes } from './domain/material-bytes';
import { cutToBytes, type FitReport, type FittedText, fitStoredTexts, TRIM_MARKER } from './fit-stored-texts';
import { overBytes, textBytes } from '@kelasku/shared-rules';

// App start-up (migrations, a PostgreSQL schema) is slow on the shared machine.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const api = async (who: string, method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await t.injectWithLogin(who, { method, url: `/api/v1${url}`, payload });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('cutToBytes', () => {
  it('keeps the longest prefix that fits with the marker, never half a surrogate pair', () => {
    expect(cutToBytes('abcdefghij', 5 + textBytes(TRIM_MARKER))).toBe(`abcde${TRIM_MARKER}`);
    // 🌱 is two UTF-16 units and 4 bytes: with room for 3 bytes after "a", the pair is not split
    const cut = cutToBytes('a🌱b', 4 + textBytes(TRIM_MARKER));
    expect(cut).toBe(`a${TRIM_MARKER}`);
    // JSON escapes count as what they take in a reply
    expect(textBytes(cutToBytes('"'.repeat(100), 50))).toBeLessThanOrEqual(50);
  });
});

describe('fit-texts: texts stored before the byte caps', () => {
  it('lists them in a dry run, shortens them with apply (originals handed over first), and then leaves them be', async () => {
    const classId = t.fixture.classes[0].id;
    const material = await api('teacher', 'POST', '/materials', {
      title: 'Sel',
      description: 'd',
      content: '<p>x</p>',
      class_id: classId,
    });
    const exercise = await api('teacher', 'POST', '/exercises', {
      title: 'Latihan',
      total_marks: 100,
      material_id: material.id,
      content: { '1_essay': 'Jelaskan', '2': 'Apa?', '2_a': 'a', '2_b': 'b', '2_c': 'c', '2_d': 'd', '2_answer': 'a' },
    });
    const exam = await api('teacher', 'POST', '/exams', {
      title: 'UH',
      total_marks: 100,
      class_id: classId,
      ...openWindow(),
      content: { '1': 'Apa?', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'b' },
    });
    const post = await api('student', 'POST', '/discussions', { topic: 'Tanya', description: 'd' });
    const forum = await api('student', 'POST', '/discussions-material', {
      topic: 'T',
      description: 'D',
      material_id: material.id,
    });
    const replied = await api('student2', 'PUT', `/discussions/reply?id=${post.id}`, { replies: 'Besok' });
    const replyId = (replied.replies as { id: string }[])[0].id;
    const small = await api('teacher', 'POST', '/materials', {
      title: 'Kecil',
      description: 'd',
      content: '<p>kecil</p>',
      class_id: classId,
    });
    const crowded = await api('teacher', 'POST', '/materials', {
      title: 'Ramai',
      description: 'd',
      content: '<p>x</p>',
      class_id: classId,
    });

    // What older releases let through: longer texts, emoji (4 bytes each), and an HTML material past both caps.
    const essay = `Jelaskan 🌱 ${'proses fotosintesis '.repeat(2_000)}`;
    const option = 'é'.repeat(MAX_QUESTION_TEXT_BYTES); // 2 bytes each
    const topic = 'Topik '.repeat(400);
    const description = 'Kapan dikumpulkan? '.repeat(1_000);
    const reply = 'Besok pagi 😀 '.repeat(1_000);
    const html =
      '<h2>Bab</h2>' +
      `<p><span style="color: red">merah</span> <strong>tebal</strong> ${'kata '.repeat(340)}</p>`.repeat(1_000);
    const many = '<p><b>x</b> ' + 'y'.repeat(60) + '</p>'; // 40,000 elements in 1.5 M characters
    const oldContent = {
      ...parseContentColumn(
        (
          await t.app.db
            .selectFrom('exercises')
            .select('content')
            .where('id', '=', exercise.id)
            .executeTakeFirstOrThrow()
        ).content,
      ),
      '1_essay': essay,
    };
    await t.app.db
      .updateTable('exercises')
      .set({ content: toDbJson(oldContent) })
      .where('id', '=', exercise.id)
      .execute();
    const examContent = {
      ...parseContentColumn(
        (await t.app.db.selectFrom('exams').select('content').where('id', '=', exam.id).executeTakeFirstOrThrow())
          .content,
      ),
      '1_c': option + 'x',
    };
    await t.app.db
      .updateTable('exams')
      .set({ content: toDbJson(examContent) })
      .where('id', '=', exam.id)
      .execute();
    await t.app.db.updateTable('general_forum').set({ topic, description }).where('id', '=', post.id).execute();
    await t.app.db.updateTable('material_forum').set({ description }).where('id', '=', forum.id).execute();
    await t.app.db.updateTable('discussion_replies').set({ reply }).where('id', '=', replyId).execute();
    await t.app.db
      .updateTable('materials')
      .set({ content: html, ...materialBytes({ title: 'Sel', description: 'd', content: html }) })
      .where('id', '=', material.id)
      .execute();
    await t.app.db
      .updateTable('materials')
      .set({
        content: many.repeat(20_000),
        ...materialBytes({ title: 'Ramai', description: 'd', content: many.repeat(20_000) }),
      })
      .where('id', '=', crowded.id)
      .execute();
    expect(html.length).toBeGreaterThan(MAX_RICH_HTML_CHARS);
    expect(materialBytes({ title: 'Sel', description: 'd', content: html }).list_bytes).toBeGreaterThan(
      MAX_MATERIAL_BYTES,
    );
    // A teacher's save of such an exercise as it is stored is refused today: the reason for the command.
    const refused = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/exercises?id=${exercise.id}`,
      payload: { title: 'Latihan', total_marks: 100, content: oldContent },
    });
    expect(refused.statusCode).toBe(400);

    const expected: Partial<FittedText>[] = [
      { table: 'exercises', id: exercise.id, field: 'content["1_essay"]', cap: MAX_QUESTION_TEXT_BYTES },
      { table: 'exams', id: exam.id, field: 'content["1_c"]', cap: MAX_QUESTION_TEXT_BYTES },
      { table: 'general_forum', id: post.id, field: 'topic', cap: MAX_TOPIC_BYTES },
      { table: 'general_forum', id: post.id, field: 'description', cap: MAX_DESCRIPTION_BYTES },
      { table: 'material_forum', id: forum.id, field: 'description', cap: MAX_DESCRIPTION_BYTES },
      { table: 'discussion_replies', id: replyId, field: 'reply', cap: MAX_REPLY_BYTES },
      { table: 'materials', id: material.id, field: 'content', cap: MAX_MATERIAL_BYTES },
      { table: 'materials', id: crowded.id, field: 'content (characters without pictures)', cap: MAX_RICH_HTML_CHARS },
    ];
    const dry = await fitStoredTexts(t.app.db, { apply: false });
    expect(dry).toEqual({ over: expected.map((e) => expect.objectContaining(e)), leftAsTheyAre: [] });
    expect(
      (await t.app.db.selectFrom('general_forum').select('topic').where('id', '=', post.id).executeTakeFirstOrThrow())
        .topic,
    ).toBe(topic);

    const kept: { text: FittedText; original: string }[] = [];
    const applied = await fitStoredTexts(t.app.db, {
      apply: true,
      keep: (text, original) => kept.push({ text, original }),
    });
    expect(applied.over).toEqual(dry.over);
    expect(kept.map((k) => k.original)).toEqual([
      essay,
      option + 'x',
      topic,
      description,
      description,
      reply,
      html,
      many.repeat(20_000),
    ]);

    const fitted = (text: string, original: string, cap: number) => {
      expect(overBytes(text, cap)).toBe(false);
      expect(text.endsWith(TRIM_MARKER)).toBe(true);
      expect(original.startsWith(text.slice(0, -TRIM_MARKER.length))).toBe(true);
      expect(text.length).toBeGreaterThan(cap / 8);
    };
    const exerciseNow = parseContentColumn(
      (await t.app.db.selectFrom('exercises').select('content').where('id', '=', exercise.id).executeTakeFirstOrThrow())
        .content,
    );
    fitted(exerciseNow['1_essay'], essay, MAX_QUESTION_TEXT_BYTES);
    expect({ ...exerciseNow, '1_essay': essay }).toEqual(oldContent); // the other texts as they were
    const examNow = parseContentColumn(
      (await t.app.db.selectFrom('exams').select('content').where('id', '=', exam.id).executeTakeFirstOrThrow())
        .content,
    );
    fitted(examNow['1_c'], option, MAX_QUESTION_TEXT_BYTES);
    const postNow = await t.app.db
      .selectFrom('general_forum')
      .select(['topic', 'description'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    fitted(postNow.topic, topic, MAX_TOPIC_BYTES);
    fitted(postNow.description, description, MAX_DESCRIPTION_BYTES);
    fitted(
      (
        await t.app.db
          .selectFrom('material_forum')
          .select('description')
          .where('id', '=', forum.id)
          .executeTakeFirstOrThrow()
      ).description,
      description,
      MAX_DESCRIPTION_BYTES,
    );
    fitted(
      (
        await t.app.db
          .selectFrom('discussion_replies')
          .select('reply')
          .where('id', '=', replyId)
          .executeTakeFirstOrThrow()
      ).reply,
      reply,
      MAX_REPLY_BYTES,
    );

    const materialNow = await t.app.db
      .selectFrom('materials')
      .select(['content', 'list_bytes', 'image_refs'])
      .where('id', '=', material.id)
      .executeTakeFirstOrThrow();
    expect(materialNow.list_bytes).toBe(
      materialBytes({ title: 'Sel', description: 'd', content: materialNow.content }).list_bytes,
    );
    expect(materialNow.list_bytes).toBeLessThanOrEqual(MAX_MATERIAL_BYTES);
    // here the text cap (characters) is the tighter one: as much as fits in it is kept
    expect(materialNow.content.length).toBeLessThanOrEqual(MAX_RICH_HTML_CHARS);
    expect(materialNow.content.length).toBeGreaterThan(MAX_RICH_HTML_CHARS * 0.95);
    expect(materialNow.content.endsWith(`</p><p>${TRIM_MARKER.trim()}</p>`)).toBe(true);
    expect(
      materialNow.content.startsWith('<h2>Bab</h2><p><span style="color:red">merah</span> <strong>tebal</strong>'),
    ).toBe(true);
    // cut before its element past the cap, and saved again as it is now
    const crowdedNow = (
      await t.app.db.selectFrom('materials').select('content').where('id', '=', crowded.id).executeTakeFirstOrThrow()
    ).content;
    expect(crowdedNow.startsWith(many.repeat(100))).toBe(true);
    expect(crowdedNow.match(/<[a-z]/g)!.length).toBeLessThanOrEqual(MAX_HTML_ELEMENTS);
    expect(crowdedNow.match(/<[a-z]/g)!.length).toBeGreaterThan(MAX_HTML_ELEMENTS * 0.9);
    const crowdedSaved = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/materials?id=${crowded.id}`,
      payload: { title: 'Ramai', description: 'd', content: crowdedNow },
    });
    expect(crowdedSaved.statusCode).toBe(200);
    // the one untouched material is as it was
    expect(
      (await t.app.db.selectFrom('materials').select('content').where('id', '=', small.id).executeTakeFirstOrThrow())
        .content,
    ).toBe('<p>kecil</p>');

    // Saved again by their teacher as they now are: within every cap.
    const exerciseSaved = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/exercises?id=${exercise.id}`,
      payload: { title: 'Latihan', total_marks: 100, content: exerciseNow },
    });
    expect(exerciseSaved.statusCode).toBe(200);
    const materialSaved = await t.injectWithLogin('teacher', {
      method: 'PUT',
      url: `/api/v1/materials?id=${material.id}`,
      payload: { title: 'Sel', description: 'd', content: materialNow.content },
    });
    expect(materialSaved.statusCode).toBe(200);
    expect(materialSaved.json().content).toBe(materialNow.content);

    expect(
      await fitStoredTexts(t.app.db, {
        apply: true,
        keep: () => {
          throw new Error('nothing to keep');
        },
      }),
    ).toEqual({ over: [], leftAsTheyAre: [] });
  });

  it('names a material it cannot shorten (nested past the cap) and leaves it as it is', async () => {
    const m = await api('teacher', 'POST', '/materials', {
      title: 'Dalam',
      description: 'd',
      content: '<p>x</p>',
      class_id: t.fixture.classes[0].id,
    });
    const deep = '<div>'.repeat(300_000);
    await t.app.db
      .updateTable('materials')
      .set({ content: deep, ...materialBytes({ title: 'Dalam', description: 'd', content: deep }) })
      .where('id', '=', m.id)
      .execute();
    const report = await fitStoredTexts(t.app.db, {
      apply: true,
      keep: () => {
        throw new Error('nothing to keep');
      },
    });
    expect(report).toEqual({
      over: [],
      leftAsTheyAre: [
        expect.objectContaining({ table: 'materials', id: m.id, reason: expect.stringContaining('nested more than') }),
      ],
    });
    expect(
      (await t.app.db.selectFrom('materials').select('content').where('id', '=', m.id).executeTakeFirstOrThrow())
        .content,
    ).toBe(deep);
  });
});

describe('fit-texts: answer sheets and report reasons stored before the byte caps', () => {
  /** The sheet's answers as stored. */
  const answersOf = async (table: 'exercise_answers' | 'exam_answers', id: number) =>
    readAnswersColumn(
      (await t.app.db.selectFrom(table).select('answers').where('id', '=', id).executeTakeFirstOrThrow()).answers,
    )!;
  const setAnswers = (table: 'exercise_answers' | 'exam_answers', id: number, answers: Record<string, string>) =>
    t.app.db
      .updateTable(table)
      .set({ answers: toDbJson(answers) })
      .where('id', '=', id)
      .execute();
  const gradeOf = async (exerciseId: number, studentId: number) =>
    t.app.db
      .selectFrom('exercise_scores')
      .select(['score', 'detail'])
      .where('exercise_id', '=', exerciseId)
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
  const ours = (report: FitReport) => ({
    over: report.over.filter((x) => ['exercise_answers', 'exam_answers', 'reports'].includes(x.table)),
    leftAsTheyAre: report.leftAsTheyAre.filter((x) => ['exercise_answers', 'exam_answers'].includes(x.table)),
  });

  it('cuts answers without changing a grade, brings sheets within their cap, and names what it must leave', async () => {
    const { students, classes } = t.fixture;
    const material = await api('teacher', 'POST', '/materials', {
      title: 'Bab',
      description: 'd',
      content: '<p>x</p>',
      class_id: classes[0].id,
    });
    const exercise = await api('teacher', 'POST', '/exercises', {
      title: 'Latihan',
      total_marks: 90,
      material_id: material.id,
      content: {
        '1': 'Apa?',
        '1_a': 'a',
        '1_b': 'b',
        '1_c': 'c',
        '1_d': 'd',
        '1_answer': 'c',
        '2_essay': 'Jelaskan',
        '3_essay': 'Uraikan',
      },
    });
    const essays = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`${i + 1}_essay`, `Esai ${i + 1}`]));
    const exam = await api('teacher2', 'POST', '/exams', {
      title: 'UH',
      total_marks: 100,
      class_id: classes[1].id,
      ...openWindow(),
      content: essays,
    });
    const open = await api('student', 'POST', '/exercises-answers', {
      exercise_id: exercise.id,
      answers: { '1': 'c' },
    });
    const submitted = await api('student2', 'POST', '/exercises-answers', {
      exercise_id: exercise.id,
      answers: { '1': 'c', '2': 'Klorofil', '3': 'Cahaya' },
    });
    await api('student2', 'POST', '/exercises/calculate-grade', { exercise_id: exercise.id });
    await api('teacher', 'PUT', '/exercises/essay-score', {
      exercise_id: exercise.id,
      student_id: students[1].id,
      number: 2,
      score: 20,
    });
    const crowded = await api('student3', 'POST', '/exams-answers', { exam_id: exam.id, answers: { '1': 'x' } });
    const post = await api('student', 'POST', '/discussions', { topic: 'Tanya', description: 'd' });
    await api('student2', 'POST', '/reports', { kind: 'general', discussion_id: post.id, reason: 'spam' });
    const reportId = (
      await t.app.db.selectFrom('reports').select('id').where('discussion_id', '=', post.id).executeTakeFirstOrThrow()
    ).id;

    // What older releases let through.
    const essay = 'Fotosintesis 🌱 '.repeat(2_000); // 34,000 bytes
    const padded = `c${' '.repeat(30_000)}`; // a correct multiple-choice answer: graded trimmed
    const openAnswers = { '1': 'c', '2': essay };
    const submittedAnswers = { '1': padded, '2': essay, '3': `${essay}!` };
    const crowdedAnswers = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`${i + 1}`, 'kata '.repeat(3_800)]),
    );
    const reason = 'Tidak sopan. '.repeat(500);
    await setAnswers('exercise_answers', open.id, openAnswers);
    await setAnswers('exercise_answers', submitted.id, submittedAnswers);
    await setAnswers('exam_answers', crowded.id, crowdedAnswers);
    await t.app.db.updateTable('reports').set({ reason }).where('id', '=', reportId).execute();
    const gradeBefore = await gradeOf(exercise.id, students[1].id);
    expect(parseDetailColumn(gradeBefore.detail)).toMatchObject({
      '1': { kind: 'mc', correct: true },
      '2': { kind: 'essay', source: 'teacher', score: 20 },
      '3': { kind: 'essay' },
    });
    expect(parseDetailColumn(gradeBefore.detail)['3']).not.toMatchObject({ source: 'teacher' });
    expect(sheetBytes(crowdedAnswers)).toBeGreaterThan(MAX_SHEET_BYTES);

    // The students' next saves of these sheets are refused today: the reason for the command.
    const saveOpen = (stored: Record<string, string>) =>
      t.injectWithLogin('student', {
        method: 'PUT',
        url: `/api/v1/exercises-answers?id=${open.id}`,
        payload: { answers: { ...stored, '1': 'd' } },
      });
    expect((await saveOpen(openAnswers)).json()).toMatchObject({ code: 'answer-too-long' });
    const saveCrowded = () =>
      t.injectWithLogin('student3', {
        method: 'PATCH',
        url: `/api/v1/exams-answers?id=${crowded.id}`,
        payload: { changes: { '1': { answer: 'kata kata', at: Date.now() } } },
      });
    expect((await saveCrowded()).json()).toMatchObject({ code: 'sheet-too-large' });

    const dry = ours(await fitStoredTexts(t.app.db, { apply: false }));
    expect(dry).toEqual({
      over: [
        { table: 'reports', id: reportId, field: 'reason', bytes: textBytes(reason), cap: MAX_REPORT_REASON_BYTES },
        {
          table: 'exercise_answers',
          id: open.id,
          field: 'answers["2"]',
          bytes: textBytes(essay),
          cap: MAX_ANSWER_BYTES,
        },
        { table: 'exercise_answers', id: submitted.id, field: 'answers["1"]', bytes: 30_001, cap: MAX_ANSWER_BYTES },
        {
          table: 'exercise_answers',
          id: submitted.id,
          field: 'answers["2"]',
          bytes: textBytes(essay),
          cap: MAX_ANSWER_BYTES,
        },
        {
          table: 'exam_answers',
          id: crowded.id,
          field: 'answers',
          bytes: sheetBytes(crowdedAnswers),
          cap: MAX_SHEET_BYTES,
        },
      ],
      leftAsTheyAre: [
        expect.objectContaining({
          table: 'exercise_answers',
          id: submitted.id,
          field: 'answers["3"]',
          reason: expect.stringContaining('scored from its text'),
        }),
      ],
    });
    expect(await answersOf('exercise_answers', open.id)).toEqual(openAnswers);

    const kept: { text: FittedText; original: string }[] = [];
    const applied = await fitStoredTexts(t.app.db, {
      apply: true,
      keep: (text, original) => kept.push({ text, original }),
    });
    expect(ours(applied)).toEqual(dry);
    const keptOf = (table: string, id: number) => kept.filter((k) => k.text.table === table && k.text.id === id);
    expect(keptOf('reports', reportId).map((k) => k.original)).toEqual([reason]);
    expect(keptOf('exercise_answers', open.id).map((k) => k.original)).toEqual([essay]);
    expect(keptOf('exercise_answers', submitted.id).map((k) => k.original)).toEqual([padded, essay]);
    expect(keptOf('exam_answers', crowded.id)).toHaveLength(30);

    const cut = (text: string, original: string, cap: number) => {
      expect(overBytes(text, cap)).toBe(false);
      expect(text.endsWith(TRIM_MARKER)).toBe(true);
      expect(original.startsWith(text.slice(0, -TRIM_MARKER.length))).toBe(true);
      expect(textBytes(text)).toBeGreaterThan(cap * 0.99);
    };
    const reasonNow = (
      await t.app.db.selectFrom('reports').select('reason').where('id', '=', reportId).executeTakeFirstOrThrow()
    ).reason!;
    cut(reasonNow, reason, MAX_REPORT_REASON_BYTES);
    const openNow = await answersOf('exercise_answers', open.id);
    cut(openNow['2'], essay, MAX_ANSWER_BYTES);
    expect(openNow['1']).toBe('c');
    const submittedNow = await answersOf('exercise_answers', submitted.id);
    expect(submittedNow['1']).toBe('c'); // trimmed: graded the same
    cut(submittedNow['2'], essay, MAX_ANSWER_BYTES); // a teacher's score: kept by any re-grade
    expect(submittedNow['3']).toBe(`${essay}!`); // scored from its text: left
    expect(await gradeOf(exercise.id, students[1].id)).toEqual(gradeBefore);
    const crowdedNow = await answersOf('exam_answers', crowded.id);
    expect(sheetBytes(crowdedNow)).toBeLessThanOrEqual(MAX_SHEET_BYTES);
    expect(sheetBytes(crowdedNow)).toBeGreaterThan(MAX_SHEET_BYTES * 0.99);
    for (const [n, answer] of Object.entries(crowdedNow)) cut(answer, crowdedAnswers[n], textBytes(answer));

    // Saved again by their students as they now are: within every cap.
    expect((await saveOpen(openNow)).statusCode).toBe(200);
    expect((await saveCrowded()).statusCode).toBe(200);

    const again = await fitStoredTexts(t.app.db, {
      apply: true,
      keep: () => {
        throw new Error('nothing to keep');
      },
    });
    expect(ours(again)).toEqual({ over: [], leftAsTheyAre: dry.leftAsTheyAre });
    expect(await answersOf('exercise_answers', submitted.id)).toEqual(submittedNow);
  });
});
