/**
 * Preloaded into the server process by bench/memory-soak.ts (`node --expose-gc --import <this file>`), so the server's
 * own code knows nothing about it: serves that process's memory on 127.0.0.1:MEMORY_PROBE_PORT — a second tiny HTTP
 * server on the same event loop.
 *   GET /sample              full garbage collection (twice: weak callbacks and finalizers free more on the second),
 *                            then process.memoryUsage() and the V8 heap spaces, in bytes: what is still retained
 *   GET /snapshot?file=<p>   v8.writeHeapSnapshot(p) (it collects garbage first); answers {file}
 * Plain JavaScript: it loads before tsx.
 */
import http from 'node:http';
import v8 from 'node:v8';

const port = Number(process.env.MEMORY_PROBE_PORT);
if (port) {
  const collect = () => {
    if (typeof globalThis.gc !== 'function') return false;
    globalThis.gc();
    globalThis.gc();
    return true;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://probe');
    let body;
    if (url.pathname === '/snapshot') {
      body = { file: v8.writeHeapSnapshot(url.searchParams.get('file') ?? undefined) };
    } else {
      const gc = collect();
      const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
      body = { gc, ...process.memoryUsage(), spaces };
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
