/**
 * Hostile bodies on the wire, against the app in a process of its own on a real port (live-server.ts): chunked
 * bodies over the limit, bodies that stop half way, wrong Content-Lengths, slow senders. app.inject cannot send these
 * (it always hands Fastify a whole body). After every case the process must still be running and answer GET /ping.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
import { chunked, type LiveServer, rawRequest, startLiveServer } from './live-server';

jest.setTimeout(120_000);

let s: LiveServer;
beforeAll(async () => { s = await startLiveServer(); });
afterAll(async () => { await s?.stop(); });

const head = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
const chunkedHead = (method: string, url: string, headers: Record<string, string> = {}) =>
  head(method, url, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...headers });
const jsonBody = (bytes: number) => JSON.stringify({ username: 'admin', password: 'x', pad: 'x'.repeat(bytes) });
/** A body cut into pieces of `size` bytes. */
const pieces = (body: string, size: number) => Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.slice(i * size, (i + 1) * size));

async function expectAlive(what: string) {
  const ping = await rawRequest(s.port, [head('GET', '/api/v1/ping', {})]);
  if (ping.status !== 200 || ping.body !== 'pong') {
    throw new Error(`after ${what}: the server did not answer /ping (status ${ping.status}, exit code ${s.exitCode()})\n${s.output().slice(-2000)}`);
  }
}

describe('chunked bodies over the limit of an anonymous caller', () => {
  const urls = ['/api/v1/auth', '/api/v1/discussions', '/api/v1/ping', '/api/v1/exercises-answers?id=1'];
  const cases = urls.flatMap((url) => [16 * 1024 + 100, 40_000, 70_000].flatMap((bytes) => [[url, bytes, bytes] as const, [url, bytes, 4096] as const]));
  it.each(cases)(
    '%s with %i bytes in chunks of %i: a 4xx with the usual error body, and the process keeps serving',
    async (url, bytes, chunkBytes) => {
      const method = url.includes('answers') ? 'PUT' : 'POST';
      const res = await rawRequest(s.port, [chunkedHead(method, url), ...chunked(pieces(jsonBody(bytes), chunkBytes))], { pauseMs: 2 });
      await expectAlive(`${method} ${url} chunked ${bytes} B`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const body = JSON.parse(res.body);
      expect(body).toEqual(expect.objectContaining({ code: expect.any(String), error: expect.any(String), message: body.error }));
    },
  );

  it('POST /auth chunked over 16 KB is a 413 naming the limit', async () => {
    const res = await rawRequest(s.port, [chunkedHead('POST', '/api/v1/auth'), ...chunked([jsonBody(20_000)])]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      code: 'payload-too-large', params: { limit: '16 KB' },
      error: 'Request body is too large (max 16 KB here)', message: 'Request body is too large (max 16 KB here)',
    });
    await expectAlive('chunked /auth');
  });
});
