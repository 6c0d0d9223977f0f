import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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

describe('the start chain in the page', () => {
  const DATA = '<script type=application/json id=kelasku-start-chain></script>';
  const PAGE = `<!doctype html><title>Kelasku</title>${DATA}<script>${GATE}</script><script defer src=/main.js></script>`;
  const SHELL_CHAIN = ['/main.js', '/boot.0123abcd.js', '/signed-in.89abcdef.js'];
  const CDN_TEACHER = 'https://cdn.example.org/teacher/v7/mf-manifest.json';
  const adminManifest = (app: string) => ({
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'App', assets: { js: { sync: [app], async: ['screen.11111111.js'] } } }],
    shared: [
      { name: 'react', assets: { js: { sync: ['react.22222222.js'] } } },
      { name: '@tanstack/react-query', assets: { js: { sync: ['remote-frame.33333333.js'] } } },
      { name: '@kelasku/shared-ui/src/SearchBox', assets: { js: { sync: ['search.44444444.js'] } } },
    ],
  });
  // The App imports React (the shell's) and the data layer (the remote's own); a later screen the search box.
  const adminStats = { exposes: [{ name: 'App', requires: ['react', '@tanstack/react-query'] }] };
  let root: string;
  let remotes: string;
  let t: TestApp;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  const chainOf = (html: string): unknown => {
    const text = /<script type=application\/json id=kelasku-start-chain>([\s\S]*?)<\/script>/.exec(html)?.[1];
    return text ? JSON.parse(text) : null;
  };
  const page = (headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: '/MyExams', headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-chain-'));
    write('shell/dist/index.html', PAGE);
    write('shell/dist/index.html.br', 'BR page as built');
    write('shell/dist/start-chain.json', JSON.stringify({ signedIn: SHELL_CHAIN }));
    write('shell/dist/mf-manifest.json', JSON.stringify({ shared: [{ name: 'react' }] }));
    write('admin-app/dist/mf-manifest.json', JSON.stringify(adminManifest('__federation_expose_App.aaaaaaaa.js')));
    write('admin-app/dist/mf-stats.json', JSON.stringify(adminStats));
    remotes = path.join(root, 'remotes.json');
    write(
      'remotes.json',
      JSON.stringify({
        admin: '/remotes/admin/mf-manifest.json',
        teacher: CDN_TEACHER,
        student: '/remotes/student/mf-manifest.json</script><script>alert(1)</script>',
      }),
    );
    t = await buildTestApp({ empty: true, app: { staticDir: root, remotesJson: remotes } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("carries /remotes.json and each role's files: the shell's signed-in part, the manifest, the remote's own files", async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const chain = chainOf(res.body) as { remotes: Record<string, string>; files: Record<string, string[]> };
    expect(chain.remotes).toEqual(JSON.parse(fs.readFileSync(remotes, 'utf8')));
    expect(chain.files).toEqual({
      admin: [
        ...SHELL_CHAIN,
        '/remotes/admin/mf-manifest.json',
        '/remotes/admin/remoteEntry.js',
        '/remotes/admin/__federation_expose_App.aaaaaaaa.js',
        // its own data layer; React comes from the shell, its screens and the search box later
        '/remotes/admin/remote-frame.33333333.js',
      ],
      // on another origin: only where its manifest is
      teacher: [...SHELL_CHAIN, CDN_TEACHER],
      // not built here: only where its manifest is
      student: [...SHELL_CHAIN, chain.remotes.student],
    });
    // Data, not markup: the odd entry cannot end the element.
    expect(res.body.match(/<script/g)).toHaveLength(3);
    // The same page for / and /index.html.
    expect(chainOf((await t.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } })).body)).toEqual(chain);
    expect(chainOf((await t.inject({ method: 'GET', url: '/index.html', headers: { accept: '*/*' } })).body)).toEqual(
      chain,
    );
  });

  it('names a remote deployed under the running server on the next page it sends, compressed copies included', async () => {
    write('admin-app/dist/mf-manifest.json', JSON.stringify(adminManifest('__federation_expose_App.bbbbbbbb.js')));
    const plain = chainOf((await page()).body) as { files: Record<string, string[]> };
    expect(plain.files.admin).toContain('/remotes/admin/__federation_expose_App.bbbbbbbb.js');
    expect(plain.files.admin).not.toContain('/remotes/admin/__federation_expose_App.aaaaaaaa.js');
    const br = await page({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(chainOf(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    const gz = await page({ 'accept-encoding': 'gzip' });
    expect(chainOf(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain);
  });

  it('keeps the CSP as the build made it: the pre-paint script allowed by its hash, the data needing none', async () => {
    const res = await page();
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
    expect(inline).toEqual([GATE]);
    const hash = `'sha256-${crypto.createHash('sha256').update(inline[0]).digest('base64')}'`;
    expect(scriptSrc?.trim().split(/\s+/)).toEqual(['script-src', "'self'", 'https://cdn.example.org', hash]);
  });

  it('sends the page as built when /remotes.json cannot be read (the shell then asks for it itself)', async () => {
    fs.renameSync(remotes, `${remotes}.away`);
    try {
      const res = await page();
      expect(res.body).toBe(PAGE);
      expect((await page({ 'accept-encoding': 'br' })).body).toBe('BR page as built');
    } finally {
      fs.renameSync(`${remotes}.away`, remotes);
    }
    expect(chainOf((await page()).body)).not.toBeNull();
  });
});
