import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { cacheControlFor } from '.';

const GATE = 'document.documentElement.classList.add("x")';
const INDEX = `<!doctype html><title>Kelasku</title><script>${GATE}</script><script defer src=/main.js></script>`;

function makeTree(withShell: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-static-'));
  if (withShell) {
    fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), INDEX);
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.js'), 'console.log(1)');
    // precompressed copies as webpack/precompress.ts writes them (contents marked to tell them apart)
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html.br'), 'BR index');
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html.gz'), 'GZ index');
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.js.br'), 'BR main');
  }
  const admin = path.join(root, 'admin-app', 'dist');
  fs.mkdirSync(admin, { recursive: true });
  fs.writeFileSync(path.join(admin, 'mf-manifest.json'), '{"name":"admin"}');
  fs.writeFileSync(path.join(admin, 'remoteEntry.js'), 'var admin;');
  fs.writeFileSync(path.join(admin, 'src_App.0123abcd.js'), 'chunk');
  return root;
}

describe('static files', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = makeTree(true);
    const remotes = path.join(root, 'remotes.json');
    fs.writeFileSync(remotes, '{"admin":"https://cdn.example.org/admin/mf-manifest.json"}');
    t = await buildTestApp({ empty: true, app: { staticDir: root, remotesJson: remotes } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the SPA shell for role paths that accept HTML, with no-cache', async () => {
    for (const url of ['/', '/DashboardAdmin', '/class/3']) {
      const res = await t.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Kelasku</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("allows exactly the inline script of index.html in the page's CSP, and no other page gets it", async () => {
    const gateHash = `'sha256-${crypto.createHash('sha256').update(GATE).digest('base64')}'`;
    const page = await t.inject({ method: 'GET', url: '/DashboardAdmin', headers: { accept: 'text/html' } });
    const scriptSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", 'https://cdn.example.org', gateHash]);
    const api = await t.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(String(api.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('serves GET /index.html exactly like /: the page, no-cache and the CSP allowing its pre-paint script', async () => {
    const gateHash = `'sha256-${crypto.createHash('sha256').update(GATE).digest('base64')}'`;
    for (const accept of ['text/html', '*/*']) {
      const res = await t.inject({ method: 'GET', url: '/index.html', headers: { accept } });
      const root = await t.inject({ method: 'GET', url: '/', headers: { accept } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(root.body);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(root.headers['content-security-policy']);
      expect(String(res.headers['content-security-policy'])).toContain(gateHash);
    }
  });

  it('keeps JSON 404s for the API and for non-HTML requests', async () => {
    const api = await t.inject({ method: 'GET', url: '/api/v1/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/not found/);
    const asset = await t.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('serves remote files with the contract cache headers', async () => {
    const manifest = await t.inject({ method: 'GET', url: '/remotes/admin/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await t.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' })).headers['cache-control']).toBe(
      'no-cache',
    );
    const chunk = await t.inject({ method: 'GET', url: '/remotes/admin/src_App.0123abcd.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.inject({ method: 'GET', url: '/main.js' })).headers['cache-control']).toBe('no-cache');
  });

  it('gives precompressed copies the cache policy of their file', () => {
    expect(cacheControlFor('/x/src_App.0123abcd.js.br')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/src_App.0123abcd.js.gz')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/x/remoteEntry.js.br')).toBe('no-cache');
  });

  it("sends the build's precompressed copies to browsers that accept them, with the original's type and cache policy", async () => {
    const html = { accept: 'text/html' };
    const br = await t.inject({
      method: 'GET',
      url: '/DashboardAdmin',
      headers: { ...html, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect([br.body, br.headers['content-encoding'], br.headers['content-type']]).toEqual([
      'BR index',
      'br',
      'text/html; charset=utf-8',
    ]);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await t.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-encoding': 'gzip, br;q=0' } });
    expect([gz.body, gz.headers['content-encoding']]).toEqual(['GZ index', 'gzip']);
    const plain = await t.inject({ method: 'GET', url: '/', headers: html });
    expect([plain.body, plain.headers['content-encoding']]).toEqual([INDEX, undefined]);

    const main = await t.inject({ method: 'GET', url: '/main.js', headers: { 'accept-encoding': 'br' } });
    expect([main.body, main.headers['content-encoding'], main.headers['cache-control']]).toEqual([
      'BR main',
      'br',
      'no-cache',
    ]);
    expect(main.headers['content-type']).toMatch(/javascript/);
    // no .gz copy of main.js: the file itself
    expect((await t.inject({ method: 'GET', url: '/main.js', headers: { 'accept-encoding': 'gzip' } })).body).toBe(
      'console.log(1)',
    );
  });

  it('answers 503 with a clear text for a remote that is not built', async () => {
    const res = await t.inject({ method: 'GET', url: '/remotes/teacher/mf-manifest.json' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toMatch(/npm run build/);
  });

  it('serves REMOTES_JSON as is, and allows its origins in the CSP', async () => {
    const res = await t.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.json()).toEqual({ admin: 'https://cdn.example.org/admin/mf-manifest.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain('https://cdn.example.org');
  });
});

describe('without a shell build', () => {
  it('answers the SPA paths with 503 text explaining npm run build; /remotes.json has the default map', async () => {
    const root = makeTree(false);
    const t = await buildTestApp({ empty: true, app: { staticDir: root } });
    try {
      const res = await t.inject({ method: 'GET', url: '/DashboardStudent', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toMatch(/npm run build/);
      const remotes = await t.inject({ method: 'GET', url: '/remotes.json' });
      expect(remotes.json()).toEqual({
        admin: '/remotes/admin/mf-manifest.json',
        teacher: '/remotes/teacher/mf-manifest.json',
        student: '/remotes/student/mf-manifest.json',
      });
    } finally {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
