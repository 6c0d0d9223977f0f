import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INVALID_TEXT } from '../plugins/errors';
import { JsonWorkers } from './json-workers';

let workers: JsonWorkers;
beforeAll(() => {
  workers = new JsonWorkers(INVALID_TEXT, 1);
});
afterAll(async () => {
  await workers.close();
});

const big = (extra: string) =>
  Buffer.from(`{"content":[${'{},'.repeat(30_000)}{}],"note":"${'x'.repeat(3_000_000)}${extra}"}`);

it('parses a large body on its thread: the main thread runs no JSON.parse for it', async () => {
  const parse = jest.spyOn(JSON, 'parse');
  const outcome = await workers.parse(big('ok'), 100_000);
  expect(parse).not.toHaveBeenCalled();
  parse.mockRestore();
  expect(outcome.kind).toBe('parsed');
  if (outcome.kind !== 'parsed') return;
  expect(outcome.validText).toBe(true);
  const value = outcome.value as { content: unknown[]; note: string };
  expect(value.content).toHaveLength(30_001);
  expect(value.note.endsWith('xok')).toBe(true);
});

it('says what the main thread must do otherwise: too many values, invalid text, malformed or unsafe JSON', async () => {
  expect(await workers.parse(big(''), 50_000)).toEqual({ kind: 'too-many-values' });
  const nul = await workers.parse(Buffer.from(JSON.stringify({ a: ['x', 'y\u0000'] })), 100);
  expect(nul).toMatchObject({ kind: 'parsed', validText: false });
  const lone = await workers.parse(Buffer.from('{"\\ud800": 1}'), 100);
  expect(lone).toMatchObject({ kind: 'parsed', validText: false });
  expect(await workers.parse(Buffer.from('{"a": [1, 2'), 100)).toEqual({ kind: 'reparse' });
  expect(await workers.parse(Buffer.from('{"a": {"__proto__": {"admin": true}}}'), 100)).toEqual({ kind: 'reparse' });
  expect(await workers.parse(Buffer.from('{"constructor": {"prototype": {"x": 1}}}'), 100)).toEqual({
    kind: 'reparse',
  });
  // Emoji and escapes survive the trip.
  expect(await workers.parse(Buffer.from(JSON.stringify({ t: 'Sel 🌱 "kutip" \\ \n' })), 100)).toEqual({
    kind: 'parsed',
    value: { t: 'Sel 🌱 "kutip" \\ \n' },
    validText: true,
  });
});

it('parses bodies one after another on one thread, in order, when several arrive at once', async () => {
  const outcomes = await Promise.all([1, 2, 3, 4].map((n) => workers.parse(Buffer.from(JSON.stringify({ n })), 10)));
  expect(outcomes.map((o) => (o.kind === 'parsed' ? (o.value as { n: number }).n : o.kind))).toEqual([1, 2, 3, 4]);
});

it('works as built for the server (esbuild keeps names with a helper the worker must have too)', async () => {
  // tsx (development, benchmarks) and the server build run the sources through esbuild, which can wrap functions in
  // its __name helper: a worker without it failed every job, and every large body went back to the main thread.
  const { buildSync } = jest.requireActual<typeof import('esbuild')>('esbuild');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-json-workers-'));
  const outfile = path.join(dir, 'json-workers.js');
  buildSync({
    entryPoints: [path.join(__dirname, 'json-workers.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    keepNames: true,
    outfile,
    logLevel: 'silent',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built file, loaded as the server loads it
  const built = require(outfile) as typeof import('./json-workers');
  const pool = new built.JsonWorkers(INVALID_TEXT, 1);
  try {
    expect(await pool.parse(big(''), 50_000)).toEqual({ kind: 'too-many-values' });
    expect(await pool.parse(Buffer.from('{"a":"x\\"y"}'), 10)).toEqual({
      kind: 'parsed',
      value: { a: 'x"y' },
      validText: true,
    });
  } finally {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
