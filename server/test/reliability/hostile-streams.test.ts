/**
 * Hostile bodies on the wire, against the app in a process of its own on a real port (live-server.ts): chunked
 * bodies over the limit, bodies that stop half way, wrong Content-Lengths, slow senders. app.inject cannot send these
 * (it always hands Fastify a whole body). After every case the process must still be running and answer GET /ping.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import http from 'node:http';
import { chunked, type LiveServer, rawRequest, startLiveServer } from './live-server';

jest.setTimeout(120_000);

let s: LiveServer;
beforeAll(async () => {
  s = await startLiveServer();
});
afterAll(async () => {
  await s?.stop();
});

/**
 * A request head, on a kept-alive connection (HTTP/1.1's default): a reply sent before the whole body has come (a 413
 * mid-stream, a 401/403 before the body) reaches the client because the server reads the rest of the body and drops
 * it. After `Connection: close` the server closes at once, the client's later bytes meet a closed socket, and TCP's
 * reset discards the reply the client had not read yet.
 */
const head = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
const chunkedHead = (method: string, url: string, headers: Record<string, string> = {}) =>
  head(method, url, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...headers });
const jsonBody = (bytes: number) => JSON.stringify({ username: 'admin', password: 'x', pad: 'x'.repeat(bytes) });
/** A body cut into pieces of `size` bytes. */
const pieces = (body: string, size: number) =>
  Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.slice(i * size, (i + 1) * size));

const teacherToken = () => `Bearer ${s.tokens.teacher}`;

async function expectAlive(what: string) {
  const ping = await rawRequest(s.port, [head('GET', '/api/v1/ping', {})]);
  if (ping.status !== 200 || ping.body !== 'pong') {
    throw new Error(
      `after ${what}: the server did not answer /ping (status ${ping.status}, exit code ${s.exitCode()})\n${s.output().slice(-2000)}`,
    );
  }
}

describe('chunked bodies over the limit of an anonymous caller', () => {
  const urls = ['/api/v1/auth', '/api/v1/discussions', '/api/v1/ping', '/api/v1/exercises-answers?id=1'];
  const cases = urls.flatMap((url) =>
    [16 * 1024 + 100, 40_000, 70_000].flatMap((bytes) => [[url, bytes, bytes] as const, [url, bytes, 4096] as const]),
  );
  it.each(cases)(
    '%s with %i bytes in chunks of %i: a 4xx with the usual error body, and the process keeps serving',
    async (url, bytes, chunkBytes) => {
      const method = url.includes('answers') ? 'PUT' : 'POST';
      const res = await rawRequest(
        s.port,
        [chunkedHead(method, url), ...chunked(pieces(jsonBody(bytes), chunkBytes))],
        { pauseMs: 2 },
      );
      await expectAlive(`${method} ${url} chunked ${bytes} B`);
      // Refused mid-stream, Fastify closes the connection (the client may send more): the reply may be lost to the
      // reset that the client's later bytes cause; when it arrives, it is a 4xx with the usual body.
      if (res.status === undefined) return;
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = JSON.parse(res.body);
      expect(body).toEqual(
        expect.objectContaining({ code: expect.any(String), error: expect.any(String), message: body.error }),
      );
    },
  );

  it('POST /auth chunked over 16 KB is a 413 naming the limit', async () => {
    const res = await rawRequest(s.port, [chunkedHead('POST', '/api/v1/auth'), ...chunked([jsonBody(20_000)])]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      code: 'payload-too-large',
      params: { limit: '16 KB' },
      error: 'Request body is too large (max 16 KB here)',
      message: 'Request body is too large (max 16 KB here)',
    });
    await expectAlive('chunked /auth');
  });
});

describe('bodies that stop, lie about their length, or come slowly', () => {
  const login = JSON.stringify({ username: 'admin', password: 'wrong-password' });
  const json = { 'Content-Type': 'application/json' };
  type Case = {
    what: string;
    parts: () => string[];
    pauseMs?: number;
    end?: 'keep' | 'destroy';
    timeoutMs?: number;
    expect: (status: number | undefined) => void;
  };
  const is4xx = (status: number | undefined) => {
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  };
  const noReply = (status: number | undefined) => expect(status).toBeUndefined();
  /** Refused mid-stream: the connection is closed, so the reply may be lost to a reset (see the first describe). */
  const refusedMidStream = (expected: number) => (status: number | undefined) => {
    if (status !== undefined) expect(status).toBe(expected);
  };
  const student = () => `Bearer ${s.tokens.student}`;
  const teacher = () => `Bearer ${s.tokens.teacher}`;

  const cases: Case[] = [
    {
      what: 'a declared body that stops half way and the sender goes silent',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': 4000 }), '{"username":"a'],
      timeoutMs: 800,
      expect: noReply,
    },
    {
      what: 'a declared body that stops half way and the connection is reset',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': 4000 }), '{"username":"a'],
      end: 'destroy',
      expect: noReply,
    },
    {
      what: 'a chunked body that stops half way (no last chunk) and the connection is reset',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), ...chunked([login.slice(0, 10)]).slice(0, 1)],
      end: 'destroy',
      expect: noReply,
    },
    {
      what: 'a chunked body over the limit that stops half way',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), ...chunked([jsonBody(40_000)]).slice(0, 1)],
      end: 'destroy',
      expect: () => undefined,
    },
    {
      what: 'a Content-Length shorter than the body',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': 10 }), login],
      expect: is4xx,
    },
    {
      what: 'a Content-Length longer than the body, then silence',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': login.length + 500 }), login],
      timeoutMs: 800,
      expect: noReply,
    },
    {
      what: 'a Content-Length longer than the body, then a reset',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': login.length + 500 }), login],
      end: 'destroy',
      expect: noReply,
    },
    {
      what: 'a Content-Length over the limit with a short body',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': 10_000_000 }), login],
      expect: (st) => expect(st).toBe(413),
    },
    {
      what: 'a negative Content-Length',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Length': -5 }), login],
      expect: is4xx,
    },
    {
      what: 'two different Content-Lengths',
      parts: () => [
        `POST /api/v1/auth HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nContent-Length: ${login.length}\r\n\r\n${login}`,
      ],
      expect: is4xx,
    },
    // one write: the server stops reading at the head and closes, and bytes sent after that would reset the connection
    {
      what: 'Content-Length and chunked together',
      parts: () => [
        [
          head('POST', '/api/v1/auth', { ...json, 'Content-Length': 5, 'Transfer-Encoding': 'chunked' }),
          ...chunked([login]),
        ].join(''),
      ],
      expect: is4xx,
    },
    {
      what: 'a chunk size that is not hex',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), 'zz\r\nabc\r\n0\r\n\r\n'],
      expect: is4xx,
    },
    {
      what: 'a chunk size of 2^64',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), '10000000000000000\r\nabc\r\n0\r\n\r\n'],
      expect: is4xx,
    },
    {
      what: 'a chunk longer than its size says',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), `5\r\n${login}\r\n0\r\n\r\n`],
      expect: is4xx,
    },
    {
      what: 'a slow sender: a login in 40 chunks, 25 ms apart',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), ...chunked(pieces(login, 1))].slice(0, 41).concat('0\r\n\r\n'),
      pauseMs: 25,
      expect: () => undefined,
    },
    {
      what: 'a slow sender over the limit: 64 chunks of 1 KB, 10 ms apart',
      parts: () => [chunkedHead('POST', '/api/v1/auth'), ...chunked(pieces(jsonBody(64 * 1024), 1024))],
      pauseMs: 10,
      expect: refusedMidStream(413),
    },
    {
      what: 'a student streaming 10 MB to a teacher-only route (refused before the body)',
      parts: () => [
        chunkedHead('POST', '/api/v1/exercises', { Authorization: student() }),
        ...chunked(pieces(`{"content":[${'0,'.repeat(100_000)}0]}`, 64 * 1024)),
      ],
      expect: (st) => expect(st).toBe(403),
    },
    {
      what: 'a student declaring 10 MB to a teacher-only route and sending a little',
      parts: () => [
        head('POST', '/api/v1/exercises', { ...json, Authorization: student(), 'Content-Length': 10 * 1024 * 1024 }),
        '{"content":[0,0',
      ],
      expect: (st) => expect(st).toBe(403),
    },
    {
      what: 'a teacher streaming [{},…] to /exercises (refused unparsed)',
      parts: () => [
        chunkedHead('POST', '/api/v1/exercises', { Authorization: teacher() }),
        ...chunked(pieces(`{"content":[${'{},'.repeat(200_000)}{}]}`, 64 * 1024)),
      ],
      expect: (st) => expect(st).toBe(413),
    },
    {
      what: 'an anonymous chunked body over the public sealed-answers limit (1.5 MB)',
      parts: () => [
        chunkedHead('POST', '/api/v1/sealed-answers'),
        ...chunked(pieces(jsonBody(2 * 1024 * 1024), 64 * 1024)),
      ],
      expect: refusedMidStream(413),
    },
    {
      what: 'a teacher streaming over the 10 MB limit',
      parts: () => [
        chunkedHead('POST', '/api/v1/exercises', { Authorization: teacher() }),
        ...chunked(pieces(`{"content":"${'x'.repeat(11 * 1024 * 1024)}"}`, 256 * 1024)),
      ],
      expect: refusedMidStream(413),
    },
    {
      what: 'an anonymous chunked answer save',
      parts: () => [
        chunkedHead('PUT', '/api/v1/exams-answers?id=1'),
        ...chunked(pieces(JSON.stringify({ answers: { 1: 'x'.repeat(500_000) } }), 16 * 1024)),
      ],
      expect: (st) => expect(st).toBe(401),
    },
    {
      what: 'a gzip-encoded body (not accepted)',
      parts: () => [head('POST', '/api/v1/auth', { ...json, 'Content-Encoding': 'gzip', 'Content-Length': 4 }), 'abcd'],
      expect: is4xx,
    },
  ];

  it.each(cases.map((c) => [c.what, c] as const))('%s: the process keeps serving', async (_what, c) => {
    const res = await rawRequest(s.port, c.parts(), {
      pauseMs: c.pauseMs,
      end: c.end,
      timeoutMs: c.timeoutMs ?? 15_000,
    });
    await expectAlive(c.what);
    c.expect(res.status);
    if (res.status !== undefined && res.status >= 400 && res.body.startsWith('{')) {
      const body = JSON.parse(res.body);
      expect(body).toEqual(
        expect.objectContaining({ code: expect.any(String), error: expect.any(String), message: body.error }),
      );
    }
  });

  it('answers /ping while 20 senders hold half-sent bodies open', async () => {
    const held = Array.from({ length: 20 }, () =>
      rawRequest(s.port, [head('POST', '/api/v1/auth', { ...json, 'Content-Length': 4000 }), '{"a":'], {
        timeoutMs: 1500,
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    await expectAlive('20 half-sent bodies');
    await Promise.all(held);
    await expectAlive('20 half-sent bodies, closed');
  });
});

describe('a declared body over the limit, sent whole by an ordinary HTTP client', () => {
  // Node's http client (like fetch) writes the whole body before it reads the answer. A refusal that closes the
  // connection while the body is still being written reached it as EPIPE in about one send of three.
  const send = (url: string, bytes: number, headers: Record<string, string>) =>
    new Promise<string>((resolve) => {
      const body = jsonBody(bytes);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: s.port,
          method: 'POST',
          path: url,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve(`${res.statusCode} ${(JSON.parse(text) as { code: string }).code}`));
        },
      );
      req.on('error', (err) => resolve(`error ${err.message}`));
      req.end(body);
    });

  it.each([
    ['an anonymous 10 MB login', '/api/v1/auth', 10 * 1024 * 1024, () => ({})],
    ['a teacher’s 11 MB exercise', '/api/v1/exercises', 11 * 1024 * 1024, () => ({ Authorization: teacherToken() })],
  ])('%s, sent 8 times: the sender reads a 413 each time', async (what, url, bytes, headers) => {
    const replies = [];
    for (let i = 0; i < 8; i++) replies.push(await send(url, bytes, headers()));
    expect(replies).toEqual(Array(8).fill('413 payload-too-large'));
    await expectAlive(what);
  });
});
