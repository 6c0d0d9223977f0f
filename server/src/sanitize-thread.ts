/**
 * The body of a sanitizer thread (lib/sanitize-workers.ts): sanitizeRichHtml, the very function the main thread runs,
 * on the HTML it is sent. A refusal (ContentError: too long, too deep, a formula too long…) goes back as its message
 * and details, so the route answers the same 400 as on the main thread. Built as server/dist/sanitize-thread.js.
 */
import { parentPort } from 'node:worker_threads';
import { ContentError } from './domain/content';
import { sanitizeRichHtml } from './domain/sanitize';
import type { SanitizeReply } from './lib/sanitize-workers';

const port = parentPort!;
port.on('message', (html: string) => {
  let reply: SanitizeReply;
  try {
    reply = { html: sanitizeRichHtml(html) };
  } catch (e) {
    reply =
      e instanceof ContentError
        ? { refused: { message: e.message, extra: e.extra } }
        : { failed: String((e as Error)?.message ?? e) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies SanitizeReply);
