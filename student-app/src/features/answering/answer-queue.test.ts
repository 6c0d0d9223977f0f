import { AxiosError, type AxiosResponse } from 'axios';
import type { Answers } from '@kelasku/shared-api';
import {
  AnswerQueue, answersStorageKey, classifyFailure, mergeWithPending, nextSeq, readStoredAnswers, type QueueState,
} from './answer-queue';

const networkError = () => new AxiosError('Network Error', 'ERR_NETWORK');
const httpError = (status: number) =>
  new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', undefined, undefined, { status, data: {} } as AxiosResponse);

/** A fake server: each call is recorded and answered by the next scripted outcome (default: success). */
function fakeServer() {
  const received: Answers[] = [];
  const outcomes: (Error | 'ok')[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const send = jest.fn(async (answers: Answers) => {
    received.push(answers);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    const next = outcomes.shift() ?? 'ok';
    if (next !== 'ok') throw next;
  });
  return {
    send,
    received,
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

function makeQueue(server: ReturnType<typeof fakeServer>, ev = events(), initial: Answers = {}) {
  const states: QueueState['kind'][] = [];
  const queue = new AnswerQueue({ storageKey: KEY, send: server.send, backoff: (n) => 1000 * 2 ** n, events: ev.target }, initial);
  queue.subscribe((s) => states.push(s.kind));
  return { queue, states, ev };
}

test('classifies failures: network, 5xx retry; 409 submitted and 403 closed stop', () => {
  expect(classifyFailure(networkError())).toBe('network');
  expect(classifyFailure(httpError(503))).toBe('server');
  expect(classifyFailure(httpError(409))).toBe('submitted');
  expect(classifyFailure(httpError(403))).toBe('closed');
  expect(classifyFailure(httpError(401))).toBe('fatal');
});

test('persists the map locally before the request goes out, and clears it once acknowledged', async () => {
  const server = fakeServer();
  server.holdResponses(true);
  const { queue, states } = makeQueue(server);
  queue.update({ '1': 'a' });
  expect(readStoredAnswers(KEY)).toMatchObject({ answers: { '1': 'a' }, pending: true });
  expect(server.send).toHaveBeenCalledWith({ '1': 'a' }, expect.any(Number));
  server.releaseOne();
  await flushMicrotasks();
  expect(readStoredAnswers(KEY)).toBeNull();
  expect(states).toEqual(['saving', 'saved']);
});

test('serializes sends: one request at a time, then only the latest map', async () => {
  const server = fakeServer();
  server.holdResponses(true);
  const { queue } = makeQueue(server);
  queue.update({ '1': 'a' });
  queue.update({ '1': 'a', '2': 'b' });
  queue.update({ '1': 'c', '2': 'b' });
  expect(server.send).toHaveBeenCalledTimes(1);
  server.releaseOne();
  await flushMicrotasks();
  expect(server.received).toEqual([{ '1': 'a' }, { '1': 'c', '2': 'b' }]);
  server.releaseOne();
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(2);
  expect(queue.getState().kind).toBe('saved');
});

test('debounced essay typing sends one request after the pause, with the latest text', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  queue.update({ '1': 'P' }, { debounceMs: 800 });
  queue.update({ '1': 'Ph' }, { debounceMs: 800 });
  queue.update({ '1': 'Photo' }, { debounceMs: 800 });
  jest.advanceTimersByTime(799);
  expect(server.send).not.toHaveBeenCalled();
  expect(readStoredAnswers(KEY)?.answers).toEqual({ '1': 'Photo' });
  jest.advanceTimersByTime(1);
  await flushMicrotasks();
  expect(server.received).toEqual([{ '1': 'Photo' }]);
});

test('keeps answers through network failures, retries with backoff, and sends the latest map on success', async () => {
  const server = fakeServer();
  const { queue, states } = makeQueue(server);
  server.failNext(networkError(), networkError());
  queue.update({ '1': 'a' });
  await flushMicrotasks();
  expect(queue.getState().kind).toBe('offline');
  queue.update({ '1': 'a', '2': 'd' }); // typed while offline: kept, not sent before the retry
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
  expect(server.received[2]).toEqual({ '1': 'a', '2': 'd' });
  expect(queue.getState().kind).toBe('saved');
  expect(readStoredAnswers(KEY)).toBeNull();
  expect(states).toContain('offline');
});

test('a 5xx is retried like a network failure', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  server.failNext(httpError(500));
  queue.update({ '1': 'b' });
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
  queue.update({ '1': 'a' });
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
  queue.update({ '1': 'a' });
  await flushMicrotasks();
  expect(queue.getState()).toEqual({ kind: 'locked', reason: 'submitted' });
  jest.advanceTimersByTime(60_000);
  ev.goOnline();
  queue.update({ '1': 'b' });
  await flushMicrotasks();
  expect(server.send).toHaveBeenCalledTimes(1);
});

test('403 on an exam (window closed) stops with reason closed', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  server.failNext(httpError(403));
  queue.update({ '1': 'a' });
  await flushMicrotasks();
  expect(queue.getState()).toEqual({ kind: 'locked', reason: 'closed' });
});

test('flush sends a debounced change at once and reports offline when the send fails', async () => {
  const server = fakeServer();
  const { queue } = makeQueue(server);
  queue.update({ '1': 'essay text' }, { debounceMs: 800 });
  server.failNext(networkError());
  jest.useRealTimers();
  await expect(queue.flush()).resolves.toEqual({ kind: 'offline' });
  expect(server.received).toEqual([{ '1': 'essay text' }]);
  await expect(queue.flush()).resolves.toEqual({ kind: 'saved' });
  queue.dispose();
});

test('survives a reload: a pending map is merged over the server copy and resent', async () => {
  const server = fakeServer();
  server.failNext(networkError());
  const first = makeQueue(server);
  first.queue.update({ '1': 'a', '2': 'offline answer' });
  await flushMicrotasks();
  first.queue.dispose(); // the page is closed while offline

  const stored = readStoredAnswers(KEY);
  const merged = mergeWithPending({ '1': 'a', '3': 'c' }, stored);
  expect(merged).toEqual({ answers: { '1': 'a', '2': 'offline answer', '3': 'c' }, resend: true });

  const second = makeQueue(server, events(), merged.answers);
  second.queue.update(merged.answers);
  await flushMicrotasks();
  expect(server.received.at(-1)).toEqual({ '1': 'a', '2': 'offline answer', '3': 'c' });
  expect(readStoredAnswers(KEY)).toBeNull();
});

test('nothing pending on this device: the server copy is used as is', () => {
  expect(mergeWithPending({ '1': 'b' }, null)).toEqual({ answers: { '1': 'b' }, resend: false });
  expect(mergeWithPending(null, { answers: { '1': 'a' }, updatedAt: 1, pending: false })).toEqual({ answers: {}, resend: false });
});

describe('order-safe numbering (seq)', () => {
  const seqsSent = (server: ReturnType<typeof fakeServer>) => server.send.mock.calls.map((call) => (call as unknown[])[1]);

  test('the next number is the clock, but always above the last one', () => {
    expect(nextSeq(0, 1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(nextSeq(1_700_000_000_000, 1_700_000_000_000)).toBe(1_700_000_000_001);
    expect(nextSeq(1_800_000_000_000, 1_700_000_000_000)).toBe(1_800_000_000_001); // clock went back
  });

  test('every edit gets a larger number, starting above the server sheet; it is persisted and a retry resends the same one', async () => {
    const server = fakeServer();
    const ev = events();
    let clock = 1_000;
    const queue = new AnswerQueue(
      { storageKey: KEY, send: server.send, backoff: () => 1000, events: ev.target, now: () => clock, lastSeq: 5_000 },
    );
    server.failNext(networkError());
    queue.update({ '1': 'a' });
    expect(queue.getSeq()).toBe(5_001); // above the server's answers_seq although the clock is behind
    expect(readStoredAnswers(KEY)).toMatchObject({ answers: { '1': 'a' }, pending: true, seq: 5_001 });
    await flushMicrotasks();
    expect(queue.getState().kind).toBe('offline');
    ev.goOnline(); // the retry of the same map carries the same number
    await flushMicrotasks();
    expect(server.received).toEqual([{ '1': 'a' }, { '1': 'a' }]);
    expect(seqsSent(server)).toEqual([5_001, 5_001]);

    clock = 9_000;
    queue.update({ '1': 'b' });
    await flushMicrotasks();
    queue.update({ '1': 'c' });
    await flushMicrotasks();
    expect(seqsSent(server)).toEqual([5_001, 5_001, 9_000, 9_001]);
    queue.dispose();
  });

  test('after a reload the numbering continues above the map still stored on the device', async () => {
    const server = fakeServer();
    server.failNext(networkError());
    const first = new AnswerQueue({ storageKey: KEY, send: server.send, backoff: () => 60_000, events: events().target, now: () => 50_000 });
    first.update({ '1': 'offline' });
    await flushMicrotasks();
    first.dispose(); // closed while offline: the map and its number stay on the device
    expect(readStoredAnswers(KEY)?.seq).toBe(50_000);

    // The device clock is now behind (it was corrected) and the server's sheet has an older number.
    const second = new AnswerQueue({ storageKey: KEY, send: server.send, events: events().target, now: () => 10, lastSeq: 20 });
    second.update({ '1': 'offline', '2': 'next' });
    await flushMicrotasks();
    expect(seqsSent(server).at(-1)).toBe(50_001);
    second.dispose();
  });
});
