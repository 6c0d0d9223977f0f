import { ApiError, type AnswerChanges, type Answers } from '@kelasku/shared-api';
import {
  AnswerQueue,
  answersStorageKey,
  classifyFailure,
  laterChanges,
  readStoredAnswers,
  storedChanges,
  withChanges,
  type QueueState,
} from './answer-queue';

const networkError = () => new ApiError(undefined);
const httpError = (status: number) => new ApiError(status, {});

/**
 * A fake server shared by every queue (tab, device) given its `send`: it merges changes as the real one does (per
 * question the latest `at` wins, '' clears) and answers with the whole sheet. Each call is recorded and answered by
 * the next scripted outcome (default: success).
 */
function fakeServer(initial: Answers = {}) {
  let answers: Answers = { ...initial };
  const times: Record<string, number> = {};
  const received: AnswerChanges[] = [];
  const outcomes: (Error | 'ok')[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const send = jest.fn(async (changes: AnswerChanges) => {
    received.push(changes);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const next = outcomes.shift() ?? 'ok';
    if (next !== 'ok') throw next;
    for (const [n, change] of Object.entries(changes)) {
      if (change.at <= (times[n] ?? -1)) continue;
      times[n] = change.at;
      answers = withChanges(answers, { [n]: change });
    }
    return { ...answers };
  });
  return {
    send,
    received,
    answers: () => answers,
    failNext: (...errors: Error[]) => outcomes.push(...errors),
    holdResponses: (on: boolean) => (hold = on),
    releaseOne: () => {
      const r = release;
      release = null;
      r?.();
    },
  };
}

const events = () => {
  const target = new EventTarget();
  return { target, goOnline: () => target.dispatchEvent(new Event('online')) };
};

const KEY = answersStorageKey('exercise', 7);
const flushMicrotasks = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

function makeQueue(
  server: ReturnType<typeof fakeServer>,
  {
    ev = events(),
    initial = {},
    now,
    key = KEY,
  }: { ev?: ReturnType<typeof events>; initial?: Answers; now?: () => number; key?: string } = {},
) {
  const states: QueueState['kind'][] = [];
  const shown: Answers[] = [];
  const queue = new AnswerQueue(
    { storageKey: key, send: server.send, backoff: (n) => 1000 * 2 ** n, events: ev.target, now },
    initial,
  );
  queue.subscribe((s) => states.push(s.kind));
  queue.subscribeAnswers((a) => shown.push(a));
  return { queue, states, shown, ev };
}

/** The answers of the changes sent (without their times). */
const answersOf = (changes: AnswerChanges) =>
  Object.fromEntries(Object.entries(changes).map(([n, c]) => [n, c.answer]));

test('classifies failures: network, 5xx retry; 409 submitted and 403 closed stop', () => {
  expect(classifyFailure(networkError())).toBe('network');
  expect(classifyFailure(httpError(503))).toBe('server');
  expect(classifyFailure(httpError(409))).toBe('submitted');
  expect(classifyFailure(httpError(403))).toBe('closed');
  expect(classifyFailure(httpError(401))).toBe('fatal');
});

test('sends only the changed question with the time it was changed, kept on the device until acknowledged', async () => {
  const server = fakeServer({ '2': 'from the server' });
  server.holdResponses(true);
  const { queue, states } = makeQueue(server, { initial: { '2': 'from the server' }, now: () => 1_000 });
  queue.set(1, 'a');
  expect(readStoredAnswers(KEY)).toMatchObject({
    answers: { '1': 'a', '2': 'from the server' },
    changes: { '1': { answer: 'a', at: 1_000 } },
    pending: true,
  });
  expect(server.send).toHaveBeenCalledWith({ '1': { answer: 'a', at: 1_000 } });
  server.releaseOne();
  await flushMicrotasks();
  expect(readStoredAnswers(KEY)).toBeNull();
  expect(states).toEqual(['saving', 'saved']);
  expect(queue.getAnswers()).toEqual({ '1': 'a', '2': 'from the server' });
});

test('serializes sends: one request at a time, then the latest change of each question changed meanwhile', async () => {
  const server = fakeServer();
  server.holdResponses(true);
  const { queue } = makeQueue(server);
  queue.set(1, 'a');
  queue.set(2, 'b');
  queue.set(1, 'c');
  expect(server.send).toHaveBeenCalledTimes(1);
  server.releaseOne();
  await flushMicrotasks();
  expect(server.received.map(answersOf)).toEqual([{ '1': 'a' }, { '1': 'c', '2': 'b' }]);
  server.releaseOne();
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(2);
  expect(queue.getState().kind).toBe('saved');
  expect(queue.getAnswers()).toEqual({ '1': 'c', '2': 'b' });
});

test('a change made while its question is on its way stays pending and shows over the reply', async () => {
  const server = fakeServer();
  server.holdResponses(true);
  const { queue } = makeQueue(server);
  queue.set(1, 'a');
  queue.set(1, 'b'); // before the reply to 'a'
  server.releaseOne();
  await flushMicrotasks();
  expect(queue.getAnswers()).toEqual({ '1': 'b' });
  expect(queue.hasPending()).toBe(true);
  expect(readStoredAnswers(KEY)?.changes?.['1']?.answer).toBe('b');
  server.releaseOne();
  await flushMicrotasks();
  expect(server.answers()).toEqual({ '1': 'b' });
  expect(queue.hasPending()).toBe(false);
});

test('clearing an answer is a change to an empty value', async () => {
  const server = fakeServer({ '1': 'a' });
  const { queue } = makeQueue(server, { initial: { '1': 'a' } });
  queue.set(1, '');
  expect(queue.getAnswers()).toEqual({});
  await flushMicrotasks();
  expect(server.received.map(answersOf)).toEqual([{ '1': '' }]);
  expect(server.answers()).toEqual({});
});

test('debounced essay typing sends one request after the pause, with the latest text', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  queue.set(1, 'P', { debounceMs: 800 });
  queue.set(1, 'Ph', { debounceMs: 800 });
  queue.set(1, 'Photo', { debounceMs: 800 });
  jest.advanceTimersByTime(799);
  expect(server.send).not.toHaveBeenCalled();
  expect(readStoredAnswers(KEY)?.answers).toEqual({ '1': 'Photo' });
  jest.advanceTimersByTime(1);
  await flushMicrotasks();
  expect(server.received.map(answersOf)).toEqual([{ '1': 'Photo' }]);
});

test('keeps answers through network failures, retries with backoff, and sends every pending change on success', async () => {
  const server = fakeServer();
  const { queue, states } = makeQueue(server);
  server.failNext(networkError(), networkError());
  queue.set(1, 'a');
  await flushMicrotasks();
  expect(queue.getState().kind).toBe('offline');
  queue.set(2, 'd'); // given while offline: kept, not sent before the retry
  expect(server.send).toHaveBeenCalledTimes(1);
  expect(readStoredAnswers(KEY)).toMatchObject({ answers: { '1': 'a', '2': 'd' }, pending: true });
  jest.advanceTimersByTime(1000);
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(2);
  jest.advanceTimersByTime(1999);
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(2); // second backoff is 2 s
  jest.advanceTimersByTime(1);
  await flushMicrotasks();
  expect(answersOf(server.received[2])).toEqual({ '1': 'a', '2': 'd' });
  expect(queue.getState().kind).toBe('saved');
  expect(readStoredAnswers(KEY)).toBeNull();
  expect(states).toContain('offline');
});

test('a 5xx is retried like a network failure', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  server.failNext(httpError(500));
  queue.set(1, 'b');
  await flushMicrotasks();
  expect(queue.getState().kind).toBe('retrying');
  jest.advanceTimersByTime(1000);
  await flushMicrotasks();
  expect(queue.getState().kind).toBe('saved');
});

test('the online event retries at once instead of waiting for the backoff', async () => {
  const server = fakeServer();
  const { queue, ev } = makeQueue(server);
  server.failNext(networkError());
  queue.set(1, 'a');
  await flushMicrotasks();
  expect(queue.getState().kind).toBe('offline');
  ev.goOnline();
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(2);
  expect(queue.getState().kind).toBe('saved');
});

test('409 (already submitted) stops retrying and ignores further changes', async () => {
  const server = fakeServer();
  const { queue, ev } = makeQueue(server);
  server.failNext(httpError(409));
  queue.set(1, 'a');
  await flushMicrotasks();
  expect(queue.getState()).toEqual({ kind: 'locked', reason: 'submitted' });
  jest.advanceTimersByTime(60_000);
  ev.goOnline();
  queue.set(1, 'b');
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(1);
});

test('403 on an exam (window closed) stops with reason closed', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  server.failNext(httpError(403));
  queue.set(1, 'a');
  await flushMicrotasks();
  expect(queue.getState()).toEqual({ kind: 'locked', reason: 'closed' });
});

test('flush sends a debounced change at once and reports offline when the send fails', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  queue.set(1, 'essay text', { debounceMs: 800 });
  server.failNext(networkError());
  jest.useRealTimers();
  await expect(queue.flush()).resolves.toEqual({ kind: 'offline' });
  expect(server.received.map(answersOf)).toEqual([{ '1': 'essay text' }]);
  await expect(queue.flush()).resolves.toEqual({ kind: 'saved' });
  queue.dispose();
});

test('survives a reload: the pending changes show over the server copy and are resent with their original times', async () => {
  const server = fakeServer({ '1': 'a', '3': 'c' });
  server.failNext(networkError());
  const first = makeQueue(server, { initial: { '1': 'a' }, now: () => 5_000 });
  first.queue.set(2, 'offline answer');
  await flushMicrotasks();
  first.queue.dispose(); // the page is closed while offline

  const second = makeQueue(server, { initial: { '1': 'a', '3': 'c' }, now: () => 90_000 });
  expect(second.queue.getAnswers()).toEqual({ '1': 'a', '2': 'offline answer', '3': 'c' });
  second.queue.resend();
  await flushMicrotasks();
  expect(server.received.at(-1)).toEqual({ '2': { answer: 'offline answer', at: 5_000 } });
  expect(readStoredAnswers(KEY)).toBeNull();
  expect(second.queue.getAnswers()).toEqual({ '1': 'a', '2': 'offline answer', '3': 'c' });
});

test('a queue replayed after being offline never overwrites a newer answer given on another device; it learns that answer', async () => {
  const server = fakeServer();
  let clock = 1_000;
  const phone = makeQueue(server, { key: 'phone', now: () => clock });
  const laptop = makeQueue(server, { key: 'laptop', now: () => clock });
  server.failNext(networkError());
  phone.queue.set(1, 'a'); // the phone is offline: question 1 waits on it
  phone.queue.set(2, 'phone essay');
  await flushMicrotasks();
  expect(phone.queue.getState().kind).toBe('offline');

  clock = 2_000;
  laptop.queue.set(1, 'b'); // later, on the laptop
  await flushMicrotasks();
  expect(server.answers()).toEqual({ '1': 'b' });

  clock = 9_000;
  phone.ev.goOnline(); // the phone replays with the times its changes were made
  await flushMicrotasks();
  expect(server.received.at(-1)).toEqual({
    '1': { answer: 'a', at: 1_000 },
    '2': { answer: 'phone essay', at: 1_000 },
  });
  expect(server.answers()).toEqual({ '1': 'b', '2': 'phone essay' });
  expect(phone.queue.getAnswers()).toEqual({ '1': 'b', '2': 'phone essay' }); // from the reply
  expect(phone.shown.at(-1)).toEqual({ '1': 'b', '2': 'phone essay' });
});

test("a change never gets an earlier time than this device's previous change of the question (the clock went back)", async () => {
  const server = fakeServer();
  let clock = 50_000;
  const { queue } = makeQueue(server, { now: () => clock });
  queue.set(1, 'a');
  await flushMicrotasks();
  clock = 10_000;
  queue.set(1, 'b');
  await flushMicrotasks();
  expect(server.received.map((c) => c['1'].at)).toEqual([50_000, 50_001]);
  expect(server.answers()).toEqual({ '1': 'b' });
});

test('a fresh read of the sheet shows answers from elsewhere, under the changes not acknowledged yet', async () => {
  const server = fakeServer();
  const { queue, shown } = makeQueue(server, { initial: { '1': 'a' } });
  server.failNext(networkError());
  queue.set(2, 'mine, offline');
  await flushMicrotasks();
  const mark = queue.mark();
  expect(queue.refresh({ '1': 'a', '2': 'older from elsewhere', '3': 'c' }, mark)).toBe(true);
  expect(queue.getAnswers()).toEqual({ '1': 'a', '2': 'mine, offline', '3': 'c' });
  expect(shown.at(-1)).toEqual({ '1': 'a', '2': 'mine, offline', '3': 'c' });
  expect(queue.hasPending()).toBe(true);
});

test('a read started before a save was acknowledged is older than its reply and is ignored', async () => {
  const server = fakeServer();
  server.holdResponses(true);
  const { queue } = makeQueue(server);
  queue.set(1, 'a');
  const mark = queue.mark(); // the read goes out while the save is on its way
  server.releaseOne();
  await flushMicrotasks();
  expect(queue.refresh({}, mark)).toBe(false); // it was read before the save landed
  expect(queue.getAnswers()).toEqual({ '1': 'a' });
  expect(queue.refresh({ '1': 'a', '2': 'b' }, queue.mark())).toBe(true);
  expect(queue.getAnswers()).toEqual({ '1': 'a', '2': 'b' });
});

test('changes given before the queue existed are taken over with their times; for a question in both, the later wins', async () => {
  const server = fakeServer();
  server.holdResponses(true);
  const { queue } = makeQueue(server, { now: () => 3_000 });
  queue.set(1, 'queued');
  queue.add({ '1': { answer: 'early, older', at: 1_000 }, '2': { answer: 'early', at: 2_000 } });
  expect(queue.getAnswers()).toEqual({ '1': 'queued', '2': 'early' });
  expect(laterChanges({ '1': { answer: 'x', at: 5 } }, { '1': { answer: 'y', at: 6 } })).toEqual({
    '1': { answer: 'y', at: 6 },
  });
});

test('a whole map kept by an older version of the app counts as changed when it was stored', () => {
  localStorage.setItem(
    KEY,
    JSON.stringify({ answers: { '1': 'a', '2': 'old essay' }, updatedAt: 4_000, pending: true, seq: 4_000 }),
  );
  expect(storedChanges(readStoredAnswers(KEY))).toEqual({
    '1': { answer: 'a', at: 4_000 },
    '2': { answer: 'old essay', at: 4_000 },
  });
  expect(storedChanges({ answers: { '1': 'a' }, updatedAt: 1, pending: false })).toEqual({});
  expect(storedChanges(null)).toEqual({});
});

test('two tabs of one sheet keep both their unsent changes on the device; an acknowledgement takes out only its own', async () => {
  const server = fakeServer();
  const tabA = makeQueue(server, { now: () => 1_000 });
  const tabB = makeQueue(server, { now: () => 2_000 }); // same storage key: same sheet, same browser
  server.failNext(networkError(), networkError());
  tabA.queue.set(1, 'a');
  tabB.queue.set(2, 'b');
  await flushMicrotasks();
  expect(storedChanges(readStoredAnswers(KEY))).toEqual({
    '1': { answer: 'a', at: 1_000 },
    '2': { answer: 'b', at: 2_000 },
  });
  tabB.ev.goOnline();
  await flushMicrotasks();
  expect(server.answers()).toEqual({ '2': 'b' });
  expect(storedChanges(readStoredAnswers(KEY))).toEqual({ '1': { answer: 'a', at: 1_000 } }); // tab A's, still unsent
  tabA.ev.goOnline();
  await flushMicrotasks();
  expect(server.answers()).toEqual({ '1': 'a', '2': 'b' });
  expect(readStoredAnswers(KEY)).toBeNull();
});

test('409 "open on another device" keeps the answer on this device and retries (at most every 5 s) until the proctor releases the other', async () => {
  const otherDevice = () =>
    new ApiError(409, { code: 'exam-other-device', error: 'Conflict', message: 'This exam is open on another device' });
  expect(classifyFailure(otherDevice())).toBe('other-device');
  const server = fakeServer();
  const { queue } = makeQueue(server);
  server.failNext(otherDevice(), otherDevice(), otherDevice(), otherDevice());
  queue.set(3, 'b');
  await flushMicrotasks();
  expect(queue.getState()).toEqual({ kind: 'other-device' });
  expect(readStoredAnswers(KEY)?.answers).toEqual({ '3': 'b' });
  // the queue's backoff (1 s, 2 s, 4 s, 8 s …) is capped at 5 s here: four refusals, then the fifth try goes through
  for (let i = 0; i < 4; i += 1) {
    jest.advanceTimersByTime(5_000);
    await flushMicrotasks();
  }
  expect(server.send).toHaveBeenCalledTimes(5);
  expect(queue.getState()).toEqual({ kind: 'saved' });
  expect(server.answers()).toEqual({ '3': 'b' });
  expect(readStoredAnswers(KEY)).toBeNull();
});
