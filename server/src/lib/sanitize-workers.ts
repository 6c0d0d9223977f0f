/**
 * Rich HTML (a material's content, up to its caps) is sanitized on worker threads from OFF_THREAD_HTML_CHARS up, so
 * the event loop keeps serving everyone else meanwhile: sanitize-html is linear in the input but slow (0.3–0.6 s
 * for 1 MiB of styled text at the element cap on the 2-core machine at load 17). Smaller texts are sanitized on
 * the main thread, where they cost less than the trip to a thread. The threads run the very same sanitizeRichHtml
 * (server/src/sanitize-thread.ts), so the output is the same byte for byte, and its refusals (ContentError) come back
 * as the same 400s.
 *
 * Bounded: a few threads (one per core but one), each sanitizing one text at a time; at most `maxWaiting` texts wait
 * in line (then a 503 "busy, try again"), a text that takes longer than `timeoutMs` on its thread gets a 503 and the
 * thread is replaced, and a thread that dies fails only its own text with a 500. The process goes on in every case.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ContentError } from '../domain/content';
import type { ErrorDetails } from '../domain/errors';
import { sanitizeRichHtml } from '../domain/sanitize';
import { HttpError } from '../plugins/errors';

/**
 * From this length on, HTML goes to a thread. Measured on the 2-core machine (styled paragraphs as in
 * bench/event-loop.ts, load 11): sanitizing costs 2–20 ms per 64 K characters on the main thread, linear (the
 * material at the caps, 1 MiB, stalled the loop 148–179 ms with its writes); handing a text to a thread blocks the
 * main thread under 0.1 ms but the answer waits for the thread's turn (1–20 ms more). Below 64 K the stall stays far
 * under the 100 ms target and the main thread answers sooner.
 */
export const OFF_THREAD_HTML_CHARS = 64 * 1024;

/** Heap of one thread: the largest content (8 M characters with pictures) and its output need well under this. */
const THREAD_HEAP_MB = 256;

/** What a sanitizer thread posts back. */
export type SanitizeReply =
  { ready: true } | { html: string } | { refused: { message: string; extra?: ErrorDetails } } | { failed: string };

/** The thread's script: the TypeScript source through tsx (development, tests, benchmarks), or the server's build. */
function threadScript(file?: string): { source: string; eval: boolean } {
  if (file) return { source: file, eval: false };
  if (__filename.endsWith('.ts')) {
    const source = path.join(__dirname, '..', 'sanitize-thread.ts');
    return {
      source: `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`,
      eval: true,
    };
  }
  // server/dist: every entry of scripts/build-server.ts sits in one folder
  return { source: path.join(__dirname, 'sanitize-thread.js'), eval: false };
}

const busy = () =>
  new HttpError(503, 'The server is busy saving other large texts, please try again in a moment', {
    code: 'content-busy',
  });

interface Job {
  html: string;
  resolve(html: string): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export interface SanitizeWorkersOptions {
  /** threads (default: one per core but one, at least one) */
  size?: number;
  /** texts allowed to wait for a thread (default 16 per thread) */
  maxWaiting?: number;
  /** longest a text may take on its thread (default 30 s: the caps keep a sanitize under a few seconds) */
  timeoutMs?: number;
  /** the built thread script (tests of the build) */
  file?: string;
  /** heap of each thread in MB (default THREAD_HEAP_MB) */
  heapMb?: number;
  /** HTML from this length on goes to a thread (default OFF_THREAD_HTML_CHARS; tests send everything) */
  offThreadChars?: number;
}

export class SanitizeWorkers {
  private readonly threads: Thread[] = [];
  private readonly waiting: Job[] = [];
  private readonly size: number;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;
  private closed = false;

  constructor(private readonly options: SanitizeWorkersOptions = {}) {
    this.size = options.size ?? Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
    this.maxWaiting = options.maxWaiting ?? this.size * 16;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** sanitizeRichHtml's result (domain/sanitize.ts), computed on a thread when `html` is long. */
  sanitize(html: string): Promise<string> {
    if (html.length < (this.options.offThreadChars ?? OFF_THREAD_HTML_CHARS))
      return new Promise((resolve) => resolve(sanitizeRichHtml(html)));
    if (this.closed) return Promise.reject(busy());
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      this.waiting.push({ html, resolve, reject });
      this.dispatch();
    });
  }

  /** Threads started (ready or starting). */
  get threadCount(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(busy());
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.waiting.length === 0) return;
      if (thread.ready && !thread.job) this.run(thread, this.waiting.shift()!);
    }
    // threads start on demand: the first long text starts one, a line of them starts up to `size`
    const starting = this.threads.filter((t) => !t.ready).length;
    while (!this.closed && this.threads.length < this.size && this.waiting.length > starting) this.start();
  }

  private run(thread: Thread, job: Job): void {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      // A stuck thread is replaced: out of the pool at once (its exit comes later), its text answered now.
      thread.job = undefined;
      this.threads.splice(this.threads.indexOf(thread), 1);
      void thread.worker.terminate();
      job.reject(busy());
      this.dispatch();
    }, this.timeoutMs);
    thread.worker.postMessage(job.html);
  }

  private start(): void {
    const script = threadScript(this.options.file);
    // A thread's heap is bounded too: one that runs out stops (its text gets a 500) instead of growing the process.
    const thread: Thread = {
      worker: new Worker(script.source, {
        eval: script.eval,
        resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb ?? THREAD_HEAP_MB },
      }),
      ready: false,
    };
    thread.worker.unref(); // held (ref) only while sanitizing
    thread.worker.on('message', (reply: SanitizeReply) => this.onReply(thread, reply));
    thread.worker.on('error', () => {
      /* the exit that follows fails the job */
    });
    thread.worker.on('exit', () => this.onExit(thread));
    this.threads.push(thread);
  }

  private onReply(thread: Thread, reply: SanitizeReply): void {
    if ('ready' in reply) {
      thread.ready = true;
      this.dispatch();
      return;
    }
    const job = thread.job;
    clearTimeout(thread.timer);
    thread.job = undefined;
    thread.worker.unref();
    if (job) {
      if ('html' in reply) job.resolve(reply.html);
      else if ('refused' in reply) job.reject(new ContentError(reply.refused.message, reply.refused.extra));
      else job.reject(new Error(`sanitizing failed: ${reply.failed}`));
    }
    this.dispatch();
  }

  private onExit(thread: Thread): void {
    clearTimeout(thread.timer);
    const at = this.threads.indexOf(thread);
    if (at < 0) return; // replaced after a timeout
    this.threads.splice(at, 1);
    // a thread that died while sanitizing (out of memory…): its text fails with a 500, the process goes on
    thread.job?.reject(new Error('sanitizing thread stopped'));
    thread.job = undefined;
    if (this.closed) return;
    // A thread that never got ready cannot start (its script is missing or broken): fail what waits instead of
    // starting threads in a loop; the next long text tries again.
    if (!thread.ready) {
      for (const job of this.waiting.splice(0)) job.reject(new Error('sanitizing thread could not start'));
      return;
    }
    this.dispatch();
  }
}
