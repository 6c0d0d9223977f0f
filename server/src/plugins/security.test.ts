import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import securityPlugin, { headersSetBy } from './security';

describe('headersSetBy', () => {
  it('collects what a middleware sets and removes, names in lower case', () => {
    const headers = headersSetBy((_req, res, next) => {
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      res.setHeader('X-Powered-By', 'x');
      res.removeHeader('x-powered-by');
      next();
    });
    expect(headers).toEqual({ 'x-frame-options': 'SAMEORIGIN' });
  });

  it('throws what the middleware reports', () => {
    expect(() => headersSetBy((_req, _res, next) => next(new Error('bad policy')))).toThrow('bad policy');
  });
});

describe('security headers', () => {
  let dir: string;
  let remotesJson: string;
  let app: FastifyInstance;
  const writeRemotes = (origin: string, mtimeSeconds: number) => {
    fs.writeFileSync(remotesJson, JSON.stringify({ admin: `${origin}/mf-manifest.json` }));
    fs.utimesSync(remotesJson, mtimeSeconds, mtimeSeconds);
  };
  const scriptSrc = async (url = '/plain') => {
    const res = await app.inject({ method: 'GET', url });
    return String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src'));
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-security-'));
    remotesJson = path.join(dir, 'remotes.json');
    writeRemotes('https://cdn-a.example', 1_000_000);
    app = Fastify();
    await app.register(securityPlugin, { remotesJson, apiDocs: false });
    app.get('/plain', async () => ({ ok: true }));
    // a route with a policy of its own (as pictures have) must not change the next response's
    app.get('/own-policy', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send('x'),
    );
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('name the remotes of REMOTES_JSON, and follow a change of the file without a restart', async () => {
    expect(await scriptSrc()).toBe("script-src 'self' https://cdn-a.example");
    writeRemotes('https://cdn-b.example', 2_000_000);
    expect(await scriptSrc()).toBe("script-src 'self' https://cdn-b.example");
  });

  it('are the same on every response after a route replaced one of them on its own', async () => {
    const own = await app.inject({ method: 'GET', url: '/own-policy' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(await scriptSrc()).toBe("script-src 'self' https://cdn-a.example");
    const res = await app.inject({ method: 'GET', url: '/plain' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'strict-transport-security': expect.stringMatching(/max-age=\d{7,}/),
    });
  });
});
