/**
 * A few worker threads that run one job each at a time, so work that would hold the event loop for tens or hundreds
 * of milliseconds (sanitizing long rich HTML: lib/sanitize-workers.ts; decoding and cleaning pictures:
 * lib/picture-workers.ts) runs beside it. A thread script answers `{ ready: true }` once loaded, then one reply per
 * job: its result, `{ refused }` (a ContentError on the thread: the same 400 as on the main thread) or `{ failed }`.
 *
 * Bounded: a few threads (one per core but one), each running one job at a time; at most `maxWaiting` jobs wait in
 * line (then `busy()`, a 503 "try again"), a job that takes longer than `timeoutMs` on its thread gets `busy()` and
 * the thread is replaced, and a thread that dies fails only its own job with a 500. The process goes on in every case.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker, type TransferListItem } from 'node:worker_threads';
import { ContentError } from '../domain/content';
import type { ErrorDetails } from '../domain/errors';

/** What a thread posts back besides its results. */
export type ThreadReply = { ready: true } | { refused: { message: string; extra?: ErrorDetails } } | { failed: string };

/**
 * A thread's script, `<name>.ts` in server/src: the TypeScript source through tsx (development, tests, benchmarks),
 * or the server's build (`server/dist/<name>.js`, every entry in one folder: scripts/build-server.ts); `file` for a
 * script of a test's own.
 */
export function threadScript(name: string, file?: string): { source: string; eval: boolean } {
  if (file) return { source: file, eval: false };
  if (__filename.endsWith('.ts')) {
    const source = path.join(__dirname, '..', `${name}.ts`);
    return {
      source: `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`,
      eval: true,
    };
  }
  return { source: path.join(__dirname, `${name}.js`), eval: false };
}

export interface ThreadPoolOptions {
  /** threads (default: one per core but one, at least one) */
  size?: number;
  /** jobs allowed to wait for a thread (default 16 per thread) */
  maxWaiting?: number;
  /** longest a job may take on its thread (default 30 s) */
  timeoutMs?: number;
  /** heap of each thread in MB */
  heapMb: number;
  /** the thread script (threadScript) */
  script: { source: string; eval: boolean };
  /** the error of a job refused for lack of room or time (a 503) */
  busy: () => Error;
  /** what the threads do, for the errors of a thread that stops ("sanitizing") */
  doing: string;
}

interface Job<In, Out> {
  input: In;
  transfer: TransferListItem[];
  resolve(result: Out): void;
  reject(error: Error): void;
}

interface Thread<In, Out> {
  worker: Worker;
  ready: boolean;
  job?: Job<In, Out>;
  timer?: NodeJS.Timeout;
}

export class ThreadPool<In, Out> {
  private readonly threads: Thread<In, Out>[] = [];
  private readonly waiting: Job<In, Out>[] = [];
  private readonly size: number;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;
  private closed = false;

  /** `result`: the job's result in a reply that is none of ThreadReply's (undefined: a reply it does not know). */
  constructor(
    private readonly options: ThreadPoolOptions,
    private readonly result: (reply: unknown) => Out | undefined,
  ) {
    this.size = options.size ?? Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
    this.maxWaiting = options.maxWaiting ?? this.size * 16;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** The thread's result for `input` (`transfer`: buffers moved to the thread, not copied). */
  run(input: In, transfer: TransferListItem[] = []): Promise<Out> {
    if (this.closed || this.waiting.length >= this.maxWaiting) return Promise.reject(this.options.busy());
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, transfer, resolve, reject });
      this.dispatch();
    });
  }

  /** Threads started (ready or starting). */
  get threadCount(): number {
    return this.threads.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(this.options.busy());
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.waiting.length === 0) return;
      if (thread.ready && !thread.job) this.send(thread, this.waiting.shift()!);
    }
    // threads start on demand: the first job starts one, a line of them starts up to `size`
    const starting = this.threads.filter((t) => !t.ready).length;
    while (!this.closed && this.threads.length < this.size && this.waiting.length > starting) this.start();
  }

  private send(thread: Thread<In, Out>, job: Job<In, Out>): void {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      // A stuck thread is replaced: out of the pool at once (its exit comes later), its job answered now.
      thread.job = undefined;
      this.threads.splice(this.threads.indexOf(thread), 1);
      void thread.worker.terminate();
      job.reject(this.options.busy());
      this.dispatch();
    }, this.timeoutMs);
    thread.worker.postMessage(job.input, job.transfer);
  }

  private start(): void {
    const { script } = this.options;
    // A thread's heap is bounded too: one that runs out stops (its job gets a 500) instead of growing the process.
    const thread: Thread<In, Out> = {
      worker: new Worker(script.source, {
        eval: script.eval,
        resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      }),
      ready: false,
    };
    thread.worker.unref(); // held (ref) only while working
    thread.worker.on('message', (reply: unknown) => this.onReply(thread, reply));
    thread.worker.on('error', () => {
      /* the exit that follows fails the job */
    });
    thread.worker.on('exit', () => this.onExit(thread));
    this.threads.push(thread);
  }

  private onReply(thread: Thread<In, Out>, reply: unknown): void {
    const known = reply as Partial<Record<'ready' | 'refused' | 'failed', unknown>> | null;
    if (known?.ready === true) {
      thread.ready = true;
      this.dispatch();
      return;
    }
    const job = thread.job;
    clearTimeout(thread.timer);
    thread.job = undefined;
    thread.worker.unref();
    if (job) {
      const refused = known?.refused as { message: string; extra?: ErrorDetails } | undefined;
      const result = refused || known?.failed !== undefined ? undefined : this.result(reply);
      if (refused) job.reject(new ContentError(refused.message, refused.extra));
      else if (result !== undefined) job.resolve(result);
      else {
        const failed = known?.failed;
        job.reject(new Error(`${this.options.doing} failed: ${typeof failed === 'string' ? failed : 'no result'}`));
      }
    }
    this.dispatch();
  }

  private onExit(thread: Thread<In, Out>): void {
    clearTimeout(thread.timer);
    const at = this.threads.indexOf(thread);
    if (at < 0) return; // replaced after a timeout
    this.threads.splice(at, 1);
    // a thread that died while working (out of memory…): its job fails with a 500, the process goes on
    thread.job?.reject(new Error(`${this.options.doing} thread stopped`));
    thread.job = undefined;
    if (this.closed) return;
    // A thread that never got ready cannot start (its script is missing or broken): fail what waits instead of
    // starting threads in a loop; the next job tries again.
    if (!thread.ready) {
      for (const job of this.waiting.splice(0)) job.reject(new Error(`${this.options.doing} thread could not start`));
      return;
    }
    this.dispatch();
  }
}
