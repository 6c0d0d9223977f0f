import Fastify from 'fastify';
import errorsPlugin, { containsInvalidText } from './errors';
import { clash, invalid, missing } from '../domain/errors';

// The error plugin's safety net behind the schemas: values PostgreSQL itself refuses are the client's fault (400),
// and text that is not valid Unicode is refused before any handler runs.
async function appThrowing(error: unknown) {
  const app = Fastify();
  await app.register(errorsPlugin);
  app.get('/throw', async () => {
    throw error;
  });
  app.post('/echo', async (request) => request.body);
  await app.ready();
  return app;
}

describe('database errors about a bad value are a 400 with a plain message', () => {
  it.each([
    ['22003', /out of range/], // numeric_value_out_of_range: int overflow
    ['22P02', /malformed/], // invalid_text_representation: bad number, bad JSON text
    ['22009', /time zone/], // invalid_time_zone_displacement_value
  ])('PostgreSQL %s', async (code, message) => {
    const app = await appThrowing(
      Object.assign(new Error('value "2147483648" is out of range for type integer'), { code }),
    );
    const res = await app.inject({ method: 'GET', url: '/throw' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: expect.stringMatching(message),
      message: expect.stringMatching(message),
      code: expect.any(String),
    });
    expect(res.body).not.toMatch(/integer|2147483648/); // the driver's text stays in the log
    await app.close();
  });

  it('other database errors stay a 500 without details', async () => {
    const app = await appThrowing(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    const res = await app.inject({ method: 'GET', url: '/throw' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Internal Server Error');
    await app.close();
  });
});

describe('domain errors get their status code here, once', () => {
  it.each([
    [invalid('teacher_id 9 does not exist'), 400, 'bad-request'],
    [missing('Class not found'), 404, 'not-found'],
    [clash('Still in use', { classes: [{ id: 1 }] }), 409, 'conflict'],
  ])('%s', async (error, status, code) => {
    const app = await appThrowing(error);
    const res = await app.inject({ method: 'GET', url: '/throw' });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ ...error.extra, error: error.message, message: error.message, code });
    await app.close();
  });
});

describe('text that is not valid Unicode', () => {
  it('finds unpaired surrogates and U+0000 in values and keys at any depth, and keeps paired surrogates', () => {
    const limit = 1_000_000;
    expect(containsInvalidText({ a: ['x', { b: 'ok \ud800' }] }, limit)).toBe(true);
    expect(containsInvalidText({ a: { 'k\udfff': 1 } }, limit)).toBe(true);
    expect(containsInvalidText('a\u0000', limit)).toBe(true);
    expect(containsInvalidText({ a: ['😀 𝔸 ض', { b: 1, c: null }] }, limit)).toBe(false);
    let deep: unknown = '\ud83d';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsInvalidText(deep, limit)).toBe(true); // iterative: no stack overflow
  });

  it('walks arrays by index, making no entry pairs of their elements', () => {
    const entries = jest.spyOn(Object, 'entries');
    const keys = jest.spyOn(Object, 'keys');
    let found: boolean;
    let entriesCalls: unknown[][];
    let keysOfArrays: boolean[];
    try {
      found = containsInvalidText({ content: [0, [{}, 'x'], Array(1000).fill(0)] }, 1_000_000);
    } finally {
      entriesCalls = [...entries.mock.calls];
      keysOfArrays = keys.mock.calls.map(([arg]) => Array.isArray(arg));
      entries.mockRestore();
      keys.mockRestore();
    }
    expect(found).toBe(false);
    expect(entriesCalls).toEqual([]);
    expect(keysOfArrays).toEqual([false, false]); // the body and the {}
  });

  it('visits no more values than the body limit has bytes, refusing anything larger as too large', () => {
    const body = { content: Array(2_000).fill(0) }; // 2,002 values
    expect(containsInvalidText(body, 2_002)).toBe(false);
    expect(() => containsInvalidText(body, 2_001)).toThrow(
      expect.objectContaining({ statusCode: 413, extra: { code: 'payload-too-large', params: { limit: '2 KB' } } }),
    );
  });

  it('is refused with 400 before the handler', async () => {
    const app = await appThrowing(new Error('unused'));
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"answers":{"1":"\\ud800"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/valid Unicode/);
    await app.close();
  });
});
