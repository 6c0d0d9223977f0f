import type { EssayScorerSettings } from './domain/scorers';
import { DEVICE_SILENT_SECONDS, OFFLINE_AFTER_SECONDS } from '@kelasku/shared-rules';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { fastifyTrustProxy } from './config';
import type { Db, DbKind } from './db/connect';
import { deliveryKeys, generateDeliveryKeyPem, type DeliveryKeys } from './domain/answer-delivery';
import { orderSeeds, type OrderSeeds } from './domain/order-seed';
import { DeviceGate, type ProctorSettings } from './domain/device-gate';
import { BODY_LIMITS } from './domain/limits';
import { publicImages } from './domain/public-images';
import authPlugin from './plugins/auth';
import bodyLimitsPlugin from './plugins/body-limits';
import dbPlugin from './plugins/db';
import errorsPlugin, { clientErrorHandler } from './plugins/errors';
import metricsPlugin, { type MetricsSettings } from './plugins/metrics';
import securityPlugin from './plugins/security';
import routes from './routes';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './routes/auth/login-limits';
import staticRoutes from './routes/static';
import { makeSpaFallback } from './routes/static/spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by main.ts on SIGTERM: readiness turns 503 while accepted requests finish. */
    lifecycle: { stopping: boolean };
    /** Exam devices and presence for the saves, the heartbeats and the proctor's monitor. */
    deviceGate: DeviceGate;
  }
}

export interface BuildAppOptions {
  db: Db;
  dbKind: DbKind;
  /** Destroy the database when the app closes. */
  closeDb?: boolean;
  jwtSecret: string;
  tokenTtlSeconds?: number;
  /** How long a session lasts from its sign-in, refreshes included (default 30 days). */
  sessionLifetimeSeconds?: number;
  redisUrl?: string;
  corsOrigins?: string[];
  /** Repo root holding shell/dist, admin-app/dist, … ; static serving is off when undefined. */
  staticDir?: string;
  remotesJson?: string;
  logger?: FastifyServerOptions['logger'];
  /** Which proxies' X-Forwarded-For to believe: a hop count or their addresses/CIDRs (TRUST_PROXY); never `true` in production. */
  trustProxy?: boolean | number | string[];
  /** OpenAPI + Swagger UI at /api/docs (default true). */
  apiDocs?: boolean;
  /** Failed sign-ins allowed per (IP, username) and per IP per window (default 10 and 100 per minute). */
  loginRateLimit?: LoginLimits;
  /** Run the background job that submits open exam sheets when an exam ends (default false; main.ts turns it on). */
  examAutoSubmit?: boolean;
  /** PUBLIC_URL: the site's public base URL; picture URLs in replies are made absolute from it (relative when unset). */
  publicUrl?: string;
  /** The essay scorer (default: the local reference-answer scorer, 5 s per essay). */
  essayScorer?: EssayScorerSettings;
  /**
   * The RSA-2048 private key (PEM) that opens answers sealed on shared computers (domain/answer-delivery.ts); the
   * same on every node. Null: sealing is off (students then wait for the connection before signing out). Undefined
   * (tests): a key made for this app on first use.
   */
  answersDeliveryKey?: string | null;
  /** The live exam monitor's timings (EXAM_OFFLINE_AFTER_SECONDS, EXAM_DEVICE_SILENT_SECONDS). */
  proctoring?: Partial<ProctorSettings>;
  /** Prometheus metrics on a port of their own and/or behind a token; none when undefined. */
  metrics?: MetricsSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The keys of sealed-answers delivery, or null when it is off. */
    answersDelivery: () => DeliveryKeys | null;
    /** The secret seed of a student's question and option order (domain/order-seed.ts). */
    orderSeed: OrderSeeds;
  }
}

/** The delivery keys from the options: made once, on first use (generating an RSA key takes a moment). */
function lazyDeliveryKeys(options: BuildAppOptions): () => DeliveryKeys | null {
  let keys: DeliveryKeys | null | undefined;
  return () => {
    if (keys === undefined) {
      const pem = options.answersDeliveryKey === undefined ? generateDeliveryKeyPem() : options.answersDeliveryKey;
      keys = pem === null ? null : deliveryKeys(pem, options.jwtSecret);
    }
    return keys;
  };
}

/** A school signs in again at least every 30 days, however often the token was refreshed. */
export const DEFAULT_SESSION_LIFETIME_SECONDS = 30 * 86400;

/** The body limit of unknown URLs (anyone may send to them); every route gets its own from plugins/body-limits.ts. */
export const BODY_LIMIT_BYTES = BODY_LIMITS.unauthenticated;

/** The whole HTTP app: external plugins, then ours (db, auth, errors), then routes under /api/v1 and static files. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler,
    // Only the proxies' own entries of X-Forwarded-For (else clients could pick their own IP for rate limits).
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // Answers and materials are big JSON; keep ajv's defaults except: coerce query strings into numbers, no rewriting of unknown fields.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    // While closing (SIGTERM), a request that arrives on a kept-alive connection is still served, not refused with a
    // 503: the client already sent it (an answer save), and Fastify closes each connection once it is idle.
    return503OnClosing: false,
  });
  app.decorate('lifecycle', { stopping: false });
  // Once stopping, each answer ends its connection, so clients open new ones (refused: they go to another node or
  // retry) and the listener can finish closing.
  // (A callback hook: no promise per response on the answer-save path.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(securityPlugin, {
    corsOrigins: options.corsOrigins,
    redisUrl: options.redisUrl,
    remotesJson: options.remotesJson,
    apiDocs: options.apiDocs,
  });
  await app.register(dbPlugin, { db: options.db, kind: options.dbKind, closeOnExit: options.closeDb });
  await app.register(authPlugin, {
    secret: options.jwtSecret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 86400,
    sessionLifetimeSeconds: options.sessionLifetimeSeconds ?? DEFAULT_SESSION_LIFETIME_SECONDS,
  });
  // One page answer for the not-found fallback and the routes of / and /index.html: they share its cache.
  const spa = options.staticDir ? makeSpaFallback(options.staticDir, options.remotesJson) : undefined;
  await app.register(errorsPlugin, { notFoundFallback: spa });
  // after the error handler (the 401 of a scrape without the token), before the routes it times
  if (options.metrics) await app.register(metricsPlugin, { ...options.metrics });
  await app.register(bodyLimitsPlugin);
  app.decorate('publicImages', publicImages(options.publicUrl));
  app.decorate(
    'deviceGate',
    new DeviceGate(options.db, app.examPresence, {
      offlineAfterMs: options.proctoring?.offlineAfterMs ?? OFFLINE_AFTER_SECONDS * 1000,
      deviceSilentMs: options.proctoring?.deviceSilentMs ?? DEVICE_SILENT_SECONDS * 1000,
    }),
  );
  app.decorate('answersDelivery', lazyDeliveryKeys(options));
  app.decorate('orderSeed', orderSeeds(options.jwtSecret));

  await app.register(routes, {
    prefix: '/api/v1',
    loginRateLimit: options.loginRateLimit ?? DEFAULT_LOGIN_LIMITS,
    examAutoSubmit: options.examAutoSubmit ?? false,
    essayScorer: options.essayScorer,
  });
  await app.register(staticRoutes, { staticDir: options.staticDir, remotesJson: options.remotesJson, spa });
  return app;
}
