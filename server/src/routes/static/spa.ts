import crypto from 'node:crypto';
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

/** The encodings of the build's precompressed copies (webpack/precompress.ts) this request accepts, best first. */
export function acceptedEncodings(request: FastifyRequest): ('br' | 'gzip')[] {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
    .map(([name]) => name.trim().toLowerCase());
  return (['br', 'gzip'] as const).filter((e) => accepted.includes(e));
}

async function readIndex(
  indexFile: string,
  request: FastifyRequest,
): Promise<{ html: Buffer; encoding?: 'br' | 'gzip' }> {
  for (const encoding of acceptedEncodings(request)) {
    const html = await fs.promises.readFile(`${indexFile}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null);
    if (html) return { html, encoding };
  }
  return { html: await fs.promises.readFile(indexFile) };
}

/**
 * CSP sources ('sha256-…') of the inline scripts in index.html: the shell's page carries one tiny script that must run
 * before the first paint (shell/prerender-login.tsx), and the policy allows exactly that text and nothing else inline.
 * Re-read when the file changes (a new build under a running server).
 */
function inlineScriptHashes(indexFile: string): () => Promise<string[]> {
  let seenMtime = -1;
  let hashes: string[] = [];
  return async () => {
    const mtime = await fs.promises.stat(indexFile).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (mtime !== seenMtime) {
      const html = await fs.promises.readFile(indexFile, 'utf8').catch(() => '');
      hashes = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
        .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
        .map(([, , text]) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
      seenMtime = mtime;
    }
    return hashes;
  };
}

/** The response's CSP (set by plugins/security.ts) with `sources` added to script-src. */
function allowScripts(reply: FastifyReply, sources: string[]): void {
  const policy = reply.getHeader('content-security-policy');
  if (sources.length === 0 || typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace(
      /(^|;)\s*script-src ([^;]*)/,
      (_m, start: string, list: string) => `${start}script-src ${list} ${sources.join(' ')}`,
    ),
  );
}

/** Not-found fallback: serve shell/dist/index.html (every role path is a client route), or 503 when not built. */
export function makeSpaFallback(staticDir: string) {
  const indexFile = path.join(staticDir, 'shell', 'dist', 'index.html');
  const scriptHashes = inlineScriptHashes(indexFile);
  return async (request: FastifyRequest, reply: FastifyReply, always = false): Promise<boolean> => {
    if (!always && !wantsSpaPage(request)) return false;
    let index: { html: Buffer; encoding?: 'br' | 'gzip' };
    try {
      index = await readIndex(indexFile, request);
    } catch {
      await reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(NOT_BUILT_TEXT('shell'));
      return true;
    }
    const vary = reply.getHeader('vary');
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (index.encoding) reply.header('content-encoding', index.encoding);
    allowScripts(reply, await scriptHashes());
    await reply.send(index.html);
    return true;
  };
}
