import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_RICH_HTML_CHARS } from '../domain/limits';
import { HttpError } from '../plugins/errors';
import { OFF_THREAD_HTML_CHARS, SanitizeWorkers } from './sanitize-workers';

// Every HTML the sanitizer's own tests hand it (recorded while they run below), to run again on a thread.
const mockCorpus: string[] = [];
jest.mock('../domain/sanitize', () => {
  const actual = jest.requireActual<typeof import('../domain/sanitize')>('../domain/sanitize');
  return {
    ...actual,
    sanitizeRichHtml: (html: string) => {
      mockCorpus.push(html);
      return actual.sanitizeRichHtml(html);
    },
  };
});
const { sanitizeRichHtml } = jest.requireActual<typeof import('../domain/sanitize')>('../domain/sanitize');

/** The main thread's answer, or its refusal as the thread must give it back. */
function onMainThread(html: string): { html: string } | { refused: string; extra: unknown } {
  try {
    return { html: sanitizeRichHtml(html) };
  } catch (e) {
    return { refused: (e as Error).message, extra: (e as { extra?: unknown }).extra };
  }
}

async function onThread(
  pool: SanitizeWorkers,
  html: string,
): Promise<{ html: string } | { refused: string; extra: unknown }> {
  try {
    return { html: await pool.sanitize(html) };
  } catch (e) {
    return { refused: (e as Error).message, extra: (e as { extra?: unknown }).extra };
  }
}

/** The benchmark's material at the caps (bench/event-loop.ts): styled spans up to the element and length caps. */
function richHtmlAtCaps(): string {
  const units = MAX_HTML_ELEMENTS / 2;
  const head = '<p><span style="color: rgb(230, 0, 0);">merah</span> ';
  const text = 'kata '.repeat(Math.floor((Math.floor((MAX_RICH_HTML_CHARS - 1000) / units) - head.length - 4) / 5));
  return `${head}${text}</p>`.repeat(units);
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});
function script(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-sanitize-thread-'));
  scratch.push(dir);
  const file = path.join(dir, 'thread.js');
  fs.writeFileSync(file, source);
  return file;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the sanitizer's own tests, run here to record their inputs
require('../domain/sanitize.test');

describe('the same output on a thread as on the main thread', () => {
  let pool: SanitizeWorkers;
  beforeAll(() => {
    pool = new SanitizeWorkers({ size: 1, offThreadChars: 0 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('gives every input of the sanitizer tests the same output or the same refusal', async () => {
    const inputs = [...new Set(mockCorpus)];
    expect(inputs.length).toBeGreaterThan(40);
    for (const html of inputs) expect(await onThread(pool, html)).toEqual(onMainThread(html));
  });

  it('gives long inputs the same output: the material at the caps, the corpus many times over, and the refusals', async () => {
    const corpus = [...new Set(mockCorpus)].filter((html) => html.length < 10_000).join('\n');
    const long = [
      richHtmlAtCaps(),
      corpus.repeat(Math.ceil(300_000 / corpus.length)),
      `<p>${'a'.repeat(MAX_RICH_HTML_CHARS)}</p>`,
      '<b>'.repeat(200_000),
      '<p>abcdefghij</p><img src="x">'.repeat(40_000),
      '<p><b>x</b></p>'.repeat(MAX_HTML_ELEMENTS / 2 + 1),
      `${'<b>'.repeat(MAX_HTML_DEPTH)}x`.repeat(100),
    ];
    for (const html of long) {
      const main = onMainThread(html);
      expect(await onThread(pool, html)).toEqual(main);
    }
    expect(onMainThread(long[0])).toEqual({
      html: expect.stringContaining('<span style="color:rgb(230, 0, 0)">merah</span>'),
    });
  });
});

describe('long texts go to the threads, short ones stay', () => {
  it('sanitizes from OFF_THREAD_HTML_CHARS up on a thread, below it on the main thread', async () => {
    const pool = new SanitizeWorkers({ size: 1 });
    try {
      const short = '<p onclick="x()">a</p>'.repeat(Math.floor((OFF_THREAD_HTML_CHARS - 1) / 22));
      mockCorpus.length = 0;
      expect(await pool.sanitize(short)).toBe('<p>a</p>'.repeat(Math.floor((OFF_THREAD_HTML_CHARS - 1) / 22)));
      expect(mockCorpus).toEqual([short]);
      expect(pool.threadCount).toBe(0);
      const long = `${short}<p>${'b'.repeat(100)}</p>`;
      mockCorpus.length = 0;
      expect(await pool.sanitize(long)).toBe(sanitizeRichHtml(long));
      expect(mockCorpus).toEqual([]);
      expect(pool.threadCount).toBe(1);
    } finally {
      await pool.close();
    }
  });
});

describe('bounded, and failures answered without stopping the process', () => {
  const long = `<p>${'x'.repeat(OFF_THREAD_HTML_CHARS)}</p>`;

  it('starts at most `size` threads for a flood, and refuses with a 503 once `maxWaiting` texts wait', async () => {
    const pool = new SanitizeWorkers({ size: 2, maxWaiting: 3 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => pool.sanitize(long)));
      expect(pool.threadCount).toBeLessThanOrEqual(2);
      const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason as HttpError);
      expect(refused).toHaveLength(5);
      for (const e of refused) expect(e).toMatchObject({ statusCode: 503, extra: { code: 'content-busy' } });
      expect(results.filter((r) => r.status === 'fulfilled').map((r) => r.value)).toEqual([long, long, long]);
      // the line emptied: the next text is served
      expect(await pool.sanitize(long)).toBe(long);
    } finally {
      await pool.close();
    }
  });

  it('answers a text that takes too long with a 503 and replaces the thread', async () => {
    const pool = new SanitizeWorkers({
      size: 1,
      timeoutMs: 50,
      file: script(`
      const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.on('message', (html) => { if (html.startsWith('<p>slow')) { const end = Date.now() + 2000; while (Date.now() < end); } parentPort.postMessage({ html }); });
    `),
    });
    try {
      await expect(pool.sanitize(`<p>slow${long}`)).rejects.toMatchObject({
        statusCode: 503,
        extra: { code: 'content-busy' },
      });
      expect(await pool.sanitize(long)).toBe(long);
    } finally {
      await pool.close();
    }
  });

  it('fails only the text of a thread that dies (a 500), then serves the next one on a new thread', async () => {
    const pool = new SanitizeWorkers({
      size: 1,
      file: script(`
      const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.on('message', (html) => { if (html.startsWith('<p>die')) process.exit(1); parentPort.postMessage({ html }); });
    `),
    });
    try {
      const dying = pool.sanitize(`<p>die${long}`);
      const next = pool.sanitize(long);
      await expect(dying).rejects.toThrow('sanitizing thread stopped');
      await expect(dying).rejects.not.toBeInstanceOf(HttpError);
      expect(await next).toBe(long);
    } finally {
      await pool.close();
    }
  });

  it('stops a thread that runs out of its heap (a 500 for its text), not the process', async () => {
    const pool = new SanitizeWorkers({
      size: 1,
      heapMb: 16,
      file: script(`
      const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.on('message', (html) => { if (html.startsWith('<p>grow')) { const all = []; for (;;) all.push(new Array(100000).fill(html.length)); } parentPort.postMessage({ html }); });
    `),
    });
    try {
      await expect(pool.sanitize(`<p>grow${long}`)).rejects.toThrow('sanitizing thread stopped');
      expect(await pool.sanitize(long)).toBe(long);
    } finally {
      await pool.close();
    }
  });

  it('fails what waits when a thread cannot start, without starting threads in a loop', async () => {
    const pool = new SanitizeWorkers({ size: 2, file: script('throw new Error("broken build");') });
    try {
      await expect(Promise.all([pool.sanitize(long), pool.sanitize(long)])).rejects.toThrow(
        'sanitizing thread could not start',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(pool.threadCount).toBe(0);
    } finally {
      await pool.close();
    }
  });
});

it('runs as built for the server (server/dist/sanitize-thread.js)', async () => {
  const { buildServer } = jest.requireActual<typeof import('../../../scripts/build-server')>(
    '../../../scripts/build-server',
  );
  // inside server/, so the built thread finds sanitize-html in node_modules as server/dist does
  const outdir = fs.mkdtempSync(path.join(__dirname, '..', '..', '.build-test-'));
  scratch.push(outdir);
  await buildServer(path.join(__dirname, '..', '..', '..'), outdir);
  const pool = new SanitizeWorkers({ size: 1, offThreadChars: 0, file: path.join(outdir, 'sanitize-thread.js') });
  try {
    const html = richHtmlAtCaps();
    expect(await pool.sanitize(html)).toBe(sanitizeRichHtml(html));
    await expect(pool.sanitize('<b>'.repeat(200_000))).rejects.toMatchObject({ extra: { code: 'html-too-deep' } });
  } finally {
    await pool.close();
  }
}, 60_000);
