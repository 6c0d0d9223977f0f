/**
 * Pictures sent inline as data URLs (up to MAX_PICT_CHARS: 1.5 MB once decoded) are checked, decoded, cleaned of
 * their metadata and hashed on worker threads (domain/picture-data-urls.ts decodeImageDataUrl, run by
 * server/src/picture-thread.ts), so the event loop keeps serving everyone else meanwhile. On the main thread those
 * steps took 8–196 ms for one picture of the largest size (4096 px, 1.5 MB) on the 2-core machine at load 15, and an
 * upload stalled the loop up to 696 ms (bench/RESULTS.md, the "picture uploads" pair). Small pictures are decoded on the main thread, where they cost less than the trip to a thread. The
 * threads run the very same function, so the bytes, hash and refusals (ContentError: the same 400s) are the same.
 * Bounded as every pool of lib/thread-pool.ts (a 503 `content-busy` when too many wait).
 */
import { decodeImageDataUrl, type DecodedPicture, type ImageMime } from '../domain/picture-data-urls';
import { HttpError } from '../plugins/errors';
import { ThreadPool, type ThreadReply, threadScript } from './thread-pool';

/** From this length of data URL on (about 48 KB of picture), a picture goes to a thread. */
export const OFF_THREAD_PICTURE_CHARS = 64 * 1024;

/** Heap of one thread: a picture's text, its bytes and the cleaned copy need a few MB. */
const THREAD_HEAP_MB = 64;

/** What a picture thread posts back: the picture, its bytes moved (not copied) to the main thread. */
export type PictureReply = ThreadReply | { picture: { hash: string; mime: ImageMime; data: Uint8Array } };

export interface PictureJob {
  url: string;
  where: string;
}

const busy = () =>
  new HttpError(503, 'The server is busy saving other pictures, please try again in a moment', {
    code: 'content-busy',
  });

export interface PictureWorkersOptions {
  /** threads (default: one per core but one) */
  size?: number;
  /** the built thread script (tests of the build) */
  file?: string;
  /** data URLs from this length on go to a thread (default OFF_THREAD_PICTURE_CHARS; tests send everything) */
  offThreadChars?: number;
}

export class PictureWorkers {
  private readonly pool: ThreadPool<PictureJob, DecodedPicture>;

  constructor(private readonly options: PictureWorkersOptions = {}) {
    this.pool = new ThreadPool<PictureJob, DecodedPicture>(
      {
        size: options.size,
        heapMb: THREAD_HEAP_MB,
        script: threadScript('picture-thread', options.file),
        busy,
        doing: 'picture decoding',
      },
      (reply) => {
        const picture = (reply as { picture?: { hash: string; mime: ImageMime; data: Uint8Array } }).picture;
        if (!picture) return undefined;
        const { hash, mime, data } = picture;
        return { hash, mime, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
      },
    );
  }

  /** decodeImageDataUrl's result (domain/picture-data-urls.ts), computed on a thread when the data URL is long. */
  decode(url: string, where: string): Promise<DecodedPicture> {
    if (url.length < (this.options.offThreadChars ?? OFF_THREAD_PICTURE_CHARS))
      return new Promise((resolve) => resolve(decodeImageDataUrl(url, where)));
    return this.pool.run({ url, where });
  }

  /** Threads started (ready or starting). */
  get threadCount(): number {
    return this.pool.threadCount;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The server's pool (threads start with the first large picture, and hold nothing while idle). */
export const pictureWorkers = new PictureWorkers();
