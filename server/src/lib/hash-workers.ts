/**
 * scrypt on low-priority threads. A whole school signing in at once must not slow the answer saves of students
 * already in an exam, yet the server should use every idle core for sign-ins. So each core gets one worker thread
 * whose nice value is 19 (on Linux the nice value belongs to a thread): the scheduler runs it only when the event
 * loop, the database and everything else at normal priority have nothing to do. libuv's shared pool (where
 * `crypto.scrypt` would run) cannot be deprioritised, so the workers hash synchronously on their own threads.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export interface HashJob {
  password: string;
  salt: Buffer;
  keylen: number;
  options: crypto.ScryptOptions;
}

// Plain JavaScript, evaluated in the worker: no file path to resolve from sources, tests or the build.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
try { require('node:os').setPriority(19); } catch { /* not permitted here: hash at normal priority */ }
parentPort.on('message', ({ password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ key: crypto.scryptSync(password, Buffer.from(salt), keylen, options) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});`;

interface Queued {
  job: HashJob;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

class HashWorker {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  private current: Queued | undefined;

  constructor(
    private readonly onIdle: (self: HashWorker) => void,
    onExit: (self: HashWorker) => void,
  ) {
    this.worker.unref(); // held (ref) only while hashing, so a script waiting for nothing else can exit
    this.worker.on('message', (reply: { key?: Uint8Array; error?: string }) => {
      const done = this.finish();
      if (reply.key) done?.resolve(Buffer.from(reply.key));
      else done?.reject(new Error(`password hashing failed: ${reply.error}`));
      this.onIdle(this);
    });
    this.worker.on('error', (error) => this.finish()?.reject(error));
    this.worker.on('exit', () => {
      this.finish()?.reject(new Error('password hashing thread stopped'));
      onExit(this);
    });
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  run(queued: Queued): void {
    this.current = queued;
    this.worker.ref();
    this.worker.postMessage(queued.job);
  }

  private finish(): Queued | undefined {
    const done = this.current;
    this.current = undefined;
    this.worker.unref();
    return done;
  }
}

/**
 * `trusted`: the sign-in of a device that signed in to that account before (its device cookie): ahead of every other
 * job, in a queue of its own, so a flood of sign-ins from elsewhere cannot keep the owner waiting or turned away —
 * it waits at most for the hashes already running.
 * `signin`: password checks a client without a session (or with one, for change-password) can trigger at will. They
 * go first, and their queue is bounded: a flood gets a fast refusal instead of a line that grows without end.
 * `background`: everything else — admins creating accounts, a student import (in small batches), start-up seeding —
 * runs when no sign-in waits; its callers are authenticated or trusted and bound their own bursts.
 */
export type HashPriority = 'trusted' | 'signin' | 'background';

/** The sign-in queue is full: answer "busy, try again" at once instead of making the client wait in a long line. */
export class HashQueueFullError extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashQueueFullError';
  }
}

export interface HashPoolOptions {
  /**
   * Sign-in jobs allowed to wait beyond those running (default 64 per thread: at ~40 ms a hash on an idle core,
   * about 2.5 s of waiting — room for two classes of 40 pressing "Login" at once; beyond that the client is told
   * "try again" at once).
   */
  maxWaiting?: number;
  /** Jobs of known devices allowed to wait (default 16 per thread): bounded too, a stolen cookie is no flood ticket. */
  maxTrustedWaiting?: number;
}

/** One low-priority worker per core, started on first use; jobs wait in arrival order within their priority. */
export class HashWorkerPool {
  private readonly workers: HashWorker[] = [];
  private readonly waiting: Record<HashPriority, Queued[]> = { trusted: [], signin: [], background: [] };
  /** Sign-in jobs allowed to wait beyond those running. */
  readonly maxWaiting: number;
  readonly maxTrustedWaiting: number;

  constructor(
    readonly size = os.availableParallelism(),
    options: HashPoolOptions = {},
  ) {
    this.maxWaiting = options.maxWaiting ?? size * 64;
    this.maxTrustedWaiting = options.maxTrustedWaiting ?? size * 16;
  }

  scrypt(job: HashJob, priority: HashPriority = 'background'): Promise<Buffer> {
    const queue = this.waiting[priority];
    const bound = priority === 'signin' ? this.maxWaiting : priority === 'trusted' ? this.maxTrustedWaiting : Infinity;
    if (queue.length >= bound) return Promise.reject(new HashQueueFullError());
    return new Promise((resolve, reject) => {
      const queued = { job, resolve, reject };
      queue.push(queued);
      try {
        this.dispatch();
      } catch (error) {
        // no thread could be started: this job fails instead of waiting in the queue for nothing
        const index = queue.indexOf(queued);
        if (index >= 0) queue.splice(index, 1);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Jobs of `priority` waiting for a thread (the sign-in queue's depth for `signin`). */
  waitingCount(priority: HashPriority): number {
    return this.waiting[priority].length;
  }

  /** Threads hashing right now. */
  get runningCount(): number {
    return this.workers.filter((w) => w.busy).length;
  }

  private next(): Queued | undefined {
    return this.waiting.trusted.shift() ?? this.waiting.signin.shift() ?? this.waiting.background.shift();
  }

  private dispatch(): void {
    while (this.waiting.trusted.length + this.waiting.signin.length + this.waiting.background.length > 0) {
      const idle = this.workers.find((w) => !w.busy) ?? this.start();
      if (!idle) return;
      idle.run(this.next()!);
    }
  }

  private start(): HashWorker | undefined {
    if (this.workers.length >= this.size) return undefined;
    const worker = new HashWorker(
      () => this.dispatch(),
      (gone) => {
        this.workers.splice(this.workers.indexOf(gone), 1);
        this.dispatch(); // a replacement starts for whatever still waits
      },
    );
    this.workers.push(worker);
    return worker;
  }
}
