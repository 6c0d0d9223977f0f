import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const NOT_BUILT_TEXT = (app: string) =>
  `Kelasku: ${app} has not been built yet (no ${app}/dist folder). Run \`npm run build\` in the repository root, then reload this page.\n`;

/** Requests the SPA should answer: GET/HEAD outside the API and remote folders, from a browser that accepts HTML. */
export function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/remotes/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** Not-found fallback: serve shell/dist/index.html (every role path is a client route), or 503 when not built. */
export function makeSpaFallback(staticDir: string) {
  const indexFile = path.join(staticDir, 'shell', 'dist', 'index.html');
  return async (request: FastifyRequest, reply: FastifyReply, always = false): Promise<boolean> => {
    if (!always && !wantsSpaPage(request)) return false;
    let html: Buffer;
    try {
      html = await fs.promises.readFile(indexFile);
    } catch {
      await reply.code(503).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_TEXT('shell'));
      return true;
    }
    await reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return true;
  };
}
