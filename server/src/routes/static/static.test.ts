import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from '../../test/helpers';

function makeTree(withShell: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-static-'));
  if (withShell) {
    fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Kelasku</title>');
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.js'), 'console.log(1)');
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
    expect((await t.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' })).headers['cache-control']).toBe('no-cache');
    const chunk = await t.inject({ method: 'GET', url: '/remotes/admin/src_App.0123abcd.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.inject({ method: 'GET', url: '/main.js' })).headers['cache-control']).toBe('no-cache');
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
