import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REMOTE_APPS, remotesJsonText } from './remotes';
import { makeSpaFallback, NOT_BUILT_TEXT, type SpaFallback } from './spa';

export { DEFAULT_REMOTES } from './remotes';

export interface StaticOptions extends Record<string, unknown> {
  /** Repo root holding shell/dist and <role>-app/dist; no files are served when undefined. */
  staticDir?: string;
  /** REMOTES_JSON: served as is at /remotes.json. */
  remotesJson?: string;
  /** The page's answer (app.ts makes one for this and for the not-found fallback, so they share its cache). */
  spa?: SpaFallback;
}

/** `name.0123abcd.js`: content-hashed chunk (webpack chunkFilename `[name].[contenthash:8].js`). */
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|mjs|map|woff2?|png|jpe?g|webp|avif|svg)$/;

/** Cache policy of docs/contracts.md §1: hashed chunks forever, everything else (entries, manifests, HTML) revalidated. */
export function cacheControlFor(filePath: string): string {
  // `x.js.br` / `x.js.gz` are the build's precompressed copies of `x.js` (webpack/precompress.ts): same policy
  const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
  return HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export default async function staticRoutes(app: FastifyInstance, options: StaticOptions) {
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8');
    return reply.send(await remotesJsonText(options.remotesJson));
  });

  const root = options.staticDir;
  if (!root) return;
  let decorated = false;
  const serve = async (dir: string, prefix: string) => {
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      decorateReply: !decorated,
      index: false,
      // unknown files fall through to the not-found handler (SPA fallback or JSON 404)
      wildcard: true,
      cacheControl: false,
      // sends the build's `<file>.br` / `<file>.gz` when the browser accepts it (content-encoding, vary set)
      preCompressed: true,
      setHeaders: (res, filePath) => void res.header('cache-control', cacheControlFor(filePath)),
    });
    decorated = true;
  };

  for (const remote of REMOTE_APPS) {
    const dist = path.join(root, remote.folder, 'dist');
    if (fs.existsSync(dist)) {
      await serve(dist, remote.prefix);
    } else {
      app.get(`${remote.prefix}*`, { schema: { hide: true } }, async (_request, reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(NOT_BUILT_TEXT(remote.folder)),
      );
    }
  }
  const shellDist = path.join(root, 'shell', 'dist');
  // The shell's index.html is sent by the SPA fallback (also for "/" and "/index.html", so the page always comes with
  // the CSP that lets its own pre-paint script run), everything else as files.
  const spa = options.spa ?? makeSpaFallback(root, options.remotesJson);
  for (const url of ['/', '/index.html']) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      // callNotFound returns the reply (typed void): waiting for it waits until the 404 is sent
      // eslint-disable-next-line @typescript-eslint/await-thenable -- the reply is thenable at run time
      if (!(await spa(request, reply, true))) await reply.callNotFound();
      return reply;
    });
  }
  if (fs.existsSync(shellDist)) await serve(shellDist, '/');
}
