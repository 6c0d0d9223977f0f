/**
 * Security headers: the server's own use of helmet (server/src/plugins/security.ts: helmet run once, its headers
 * handed to every reply) against @fastify/helmet with the same options (which calls helmet(options) on every
 * response), and no headers as the ceiling, on one simple GET. Each variant is its own server process
 * (helmet-headers-server.ts); they are measured in turns (none, ours, library, none, ours, library, …) so that the
 * machine's load falls on all of them alike. Reported: the medians of the rounds of the rate, of the rate relative to
 * ours in the same round, and of the server's CPU time per request (from /proc: the figure least moved by other work
 * on a shared machine).
 *
 *   cd bench && npx tsx helmet-headers.ts     # BENCH_ROUNDS (default 5), BENCH_SECONDS per turn (default 5), BENCH_CONNECTIONS (10)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuSecondsOf } from './lib/proc';
import { isMain, saveResult, table } from './lib/results';

const VARIANTS = ['none', 'ours', 'library'] as const;
type Variant = (typeof VARIANTS)[number];
const LABEL: Record<Variant, string> = {
  none: 'no security headers (ceiling)',
  ours: 'server/src/plugins/security.ts (helmet once)',
  library: '@fastify/helmet, same options',
};

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BASE_PORT = 3871;

function start(variant: Variant, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'helmet-headers-server.ts')], {
    env: { ...process.env, HEADERS: variant, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${variant} server exited (${code})`)));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const startedAt = new Date().toISOString();
  const servers = await Promise.all(VARIANTS.map((v, i) => start(v, BASE_PORT + i)));
  const rates: Record<Variant, number[]> = { none: [], ours: [], library: [] };
  const p99s: Record<Variant, number[]> = { none: [], ours: [], library: [] };
  /** the server's CPU microseconds per request */
  const cpu: Record<Variant, number[]> = { none: [], ours: [], library: [] };
  try {
    for (const i of VARIANTS.keys()) {
      // warm-up: JIT and connections
      await autocannon({ url: `http://127.0.0.1:${BASE_PORT + i}/ping`, connections: CONNECTIONS, duration: 2 });
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, v] of VARIANTS.entries()) {
        const before = cpuSecondsOf(servers[i].pid!)!;
        const r = await autocannon({
          url: `http://127.0.0.1:${BASE_PORT + i}/ping`,
          connections: CONNECTIONS,
          duration: SECONDS,
        });
        if (r.errors || r.non2xx) throw new Error(`${v}: ${r.errors} errors, ${r.non2xx} non-2xx`);
        const cpuPerRequest = ((cpuSecondsOf(servers[i].pid!)! - before) * 1e6) / r.requests.total;
        rates[v].push(r.requests.average);
        p99s[v].push(r.latency.p99);
        cpu[v].push(cpuPerRequest);
        console.log(
          `round ${round + 1} ${v}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${cpuPerRequest.toFixed(1)} µs CPU/request`,
        );
      }
    }
  } finally {
    for (const s of servers) s.kill();
  }
  const relative = (v: Variant) => median(rates[v].map((x, round) => x / rates.ours[round]));
  const rows = VARIANTS.map((v) => [
    LABEL[v],
    Math.round(median(rates[v])),
    rates[v].map(Math.round).join(' / '),
    relative(v).toFixed(2),
    median(cpu[v]).toFixed(1),
    median(p99s[v]),
  ]);
  const fewer = (1 - relative('library')) * 100;
  const markdown = [
    '## Security headers: helmet once vs @fastify/helmet — `helmet-headers.ts`',
    '',
    `GET /ping on bare Fastify, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per variant taken in turns; medians of the rounds.`,
    '',
    table(
      ['headers', 'req/s', 'req/s per round', 'req/s ÷ ours (same round)', 'server CPU µs/request', 'p99 ms'],
      rows,
    ),
    '',
    `@fastify/helmet serves ${fewer.toFixed(0)}% fewer requests per second than the server's own helmet-once, and costs ` +
      `${(median(cpu.library) - median(cpu.ours)).toFixed(1)} µs more CPU per request.`,
  ].join('\n');
  saveResult({
    name: 'helmet-headers',
    title: 'Security headers (helmet once vs @fastify/helmet)',
    startedAt,
    markdown,
    data: { rates, p99s, cpuMicrosPerRequest: cpu, connections: CONNECTIONS, seconds: SECONDS },
  });
}

if (isMain(module))
  void main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
