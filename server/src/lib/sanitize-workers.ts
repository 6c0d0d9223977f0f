/**
 * Rich HTML (a material's content, up to its caps) is sanitized on worker threads from OFF_THREAD_HTML_CHARS up, so
 * the event loop keeps serving everyone else meanwhile: sanitize-html is linear in the input but slow (0.3–0.6 s
 * for 1 MiB of styled text at the element cap on the 2-core machine at load 17). Smaller texts are sanitized on
 * the main thread, where they cost less than the trip to a thread. The threads run the very same sanitizeRichHtml
 * (server/src/sanitize-thread.ts), so the output is the same byte for byte, and its refusals (ContentError) come back
 * as the same 400s.
 *
 * Bounded as every pool of lib/thread-pool.ts: a few threads, each sanitizing one text at a time; at most `maxWaiting`
 * texts wait in line (then a 503 "busy, try again"), a text that takes longer than `timeoutMs` on its thread gets a
 * 503 and the thread is replaced, and a thread that dies fails only its own text with a 500.
 */
import { sanitizeRichHtml } from '../domain/sanitize';
import { HttpError } from '../plugins/errors';
import { ThreadPool, type ThreadReply, threadScript } from './thread-pool';

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
export type SanitizeReply = ThreadReply | { html: string };

const busy = () =>
  new HttpError(503, 'The server is busy saving other large texts, please try again in a moment', {
    code: 'content-busy',
  });

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
  private readonly pool: ThreadPool<string, string>;

  constructor(private readonly options: SanitizeWorkersOptions = {}) {
    this.pool = new ThreadPool<string, string>(
      {
        size: options.size,
        maxWaiting: options.maxWaiting,
        timeoutMs: options.timeoutMs,
        heapMb: options.heapMb ?? THREAD_HEAP_MB,
        script: threadScript('sanitize-thread', options.file),
        busy,
        doing: 'sanitizing',
      },
      (reply) => (reply as { html?: string }).html,
    );
  }

  /** sanitizeRichHtml's result (domain/sanitize.ts), computed on a thread when `html` is long. */
  sanitize(html: string): Promise<string> {
    if (html.length < (this.options.offThreadChars ?? OFF_THREAD_HTML_CHARS))
      return new Promise((resolve) => resolve(sanitizeRichHtml(html)));
    return this.pool.run(html);
  }

  /** Threads started (ready or starting). */
  get threadCount(): number {
    return this.pool.threadCount;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
