// Measures what a browser downloads: the login page (all JS until the form is usable) and each role's first screen.
// Serves the production builds like the server does (/, /remotes/<role>/, /remotes.json) and proxies /api to API_URL
// (a running Kelasku server with the demo seed). Sizes are gzip -9 of each file, as a server would send them.
// Usage: API_URL=http://localhost:3300 tsx webpack/measure.ts   (after npm run build)
//        MOCK_API=1 (no server: fake login), SERVE_ONLY=1 (just serve the builds on PORT, default 3390)
import http from 'node:http';
import path from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from './demo-accounts';

const root = path.resolve(__dirname, '..');
const API = new URL(process.env.API_URL ?? 'http://localhost:3000');
const PORT = Number(process.env.PORT ?? 3390);
const TYPES: Record<string, string> = {
  '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml', '.avif': 'image/avif', '.webp': 'image/webp',
};

function fileFor(pathname: string): string | null {
  const remote = /^\/remotes\/(admin|teacher|student)\/(.*)$/.exec(pathname);
  const base = remote ? path.join(root, `${remote[1]}-app`, 'dist') : path.join(root, 'shell', 'dist');
  const file = path.join(base, path.normalize(remote ? remote[2] : pathname));
  if (file.startsWith(base) && existsSync(file) && statSync(file).isFile()) return file;
  return remote || path.extname(pathname) ? null : path.join(root, 'shell', 'dist', 'index.html');
}

// MOCK_API=1: no server needed; login answers an unsigned token for the demo accounts, every other call 404s
// (screens then show their error states, which loads the same JS).
function mockApi(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    if (pathname === '/api/v1/auth') {
      const { username } = JSON.parse(body || '{}') as { username?: string };
      const role = (Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]).find((r) => DEMO_ACCOUNTS[r].username === username);
      if (role) {
        const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
        const payload = { user_id: 1, email: `${role}@kelasku.id`, role, display_name: `Demo ${role}`, exp: Math.floor(Date.now() / 1000) + 3600, teacher_id: 1, student_id: 1 };
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ token: `${b64({ alg: 'HS256' })}.${b64(payload)}.x` }));
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Not found', message: 'Not found' }));
  });
}

function serve() {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/') && process.env.MOCK_API === '1') return mockApi(req, res, url.pathname);
    if (url.pathname.startsWith('/api/')) {
      const up = http.request({ hostname: API.hostname, port: API.port, path: req.url, method: req.method, headers: { ...req.headers, host: API.host } }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => { res.writeHead(502); res.end(); });
      return req.pipe(up);
    }
    if (url.pathname === '/remotes.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ admin: '/remotes/admin/mf-manifest.json', teacher: '/remotes/teacher/mf-manifest.json', student: '/remotes/student/mf-manifest.json' }));
    }
    const file = fileFor(url.pathname);
    if (!file) { res.writeHead(404); return res.end(); }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
}

interface Tally { js: number; other: number; files: string[] }

function track(page: Page): Tally {
  const tally: Tally = { js: 0, other: 0, files: [] };
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') || url.port !== String(PORT)) return;
    const body = await res.body().catch(() => null);
    if (!body) return;
    const size = gzipSync(body, { level: 9 }).length;
    if (url.pathname.endsWith('.js')) tally.js += size; else tally.other += size;
    tally.files.push(`${(size / 1024).toFixed(1).padStart(7)} KB  ${url.pathname}`);
  });
  return tally;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const server = serve().listen(PORT);
  if (process.env.SERVE_ONLY === '1') {
    console.log(`serving the builds on http://localhost:${PORT} (Ctrl-C to stop)`);
    return;
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const login = track(page);
    await page.goto(`http://localhost:${PORT}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForTimeout(300);
    console.log(`login page: JS ${kb(login.js)} gzip, all ${kb(login.js + login.other)} gzip (HTML, CSS, images)`);
    console.log(login.files.join('\n'));
    await page.close();

    for (const role of ['admin', 'teacher', 'student'] as const) {
      if (!existsSync(path.join(root, `${role}-app`, 'dist', 'mf-manifest.json'))) {
        console.log(`\n${role}: no build in ${role}-app/dist, skipped`);
        continue;
      }
      // One fresh page per role, counted from the first request: login page + signed-in part + remote + what the
      // first screen loads after its data arrives (charts…). Same files as opening the dashboard signed in.
      const p = await browser.newPage();
      const all = track(p);
      await p.goto(`http://localhost:${PORT}/`, { waitUntil: 'networkidle' });
      await p.getByPlaceholder('NIP/NIS').fill(DEMO_ACCOUNTS[role].username);
      await p.getByPlaceholder('Password').fill(DEMO_ACCOUNTS[role].password);
      await p.getByRole('button', { name: 'Login' }).click();
      const shown = await p.getByText('Logout').waitFor({ timeout: 30000 }).then(() => true, () => false);
      if (!shown) {
        console.log(`\n${role}: the first screen did not show (see /tmp/kelasku-${role}-first.png)`);
        await p.screenshot({ path: `/tmp/kelasku-${role}-first.png` });
        await p.close();
        continue;
      }
      // Screens fetch data, then may load more code (charts…): wait until the network has been quiet a while.
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(3000);
      await p.waitForLoadState('networkidle');
      await p.waitForTimeout(500);
      console.log(`\n${role} first screen (${new URL(p.url()).pathname}): JS ${kb(all.js)} gzip in all (login page included)`);
      console.log(all.files.join('\n'));
      await p.screenshot({ path: `/tmp/kelasku-${role}-first.png` });
      await p.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
