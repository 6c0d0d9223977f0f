/**
 * Preloaded into the server process by bench/event-loop.ts (`node --import <this file>`), so the server's own code
 * knows nothing about it: measures that process's event-loop delay with perf_hooks.monitorEventLoopDelay and serves
 * it on 127.0.0.1:LOOP_PROBE_PORT — a second tiny HTTP server on the same event loop.
 *   GET /reset  starts a new window        GET /read  {maxMs, p99Ms, meanMs, samples} since the last reset
 * Plain JavaScript: it loads before tsx.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const port = Number(process.env.LOOP_PROBE_PORT);
if (port) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const server = http.createServer((req, res) => {
    if (req.url === '/reset') histogram.reset();
    const empty = histogram.count === 0;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        maxMs: empty ? 0 : ms(histogram.max),
        p99Ms: empty ? 0 : ms(histogram.percentile(99)),
        meanMs: empty ? 0 : ms(histogram.mean),
        samples: histogram.count,
      }),
    );
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
