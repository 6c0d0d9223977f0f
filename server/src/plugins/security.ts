import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LocalAttemptCounters, SharedAttemptCounters, type AttemptCounters } from '../lib/attempt-counters';
import { type ExamPresence, LocalExamPresence, SharedExamPresence } from '../lib/exam-presence';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in and password-change attempt counters (Redis when REDIS_URL is set, in-process otherwise). */
    attemptCounters: AttemptCounters;
    /** Who has an exam sheet open on which device (the same Redis, or in process). */
    examPresence: ExamPresence;
  }
}

export interface SecurityOptions extends Record<string, unknown> {
  /** Origins allowed to call the API from another site; [] = same-origin only; undefined = every origin. */
  corsOrigins?: string[];
  redisUrl?: string;
  /** REMOTES_JSON file: the origins of its absolute URLs are allowed in the CSP. */
  remotesJson?: string;
  /** Serve the OpenAPI document and Swagger UI at /api/docs (default true; tests skip it for speed). */
  apiDocs?: boolean;
}

/** Origins (scheme://host:port) of absolute URLs found in a remotes JSON file. */
export function remoteOrigins(remotesJson: string | undefined): string[] {
  if (!remotesJson) return [];
  try {
    const map = JSON.parse(fs.readFileSync(remotesJson, 'utf8')) as Record<string, unknown>;
    const origins = new Set<string>();
    for (const value of Object.values(map)) {
      if (typeof value !== 'string') continue;
      try {
        const url = new URL(value);
        if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
      } catch {
        /* relative URL: same origin */
      }
    }
    return [...origins];
  } catch {
    return [];
  }
}

/**
 * The remote origins for the CSP, re-read when the REMOTES_JSON file changes: /remotes.json is served fresh on every
 * request, so a deploy that points a running server at a remote on a new origin must not be blocked by a stale policy.
 * A stat per request only when REMOTES_JSON is set; the embedded default (same-origin remotes) costs nothing.
 */
function liveRemoteOrigins(remotesJson: string | undefined): () => string {
  if (!remotesJson) return () => '';
  let seenMtime = -1;
  let origins = '';
  return () => {
    let mtime = 0;
    try {
      mtime = fs.statSync(remotesJson).mtimeMs;
    } catch {
      /* missing file: no extra origins */
    }
    if (mtime !== seenMtime) {
      seenMtime = mtime;
      origins = remoteOrigins(remotesJson).join(' ');
    }
    return origins;
  };
}

type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a header-only middleware (helmet) sets on a response, by running it on a stand-in response; names in
 * lower case, as Fastify keeps them.
 */
export function headersSetBy(middleware: HeaderMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error('The header middleware failed', { cause: failure });
  return headers;
}

/** @fastify/cors `origin`: no list = reflect every origin; an empty list = no CORS headers (same-origin only). */
function corsOrigin(origins: string[] | undefined): boolean | string[] {
  if (origins === undefined) return true;
  return origins.length > 0 ? origins : false;
}

/**
 * Shared counters when REDIS_URL is set. Start-up waits for the first connection (or its failure) so that the
 * first sign-ins are already counted in Redis; commands never queue while disconnected (the local counters answer).
 */
async function attemptCounters(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<{ counters: AttemptCounters; redis?: Redis }> {
  const local = new LocalAttemptCounters();
  if (!redisUrl) return { counters: local };
  const redis = new Redis(redisUrl, {
    connectTimeout: 2000,
    commandTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const shared = new SharedAttemptCounters(redis, local, app.log);
  await new Promise<void>((resolve) => {
    const settled = () => {
      redis.off('ready', settled);
      redis.off('error', settled);
      resolve();
    };
    redis.once('ready', settled);
    redis.once('error', settled);
  });
  app.addHook('onClose', async () => redis.disconnect());
  return { counters: shared, redis };
}

/**
 * The helmet options of every response: the CSP allows the remote bundles' origins (`remotes`: directive functions
 * helmet calls per response; an empty result adds nothing) and data: images.
 */
export function helmetOptions(remotes: Array<() => string>) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        // MUI/emotion inject <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        // material HTML and content maps embed data: images; materials may link https images.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        connectSrc: ["'self'", ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Remote bundles may be loaded by a shell on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  };
}

/** helmet's headers on every response of `app` (REMOTES_JSON: its origins in the CSP, followed when the file changes). */
export function addSecurityHeaders(app: FastifyInstance, remotesJson: string | undefined) {
  const currentOrigins = liveRemoteOrigins(remotesJson);
  // Built once: @fastify/helmet calls helmet(options) on every response, re-parsing the whole policy each time
  // (measured: bench/helmet-headers.ts).
  const securityHeaders = helmet(helmetOptions(remotesJson ? [() => currentOrigins()] : []));
  // helmet's headers are the same for every response until the remote origins change: taken from helmet once (and
  // again after a change) and handed to the reply, which writes them with its own headers in one writeHead, instead
  // of a dozen res.setHeader calls per response.
  let headersFor: string | undefined;
  let headers: Record<string, string> = {};
  app.addHook('onRequest', (_request, reply, done) => {
    const origins = currentOrigins();
    if (origins !== headersFor) {
      headers = headersSetBy(securityHeaders);
      headersFor = origins;
    }
    reply.headers(headers);
    done();
  });
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  addSecurityHeaders(app, options.remotesJson);

  await app.register(cors, {
    origin: corsOrigin(options.corsOrigins),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Kelasku-Device', 'If-None-Match'],
    maxAge: 600,
  });

  const shared = await attemptCounters(app, options.redisUrl);
  app.decorate('attemptCounters', shared.counters);
  app.decorate<ExamPresence>(
    'examPresence',
    shared.redis ? new SharedExamPresence(shared.redis, new LocalExamPresence(), app.log) : new LocalExamPresence(),
  );

  if (options.apiDocs === false) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kelasku API',
        version: '1.0.0',
        description: 'Learning management for Indonesian senior high schools',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT, raw or "Bearer <token>"' },
        },
      },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(securityPlugin, { name: 'kelasku-security' });
