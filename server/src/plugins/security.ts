import fs from 'node:fs';
import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { errorBody } from './errors';
import { globalPlugin } from './global-plugin';

export interface SecurityOptions extends Record<string, unknown> {
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

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  const currentOrigins = liveRemoteOrigins(options.remotesJson);
  // helmet calls directive functions per response; an empty result adds nothing.
  const remotes = options.remotesJson ? [() => currentOrigins()] : [];
  // Built once: @fastify/helmet calls helmet(options) on every response, re-parsing the whole policy each time
  // (about 4% of the server's CPU under load). Here only the remote origins, when REMOTES_JSON is set, are per request.
  const securityHeaders = helmet({
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
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)));

  await app.register(cors, {
    origin: options.corsOrigins && options.corsOrigins.length > 0 ? options.corsOrigins : true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });

  // Limits are declared per route (login); counters go to Redis when REDIS_URL is set, so several nodes share them.
  const redis = options.redisUrl ? new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'kelasku-rl-' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody(`Too many attempts, please try again in ${context.after}`),
    }),
  });

  if (options.apiDocs === false) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kelasku API', version: '1.0.0', description: 'Learning management for Indonesian senior high schools' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT, raw or "Bearer <token>"' } },
      },
      security: [{ token: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default globalPlugin(securityPlugin, 'kelasku-security');
