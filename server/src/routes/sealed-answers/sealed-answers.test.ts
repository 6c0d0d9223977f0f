import crypto from 'node:crypto';
import { SEALED_DELIVERY_LIMIT } from '.';
import { issueDelivery, type Delivery, type SealedEnvelope } from '../../domain/answer-delivery';
import { toDbJson } from '../../db/json';
import { BODY_LIMITS, MAX_ANSWER_BYTES } from '../../domain/limits';
import { apiAs, createAnswerItems, MC_AND_ESSAY, type AnswerItem, type AnswerKind } from '../../../test/answer-items';
import { buildTestApp, type TestApp } from '../../../test/helpers';

// A student signs out on a shared computer with answers not sent: the browser sealed them with the ticket of the
// exam or exercise read (shared-api sealed-answers.ts, run here as the browser runs it). Whoever's page loads next
// delivers them to the public route: accepted once, only while the sheet is open, merged like any save, 204.
jest.setTimeout(60_000);

let t: TestApp;
const api = apiAs(() => t);
let items: Record<AnswerKind, AnswerItem>;
const { subtle } = crypto.webcrypto;
type Changes = Record<string, { answer: string; at: number }>;
// The browser's own sealing code (a DOM module: loaded untyped, the server's program has no DOM types), on Node's WebCrypto.
const browser = jest.requireActual<{
  sealAnswers: (d: Delivery, c: Changes, s: typeof subtle) => Promise<SealedEnvelope>;
}>('@kelasku/shared-api/src/sealed-answers');
const sealAnswers = (delivery: Delivery, changes: Changes, s: typeof subtle) =>
  browser.sealAnswers(delivery, changes, s);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  items = await createAnswerItems(t, MC_AND_ESSAY);
});
afterAll(async () => {
  await t.close();
});

const parentOf = async (kind: AnswerKind) => {
  if (kind === 'exam') return `/exams?class_id=${t.fixture.classes[0].id}`;
  const materials = (await api('teacher', 'GET', `/materials?class_id=${t.fixture.classes[0].id}`)).json();
  return `/exercises?material_id=${(materials.materials ?? materials)[0].id}`;
};

/** The item as a student reads it, with its delivery ticket. */
async function readDelivery(kind: AnswerKind, who = 'student'): Promise<Delivery> {
  const res = await api(who, 'GET', await parentOf(kind));
  expect(res.statusCode).toBe(200);
  return res.json()[0].delivery as Delivery;
}

const deliver = (envelope: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: '/api/v1/sealed-answers', payload: envelope as Record<string, unknown>, headers });
const stored = async (kind: AnswerKind, who = 'student') =>
  (await api(who, 'GET', `${items[kind].base}?${items[kind].idCol}=${items[kind].id}`)).json()[0];

describe.each(['exercise', 'exam'] as const)('%s: sealed answers of a student who never opened a sheet', (kind) => {
  const sheetsOf = (studentId: number) =>
    t.db
      .selectFrom(kind === 'exam' ? 'exam_answers' : 'exercise_answers')
      .select('id')
      .where('student_id', '=', studentId)
      .execute();

  it('opens the sheet as a first save would, merges the answers, 204, once', async () => {
    // student2 read the item and answered offline before any save reached us: no sheet yet.
    expect(await sheetsOf(t.fixture.students[1].id)).toHaveLength(0);
    const now = Date.now();
    const envelope = await sealAnswers(
      await readDelivery(kind, 'student2'),
      { '1': { answer: 'b', at: now - MINUTE }, '2': { answer: 'Sel 🌱', at: now - MINUTE } },
      subtle,
    );
    const res = await deliver(envelope);
    expect(res.statusCode).toBe(204);
    expect(await stored(kind, 'student2')).toMatchObject({
      answers: { '1': 'b', '2': 'Sel 🌱' },
      status: 'Active',
      student_id: t.fixture.students[1].id,
    });
    const again = await deliver(envelope);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'sealed-already-delivered' });
    expect(await sheetsOf(t.fixture.students[1].id)).toHaveLength(1);
  });

  it("opens none for a student no longer in the item's class (403), and the ticket stays unused", async () => {
    // A ticket issued while student3 could read the item (as the read issues it), delivered after they left the class.
    const outsider = t.fixture.students[2].id;
    const delivery = issueDelivery(t.app.answersDelivery()!, kind, items[kind].id, outsider);
    const res = await deliver(await sealAnswers(delivery, { '1': { answer: 'a', at: Date.now() } }, subtle));
    expect(res.statusCode).toBe(403);
    expect(await sheetsOf(outsider)).toHaveLength(0);
    expect(
      await t.db.selectFrom('delivered_tickets').select('nonce').where('nonce', '=', delivery.nonce).execute(),
    ).toHaveLength(0);
  });
});

describe.each(['exercise', 'exam'] as const)('%s: sealed answers', (kind) => {
  beforeAll(async () => {
    for (const who of ['student', 'student2']) {
      expect(
        (await api(who, 'POST', items[kind].base, { [items[kind].idCol]: items[kind].id, answers: { '1': 'a' } }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('a student gets a delivery ticket with the read; teachers do not', async () => {
    const delivery = await readDelivery(kind);
    expect(delivery).toMatchObject({ kind, item_id: items[kind].id, student_id: t.fixture.students[0].id });
    expect(delivery.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await readDelivery(kind)).nonce).not.toBe(delivery.nonce);
    const teacher = await api('teacher', 'GET', await parentOf(kind));
    expect(teacher.json()[0].delivery).toBeUndefined();
  });

  it('are merged per question like any save, with no token, answered 204 with no body, and accepted once', async () => {
    const now = Date.now();
    const envelope = await sealAnswers(
      await readDelivery(kind),
      { '1': { answer: 'c', at: now - MINUTE }, '2': { answer: 'Fotosintesis ☀️ 光合作用', at: now - MINUTE } },
      subtle,
    );
    const res = await deliver(envelope);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await stored(kind)).answers).toEqual({ '1': 'c', '2': 'Fotosintesis ☀️ 光合作用' });
    const again = await deliver(envelope);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'sealed-already-delivered' });
  });

  it('a change made later elsewhere wins over the sealed one (the merge by time)', async () => {
    const sealedAt = Date.now() - 5 * MINUTE;
    const envelope = await sealAnswers(
      await readDelivery(kind, 'student2'),
      { '1': { answer: 'b', at: sealedAt } },
      subtle,
    );
    const sheet = await stored(kind, 'student2');
    expect(
      (
        await api('student2', 'PATCH', `${items[kind].base}?id=${sheet.id}`, {
          changes: { '1': { answer: 'd', at: Date.now() - MINUTE } },
        })
      ).statusCode,
    ).toBe(200);
    expect((await deliver(envelope)).statusCode).toBe(204);
    expect((await stored(kind, 'student2')).answers['1']).toBe('d');
  });

  it('refuses what is not sealed by our ticket, for our key, with the clear fields it was sealed with (and stores nothing)', async () => {
    const delivery = await readDelivery(kind);
    const changes = { '1': { answer: 'a', at: Date.now() } };
    const before = (await stored(kind)).answers;
    // the ticket of student 1, claimed for student 2
    const forged = await sealAnswers({ ...delivery, student_id: t.fixture.students[1].id }, changes, subtle);
    const moved = { ...(await sealAnswers(delivery, changes, subtle)), item_id: items[kind].id + 1000 };
    const flipped = await sealAnswers(delivery, changes, subtle);
    const data = Buffer.from(flipped.data, 'base64');
    data[0] ^= 1;
    const cases: unknown[] = [
      forged,
      moved,
      { ...flipped, data: data.toString('base64') },
      { ...flipped, key_id: '0123456789abcdef' },
      { ...flipped, key: Buffer.alloc(256).toString('base64') },
      { ...flipped, data: '' },
    ];
    for (const envelope of cases) {
      const res = await deliver(envelope);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'sealed-unreadable',
        error: expect.any(String),
        message: 'The sealed answers could not be opened',
      });
    }
    for (const bad of [
      {},
      { ...flipped, extra: 1 },
      { ...flipped, item_id: 2 ** 31 },
      { ...flipped, iv: 'short' },
      { ...flipped, kind: 'quiz' },
    ]) {
      expect((await deliver(bad)).statusCode).toBe(400);
    }
    expect((await stored(kind)).answers).toEqual(before);
  });

  it('refuses sealed answers whose content a save would refuse (too many questions, NUL, absurd times)', async () => {
    const delivery = await readDelivery(kind);
    for (const changes of [
      { '0': { answer: 'a', at: 1 } },
      { '1': { answer: 'a\u0000', at: 1 } },
      { '1': { answer: 'a', at: -1 } },
      { '1': { answer: 'a', at: 1, extra: true } },
      {},
    ] as Record<string, { answer: string; at: number }>[]) {
      expect((await deliver(await sealAnswers(delivery, changes, subtle))).json()).toMatchObject({
        code: 'sealed-unreadable',
      });
    }
  });
});

describe('one rule with the save route: what a save of changes refuses, the delivery refuses; what it takes, both store', () => {
  const kind = 'exercise';
  // Each change built at send time: `at` is the device's clock, and a later change must be newer to be applied.
  const inputs: [string, () => Record<string, unknown>][] = [
    ['a letter', () => ({ '1': { answer: 'b', at: Date.now() } })],
    [
      'an essay with emoji at the byte cap',
      () => ({ '2': { answer: '🌱'.repeat(MAX_ANSWER_BYTES / 4), at: Date.now() } }),
    ],
    ['an essay one byte past the cap', () => ({ '2': { answer: 'x'.repeat(MAX_ANSWER_BYTES + 1), at: Date.now() } })],
    ['the time as a string of digits', () => ({ '1': { answer: 'd', at: String(Date.now()) } })],
    ['a number as the answer', () => ({ '2': { answer: 42, at: Date.now() } })],
    ['null as the answer', () => ({ '2': { answer: null, at: Date.now() } })],
    ['a fractional time', () => ({ '1': { answer: 'a', at: Date.now() + 0.5 } })],
    ['a time before 1970', () => ({ '1': { answer: 'a', at: -1 } })],
    ['a field more', () => ({ '1': { answer: 'a', at: Date.now(), device: 'x' } })],
    ['no time', () => ({ '1': { answer: 'a' } })],
    ['question 0', () => ({ '0': { answer: 'a', at: Date.now() } })],
    ['question 01', () => ({ '01': { answer: 'a', at: Date.now() } })],
    ['a question the item does not have', () => ({ '150': { answer: 'a', at: Date.now() } })],
    ['a question past the most an item may have', () => ({ '201': { answer: 'a', at: Date.now() } })],
    ['a NUL in the answer', () => ({ '2': { answer: 'a\u0000b', at: Date.now() } })],
    ['no change at all', () => ({})],
    ['a change as an array', () => ({ '1': ['a', Date.now()] })],
  ];
  const sheetIdOf = async (studentId: number) =>
    (
      await t.db
        .selectFrom('exercise_answers')
        .select('id')
        .where('exercise_id', '=', items[kind].id)
        .where('student_id', '=', studentId)
        .executeTakeFirstOrThrow()
    ).id;

  it.each(inputs)('%s', async (_what, changes) => {
    // student saves through the route, student2 delivers sealed answers: both sheets start alike
    const [saverSheet, sealerSheet] = [
      await sheetIdOf(t.fixture.students[0].id),
      await sheetIdOf(t.fixture.students[1].id),
    ];
    await t.db
      .updateTable('exercise_answers')
      .set({ answers: toDbJson({ '1': 'a' }), answers_at: null, status: 'Active' })
      .where('id', 'in', [saverSheet, sealerSheet])
      .execute();
    const saved = await api('student', 'PATCH', `${items[kind].base}?id=${saverSheet}`, { changes: changes() });
    // from an address of its own: the deliveries of this file stay under the per-address limit
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sealed-answers',
      payload: await sealAnswers(await readDelivery(kind, 'student2'), changes() as Changes, subtle),
      remoteAddress: '198.51.100.9',
    });
    const accepted = (status: number) => status >= 200 && status < 300;
    expect({ delivered: accepted(delivered.statusCode) }).toEqual({ delivered: accepted(saved.statusCode) });
    if (!accepted(saved.statusCode)) expect(delivered.statusCode).toBe(saved.statusCode);
    expect((await stored(kind, 'student2')).answers).toEqual((await stored(kind, 'student')).answers);
  });
});

it('refuses answers for a submitted sheet, and for an exam whose window has ended', async () => {
  for (const [who, kind] of [
    ['student2', 'exercise'],
    ['student', 'exam'],
  ] as const) {
    await api(who, 'POST', items[kind].base, { [items[kind].idCol]: items[kind].id }); // open (or the one already open)
  }
  const delivery = await readDelivery('exercise', 'student2');
  const submit = await api('student2', 'POST', '/exercises/calculate-grade', { exercise_id: items.exercise.id });
  expect(submit.statusCode).toBe(200);
  const res = await deliver(await sealAnswers(delivery, { '1': { answer: 'c', at: Date.now() } }, subtle));
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ code: 'sheet-already-submitted' });

  const examDelivery = await readDelivery('exam');
  await t.db
    .updateTable('exams')
    .set({ end_time: new Date(Date.now() - MINUTE).toISOString() })
    .where('id', '=', items.exam.id)
    .execute();
  const late = await deliver(
    await sealAnswers(examDelivery, { '1': { answer: 'b', at: Date.now() - 2 * MINUTE } }, subtle),
  );
  expect(late.statusCode).toBe(403);
  expect(late.json()).toMatchObject({ code: 'exam-ended' });
});

it('takes a body up to the answers limit plus the envelope without a token, and refuses more before reading it', async () => {
  const big = {
    key_id: '0123456789abcdef',
    kind: 'exam',
    item_id: 1,
    key: 'AA==',
    iv: 'AAAAAAAAAAAAAAAA',
    data: 'A'.repeat(200 * 1024),
  };
  expect((await deliver(big)).json()).toMatchObject({ code: 'sealed-unreadable' }); // read (> 16 KB), then refused
  const tooBig = { ...big, data: 'A'.repeat(BODY_LIMITS.sealedAnswers) };
  const res = await deliver(tooBig);
  expect(res.statusCode).toBe(413);
  // chunked: no Content-Length to refuse on, counted as it streams
  const { Readable } = await import('node:stream');
  const chunked = await t.inject({
    method: 'POST',
    url: '/api/v1/sealed-answers',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    payload: Readable.from([JSON.stringify(tooBig)]),
  });
  expect(chunked.statusCode).toBe(413);
});

it('is rate-limited per address (429 with Retry-After), other addresses unaffected', async () => {
  const junk = {
    key_id: '0123456789abcdef',
    kind: 'exam',
    item_id: 1,
    key: 'AA==',
    iv: 'AAAAAAAAAAAAAAAA',
    data: 'AAAA',
  };
  const from = (address: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/sealed-answers', payload: junk, remoteAddress: address });
  let last = await from('203.0.113.7');
  for (let i = 1; i < SEALED_DELIVERY_LIMIT.max + 1; i++) last = await from('203.0.113.7');
  expect(last.statusCode).toBe(429);
  expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  expect((await from('203.0.113.8')).statusCode).toBe(400);
});
