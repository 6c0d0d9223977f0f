/**
 * The body of a picture thread (lib/picture-workers.ts): decodeImageDataUrl, the very function the main thread runs,
 * on the data URL it is sent. The picture's bytes go back moved, not copied; a refusal (ContentError: not a picture,
 * too large, too many pixels…) goes back as its message and details, so the route answers the same 400 as on the main
 * thread. Built as server/dist/picture-thread.js.
 */
import { parentPort } from 'node:worker_threads';
import { ContentError } from './domain/content';
import { decodeImageDataUrl } from './domain/picture-data-urls';
import type { PictureJob, PictureReply } from './lib/picture-workers';

const port = parentPort!;
port.on('message', ({ url, where }: PictureJob) => {
  try {
    const picture = decodeImageDataUrl(url, where);
    const data = new Uint8Array(picture.data); // its own buffer (a Buffer may share a pooled one): moved whole
    port.postMessage({ picture: { hash: picture.hash, mime: picture.mime, data } } satisfies PictureReply, [
      data.buffer,
    ]);
  } catch (e) {
    port.postMessage(
      (e instanceof ContentError
        ? { refused: { message: e.message, extra: e.extra } }
        : { failed: String((e as Error)?.message ?? e) }) satisfies PictureReply,
    );
  }
});
port.postMessage({ ready: true } satisfies PictureReply);
