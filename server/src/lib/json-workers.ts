/**
 * Large JSON bodies (a teacher's material or exam, up to 10 MB) are counted, decoded, parsed and checked for invalid
 * text on a worker thread, so the event loop keeps serving everyone else meanwhile: on one thread those steps are
 * linear in the bytes and took 0.5–1 s for 10 MB on a loaded machine. What comes back is the parsed value (copied to
 * this thread: cheap, as a body holds at most MAX_BODY_VALUES values) and whether its text was already checked.
 * A body the worker finds malformed or unsafe (`__proto__`, `constructor.prototype`) is parsed again on the main thread
 * by Fastify's own parser, so its refusal is exactly the usual one.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { countJsonValues } from './json-values';

export type ParseOutcome =
  | { kind: 'parsed'; value: unknown; validText: boolean }
  | { kind: 'too-many-values' }
  /** malformed JSON or a prototype-poisoning key: let the main thread's parser refuse it */
  | { kind: 'reparse' };

/**
 * The worker's whole job, self-contained (its source runs on the worker). `INVALID` is the errors plugin's rule on
 * text (NUL, lone surrogates), passed in as a pattern.
 */
export function parseJsonJob(
  bytes: Uint8Array,
  maxValues: number,
  count: (text: Buffer, max: number) => number,
  invalid: RegExp,
): ParseOutcome {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (count(text, maxValues) > maxValues) return { kind: 'too-many-values' };
  let value: unknown;
  try {
    value = JSON.parse(text.toString('utf8'));
  } catch {
    return { kind: 'reparse' };
  }
  let validText = true;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (validText && invalid.test(v)) validText = false;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (k === '__proto__') return { kind: 'reparse' };
        const inner = record[k];
        if (
          k === 'constructor' &&
          inner !== null &&
          typeof inner === 'object' &&
          Object.prototype.hasOwnProperty.call(inner, 'prototype')
        )
          return { kind: 'reparse' };
        if (validText && invalid.test(k)) validText = false;
        stack.push(inner);
      }
    }
  }
  return { kind: 'parsed', value, validText };
}

/** Plain JavaScript evaluated in the worker (no file path to resolve from sources, tests or the build). */
const workerSource = (invalid: RegExp) => `
const { parentPort } = require('node:worker_threads');
// esbuild (tsx, the server build) may wrap named functions in its helper __name: the worker needs it too.
const __name = (f) => f;
const countJsonValues = ${countJsonValues.toString()};
const parseJsonJob = ${parseJsonJob.toString()};
const INVALID = ${invalid.toString()};
parentPort.on('message', ({ bytes, maxValues }) => {
  let outcome;
  try { outcome = parseJsonJob(bytes, maxValues, countJsonValues, INVALID); } catch { outcome = { kind: 'reparse' }; }
  parentPort.postMessage(outcome);
});`;

interface Job {
  bytes: Buffer;
  maxValues: number;
  resolve(outcome: ParseOutcome): void;
}

/** A few threads (one per core but one, at least one), each parsing one body at a time; the others wait in line. */
export class JsonWorkers {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly all: Worker[] = [];

  constructor(
    private readonly invalid: RegExp,
    size = Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1),
  ) {
    for (let i = 0; i < size; i++) this.spawn();
  }

  private spawn(): void {
    const worker = new Worker(workerSource(this.invalid), { eval: true });
    worker.unref(); // held (ref) only while parsing
    worker.on('message', (outcome: ParseOutcome) => this.finish(worker, outcome));
    worker.on('exit', () => {
      // a thread that stopped (out of memory): its body is parsed on the main thread, a new thread takes its place
      const job = this.running.get(worker);
      this.running.delete(worker);
      this.all.splice(this.all.indexOf(worker), 1);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      job?.resolve({ kind: 'reparse' });
      if (!this.closed) this.spawn();
      this.next();
    });
    this.all.push(worker);
    this.idle.push(worker);
  }

  parse(bytes: Buffer, maxValues: number): Promise<ParseOutcome> {
    return new Promise((resolve) => {
      this.queue.push({ bytes, maxValues, resolve });
      this.next();
    });
  }

  private closed = false;

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.all.map((w) => w.terminate()));
  }

  private next(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      worker.ref();
      worker.postMessage({ bytes: job.bytes, maxValues: job.maxValues });
    }
  }

  private finish(worker: Worker, outcome: ParseOutcome): void {
    const job = this.running.get(worker);
    this.running.delete(worker);
    worker.unref();
    this.idle.push(worker);
    job?.resolve(outcome);
    this.next();
  }
}
