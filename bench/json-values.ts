/**
 * What counting a JSON body's values costs beside parsing it (server/src/lib/json-values.ts, before Fastify's parser):
 * the reason the server counts by hand. 10 MB bodies (the largest the limits allow) of three shapes — `[{},…]` (the
 * costliest to parse), `[0,…]` and one picture's base64 per value (a teacher's exam) — each parsed with JSON.parse
 * (decoding the bytes included, as Fastify does) and counted with countJsonValues, both to the end and with the
 * server's MAX_BODY_VALUES (where it stops). In this process, one after the other, `BENCH_REPEATS` (7) times each;
 * medians and maxima. Not part of `npm run bench`: `cd bench && npx tsx json-values.ts`.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { MAX_BODY_VALUES } from '../server/src/domain/limits';
import { countJsonValues } from '../server/src/lib/json-values';
import { isMain, saveResult, table } from './lib/results';
import { percentile } from './lib/stats';

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const BYTES = 10 * 1024 * 1024;

function bodies(): [string, Buffer][] {
  const objects = `{"content":[${'{},'.repeat(Math.floor((BYTES - 20) / 3))}{}]}`;
  const zeros = `{"content":[${'0,'.repeat(Math.floor((BYTES - 20) / 2))}0]}`;
  const picture = `"data:image/jpeg;base64,${Buffer.alloc(1_499_000, 7).toString('base64')}"`;
  const count = Math.floor(BYTES / (picture.length + 1));
  const pictures = `{"content":[${Array.from({ length: count }, () => picture).join(',')}]}`;
  return [
    ['`[{},…]`', Buffer.from(objects)],
    ['`[0,…]`', Buffer.from(zeros)],
    ['pictures (base64 strings of 1.5 MB)', Buffer.from(pictures)],
  ];
}

function timed(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

export async function runJsonValues(): Promise<void> {
  const rows: (string | number)[][] = [];
  const data: Record<string, unknown>[] = [];
  for (const [shape, body] of bodies()) {
    const values = countJsonValues(body, Number.MAX_SAFE_INTEGER);
    const runs = { parse: [] as number[], countAll: [] as number[], countToCap: [] as number[] };
    for (let i = 0; i < REPEATS; i++) {
      runs.parse.push(timed(() => JSON.parse(body.toString('utf8'))));
      runs.countAll.push(timed(() => countJsonValues(body, Number.MAX_SAFE_INTEGER)));
      runs.countToCap.push(timed(() => countJsonValues(body, MAX_BODY_VALUES)));
    }
    const ms = (xs: number[]) => `${median(xs).toFixed(1)} (max ${Math.max(...xs).toFixed(1)})`;
    rows.push([
      shape,
      (body.length / 1e6).toFixed(2),
      values.toLocaleString('en'),
      ms(runs.parse),
      ms(runs.countAll),
      ms(runs.countToCap),
    ]);
    data.push({ shape, bytes: body.length, values, ...runs });
    console.log(`[json-values] ${rows.at(-1)!.join(' | ')}`);
  }
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
  saveResult({
    name: process.env.BENCH_JSON_RESULT ?? 'json-values',
    title: 'Counting JSON values vs parsing them — `json-values.ts`',
    startedAt: new Date().toISOString(),
    markdown: [
      '## Counting JSON values vs parsing them — `json-values.ts`',
      '',
      `10 MB bodies, ${REPEATS} runs each in one process, median ms (max); load average ${load} at the end`,
      '(2 cores, shared by other work).',
      `"count to the cap" stops past MAX_BODY_VALUES (${MAX_BODY_VALUES.toLocaleString('en')}), as the server does.`,
      '',
      table(['body', 'MB', 'values', 'JSON.parse ms', 'count all ms', 'count to the cap ms'], rows),
    ].join('\n'),
    data,
  });
}

if (isMain(module)) {
  runJsonValues().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
