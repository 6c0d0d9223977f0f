// Small dev server (webpack-dev-server is not installed): builds the app's webpack config in development mode,
// rebuilds on change, serves the output with an SPA fallback, proxies /api to the real API and allows CORS so the
// shell on another port can load a remote. Usage (from an app folder): tsx ../webpack/dev-server.ts
import http from 'node:http';
import path from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import webpack, { type Configuration } from 'webpack';

const API = new URL(process.env.API_URL ?? 'http://localhost:3000');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.map': 'application/json',
};

/** An app's webpack config, with the port of its dev server (webpack/federation.ts sets it). */
type DevConfig = Configuration & { devServer?: { port?: number } };

async function loadConfig(dir: string): Promise<DevConfig> {
  const mod = (await import(path.join(dir, 'webpack.config.ts'))) as { default: unknown };
  let exported = mod.default;
  // tsx may wrap a CommonJS default export once more.
  if (exported && typeof exported === 'object' && 'default' in exported) exported = exported.default;
  return typeof exported === 'function'
    ? (exported as (e: unknown, a: { mode: string }) => DevConfig)({}, { mode: 'development' })
    : (exported as DevConfig);
}

function proxy(req: http.IncomingMessage, res: http.ServerResponse) {
  const upstream = http.request(
    {
      hostname: API.hostname,
      port: API.port,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, host: API.host },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'API unreachable', message: `API unreachable at ${API.origin}: ${err.message}` }));
  });
  req.pipe(upstream);
}

async function main() {
  const dir = process.cwd();
  const config = await loadConfig(dir);
  const port = Number(process.env.PORT ?? config.devServer?.port ?? 8080);
  const outDir = config.output?.path ?? path.join(dir, 'dist-dev');
  const { devServer: _omit, ...webpackConfig } = config;
  const extraRoutes: Record<string, () => string> = {};
  // The shell in dev loads remotes from their own dev servers unless REMOTES_JSON points at a file.
  if (config.name === 'shell') {
    extraRoutes['/remotes.json'] = () =>
      process.env.REMOTES_JSON
        ? readFileSync(process.env.REMOTES_JSON, 'utf8')
        : JSON.stringify({
            admin: 'http://localhost:3101/mf-manifest.json',
            teacher: 'http://localhost:3102/mf-manifest.json',
            student: 'http://localhost:3103/mf-manifest.json',
          });
  }

  webpack(webpackConfig).watch({ aggregateTimeout: 300 }, (err, stats) => {
    if (err) console.error(err);
    else console.log(stats?.toString({ preset: 'errors-warnings', colors: true }) || `[${config.name}] built`);
  });

  http
    .createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cache-Control', 'no-cache');
      if (url.pathname.startsWith('/api/')) return proxy(req, res);
      const extra = extraRoutes[url.pathname];
      if (extra) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(extra());
      }
      let file = path.join(outDir, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
      if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory()) {
        // Unknown paths without an extension are client routes: serve the page.
        if (path.extname(url.pathname)) {
          res.writeHead(404);
          return res.end('Not found');
        }
        file = path.join(outDir, 'index.html');
      }
      if (!existsSync(file)) {
        res.writeHead(503);
        return res.end('Still building, reload in a moment.');
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    })
    .listen(port, () => console.log(`[${config.name}] http://localhost:${port} (API proxied to ${API.origin})`));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
