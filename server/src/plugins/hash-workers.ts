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

  constructor(private readonly onIdle: (self: HashWorker) => void, onExit: (self: HashWorker) => void) {
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

/** One low-priority worker per core, started on first use; jobs wait in arrival order. */
export class HashWorkerPool {
  private readonly workers: HashWorker[] = [];
  private readonly waiting: Queued[] = [];

  constructor(private readonly size = os.availableParallelism()) {}

  scrypt(job: HashJob): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const queued = { job, resolve, reject };
      this.waiting.push(queued);
      try {
        this.dispatch();
      } catch (error) {
        // no thread could be started: this job fails instead of waiting in the queue for nothing
        const index = this.waiting.indexOf(queued);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const idle = this.workers.find((w) => !w.busy) ?? this.start();
      if (!idle) return;
      idle.run(this.waiting.shift()!);
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
