import { http as route, HttpResponse } from 'msw';
import { answer, api, refusal, server, unreachable } from '../../jest/msw-server';
import {
  ApiError,
  dropParkedCalls,
  errorMessage,
  errorStatus,
  fieldError,
  getData,
  patchData,
  withReason,
  isNetworkError,
  isSessionEnded,
  onSessionEnded,
  postData,
  resumeSession,
} from './http';

describe('http client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the stored token raw, without Bearer', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    let seen: string | null = null;
    server.use(
      route.get(api('/classes'), ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(getData('/classes')).resolves.toEqual({ ok: true });
    expect(seen).toBe('abc.def.ghi');
  });

  it('sends the query without empty values and the body as JSON, and gives a reply that is not JSON as text', async () => {
    const save = answer('patch', '/exams-answers', () => new HttpResponse('saved', { status: 200 }));
    await expect(
      patchData('/exams-answers', { answers: { 1: 'a' } }, { id: 9, seq: undefined, q: null }),
    ).resolves.toBe('saved');
    expect(save).toHaveBeenCalledWith({ query: { id: '9' }, body: { answers: { 1: 'a' } } });
  });

  it('logs a failure with its verb and rethrows it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer('get', '/students', unreachable);
    const err = await getData('/students').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isNetworkError(err)).toBe(true);
    expect(errorStatus(err)).toBeUndefined();
    expect(error.mock.calls[0][0]).toBe('GET /students failed:');
    error.mockRestore();
  });

  it('reads the status, code and message of a refused call from the server reply', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    answer('post', '/auth', () =>
      refusal(401, { error: 'x', code: 'invalid-credentials', message: 'Invalid credentials' }),
    );
    const err = await postData('/auth', { username: 'u', password: 'p' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, code: 'invalid-credentials', message: 'Invalid credentials' });
    expect(errorStatus(err)).toBe(401);
    expect(errorMessage(err)).toBe('Invalid credentials');
    expect(isNetworkError(err)).toBe(false);
    jest.restoreAllMocks();
  });

  it('reads the field a refusal is about, with its message', () => {
    const refusal = (data: unknown) => new ApiError(400, data);
    expect(fieldError(refusal({ error: 'x', message: 'NIS is not in the expected form.', field: 'nis' }))).toEqual({
      field: 'nis',
      message: 'NIS is not in the expected form.',
    });
    expect(fieldError(refusal({ error: 'x', message: 'Not found' }))).toEqual({
      field: undefined,
      message: 'Not found',
    });
    expect(fieldError(new Error('boom'))).toEqual({ field: undefined, message: undefined });
    expect(
      withReason(
        'Failed to create exercise',
        refusal({ error: 'x', message: 'Title must not be empty.', field: 'title' }),
      ),
    ).toBe('Failed to create exercise\nTitle must not be empty.');
    expect(withReason('Failed to create exercise', new Error('boom'))).toBe('Failed to create exercise');
  });
});

describe('an ended session', () => {
  /** A server that refuses the token 'old' with 401 and answers every other call with what it saw. */
  const seen: { url?: string; token: string }[] = [];
  beforeEach(() => {
    localStorage.clear();
    seen.length = 0;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      route.all(`${api('')}/*`, ({ request }) => {
        const url = new URL(request.url).pathname.slice(new URL(api('')).pathname.length);
        const token = request.headers.get('Authorization') ?? '';
        seen.push({ url, token });
        if (token === 'old' || url === '/auth') return HttpResponse.json({ message: 'Invalid token' }, { status: 401 });
        return HttpResponse.json({ url, token });
      }),
    );
  });
  afterEach(() => {
    resumeSession(); // leave nothing held for the next test
    jest.restoreAllMocks();
  });
  const settled = (p: Promise<unknown>) => {
    const state = { done: false };
    p.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return state;
  };
  const tick = () => new Promise((r) => setTimeout(r, 5));

  it('fails the call as before when nobody handles ended sessions', async () => {
    localStorage.setItem('token', 'old');
    expect(errorStatus(await getData('/classes').catch((e: unknown) => e))).toBe(401);
  });

  it('parks refused calls, holds later ones, asks once for a sign-in, then sends them all with the new token', async () => {
    const ended = jest.fn();
    const off = onSessionEnded(ended);
    try {
      localStorage.setItem('token', 'old');
      const first = getData('/classes');
      const second = postData('/exams-answers', { answers: { 1: 'a' } });
      const firstState = settled(first);
      await tick();
      expect(ended).toHaveBeenCalledTimes(1);
      expect(isSessionEnded()).toBe(true);
      const later = getData('/materials');
      await tick();
      expect(seen.map((s) => s.url)).toEqual(['/classes', '/exams-answers']); // /materials waits, not sent
      expect(firstState.done).toBe(false);

      localStorage.setItem('token', 'new');
      resumeSession();
      await expect(first).resolves.toEqual({ url: '/classes', token: 'new' });
      await expect(second).resolves.toEqual({ url: '/exams-answers', token: 'new' });
      await expect(later).resolves.toEqual({ url: '/materials', token: 'new' });
      expect(isSessionEnded()).toBe(false);
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('lets sign-in calls through while held, and their 401 is the answer', async () => {
    const off = onSessionEnded(() => undefined);
    try {
      localStorage.setItem('token', 'old');
      void getData('/classes');
      await tick();
      expect(isSessionEnded()).toBe(true);
      expect(errorStatus(await postData('/auth', { username: 'x', password: 'y' }).catch((e: unknown) => e))).toBe(401);
      localStorage.setItem('token', 'new');
      await expect(postData('/auth/refresh')).resolves.toEqual({ url: '/auth/refresh', token: 'new' });
    } finally {
      off();
    }
  });

  it('never resends dropped calls (someone else signed in)', async () => {
    const off = onSessionEnded(() => undefined);
    try {
      localStorage.setItem('token', 'old');
      const parkedCall = settled(postData('/exercises', { title: 'A' }));
      await tick();
      dropParkedCalls();
      localStorage.setItem('token', 'other-user');
      resumeSession();
      await tick();
      expect(seen.map((s) => s.token)).toEqual(['old']);
      expect(parkedCall.done).toBe(false);
    } finally {
      off();
    }
  });

  it('resends at once a call refused for a token already replaced (renewed or signed in again in another tab)', async () => {
    const ended = jest.fn();
    const off = onSessionEnded(ended);
    try {
      localStorage.setItem('token', 'old');
      server.events.on('request:start', () => localStorage.setItem('token', 'new')); // replaced while on its way
      await expect(getData('/classes')).resolves.toEqual({ url: '/classes', token: 'new' });
      expect(seen.map((s) => s.token)).toEqual(['old', 'new']);
      expect(ended).not.toHaveBeenCalled();
    } finally {
      server.events.removeAllListeners('request:start');
      off();
    }
  });
});
