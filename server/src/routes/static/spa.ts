import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { START_CHAIN_ELEMENT_ID } from '@kelasku/shared-rules/src/start-chain';
import { makeStartChain } from './start-chain';

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

type Encoding = 'br' | 'gzip';
interface Page {
  html: Buffer;
  encoding?: Encoding;
}

async function readIndex(indexFile: string, request: FastifyRequest): Promise<Page> {
  for (const encoding of acceptedEncodings(request)) {
    const html = await fs.promises.readFile(`${indexFile}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null);
    if (html) return { html, encoding };
  }
  return { html: await fs.promises.readFile(indexFile) };
}

/** The page's empty data element (shell/public/index.html), whatever quoting the HTML minifier left. */
const START_CHAIN_ELEMENT = new RegExp(
  `(<script\\b[^>]*\\bid=["']?${START_CHAIN_ELEMENT_ID}["']?[^>]*>)\\s*(</script>)`,
  'i',
);

/** JSON as the text of a <script> element: no "<" (so no "</script>" or "<!--" can end or change it). */
const asScriptData = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * index.html with the start chain of what is deployed now in its data element (start-chain.ts), compressed like the
 * build's own copies, each made once per version of the page and kept until the chain or index.html changes. A
 * build without the element (an older shell) and a server that cannot read /remotes.json send the page as built.
 */
function pageWithStartChain(staticDir: string, indexFile: string, remotesJson: string | undefined) {
  const startChain = makeStartChain(staticDir, remotesJson);
  let cached: { key: string; html: Buffer | null; encoded: Map<Encoding, Promise<Buffer>> } | undefined;
  return async (request: FastifyRequest): Promise<Page> => {
    const [{ key: chainKey, chain }, indexStat] = await Promise.all([startChain(), fs.promises.stat(indexFile)]);
    const key = `${chainKey}|${indexStat.size}:${indexStat.mtimeMs}:${indexStat.ino}`;
    if (cached?.key !== key) {
      const built = chain ? await fs.promises.readFile(indexFile, 'utf8') : '';
      const filled = chain && START_CHAIN_ELEMENT.test(built);
      cached = {
        key,
        html: filled
          ? Buffer.from(
              built.replace(
                START_CHAIN_ELEMENT,
                (_m, open: string, close: string) => `${open}${asScriptData(chain)}${close}`,
              ),
            )
          : null,
        encoded: new Map(),
      };
    }
    const { html, encoded } = cached;
    if (!html) return readIndex(indexFile, request);
    const encoding = acceptedEncodings(request)[0];
    if (!encoding) return { html };
    let compressed = encoded.get(encoding);
    if (!compressed) {
      compressed =
        encoding === 'br'
          ? brotli(html, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
              },
            })
          : gzip(html, { level: 9 });
      encoded.set(encoding, compressed);
      compressed.catch(() => encoded.delete(encoding));
    }
    return { html: await compressed, encoding };
  };
}

/**
 * CSP sources ('sha256-…') of the inline scripts in index.html: the shell's page carries one tiny script that must run
 * before the first paint (shell/src/pre-paint.ts), and the policy allows exactly that text and nothing else inline.
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
        .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes) && runs(attributes))
        .map(([, , text]) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
      seenMtime = mtime;
    }
    return hashes;
  };
}

/** Whether a <script> with these attributes is code (a data block such as the start chain is not, and needs no hash). */
function runs(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
  return !type || /^(?:(?:text|application)\/(?:javascript|ecmascript)|module)$/i.test(type);
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
export function makeSpaFallback(staticDir: string, remotesJson?: string) {
  const indexFile = path.join(staticDir, 'shell', 'dist', 'index.html');
  const scriptHashes = inlineScriptHashes(indexFile);
  const page = pageWithStartChain(staticDir, indexFile, remotesJson);
  return async (request: FastifyRequest, reply: FastifyReply, always = false): Promise<boolean> => {
    if (!always && !wantsSpaPage(request)) return false;
    let index: Page;
    try {
      index = await page(request);
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

export type SpaFallback = ReturnType<typeof makeSpaFallback>;
