/**
 * Prometheus metrics (prom-client): request durations per route pattern and status, answer-save batch sizes, the
 * password-hashing queues, event-loop delay (with Node's process figures) and the PostgreSQL pool.
 *
 * Never public: served either on a port of their own (METRICS_PORT, by default on 127.0.0.1 only) or, without one, at
 * `/metrics` on the API port; with METRICS_TOKEN the scrape must send `Authorization: Bearer <token>` wherever it is
 * served. With neither setting, the app has no metrics at all (the plugin is not registered).
 */
import crypto from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { pgPoolOf } from '../db/connect';
import { answerSaveBatches, type AnswerSaveBatch } from '../domain/repo/answer-saves';
import { passwordHashLoad } from '../lib/passwords';
import errorsPlugin, { unauthorized } from './errors';

export interface MetricsSettings {
  /** METRICS_PORT: serve the metrics on this port (and not on the API's). */
  port?: number;
  /** METRICS_HOST: the metrics port's address (default 127.0.0.1). */
  host?: string;
  /** METRICS_TOKEN: the bearer token a scrape must send. */
  token?: string;
}

export interface MetricsPluginOptions extends MetricsSettings, Record<string, unknown> {}

export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (SPA pages of the fallback, 404s): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Batch sizes up to MAX_BATCH (500) of domain/repo/answer-saves.ts. */
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/** One registry per app, so that several apps in one process (the tests) never share or collide on a metric. */
export function createMetrics(app: FastifyInstance): {
  registry: Registry;
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  close(): void;
} {
  const registry = new Registry();
  // Node's own figures: event-loop delay (min/max/mean/p50/p90/p99 of perf_hooks' monitor), CPU, memory, GC, handles.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'kelasku_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its reply, per route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });

  const batchSizes = new Histogram({
    name: 'kelasku_answer_save_batch_size',
    help: 'Answer saves written together in one commit (group commit), per kind of sheet',
    labelNames: ['kind'],
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const onBatch = (message: unknown) => {
    const batch = message as AnswerSaveBatch;
    if (batch.db === app.db) batchSizes.observe({ kind: batch.kind }, batch.size);
  };
  diagnosticsChannel.subscribe(answerSaveBatches.name, onBatch);

  new Gauge({
    name: 'kelasku_password_hash_queue_depth',
    help: 'Password checks waiting for a hashing thread; priority="signin" is the sign-in queue',
    labelNames: ['priority'],
    registers: [registry],
    collect() {
      const load = passwordHashLoad();
      this.set({ priority: 'signin' }, load.signinWaiting);
      this.set({ priority: 'background' }, load.backgroundWaiting);
    },
  });
  new Gauge({
    name: 'kelasku_password_hash_threads_busy',
    help: 'Password-hashing threads hashing right now',
    registers: [registry],
    collect() {
      this.set(passwordHashLoad().running);
    },
  });

  // SQLite has one connection and no pool: nothing to report there.
  const pool = pgPoolOf(app.db);
  if (pool) {
    new Gauge({
      name: 'kelasku_db_pool_waiting',
      help: "Queries waiting for a free PostgreSQL connection of this node's pool",
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'kelasku_db_pool_connections',
      help: "PostgreSQL connections of this node's pool, by state",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      },
    });
  }

  return {
    registry,
    observeRequest(request, reply) {
      requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    },
    close() {
      diagnosticsChannel.unsubscribe(answerSaveBatches.name, onBatch);
      registry.clear();
    },
  };
}

/** Compares digests, so neither the token's length nor its characters show in the time taken. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();
  return crypto.timingSafeEqual(digest(match[1]), digest(token));
}

function addMetricsRoute(instance: FastifyInstance, registry: Registry, token: string | undefined): void {
  instance.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="kelasku-metrics"');
      throw unauthorized('The metrics need the bearer token of METRICS_TOKEN');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions) {
  const metrics = createMetrics(app);
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));
  app.addHook('onClose', async () => metrics.close());

  if (options.port === undefined) {
    addMetricsRoute(app, metrics.registry, options.token);
    return;
  }
  // A server of its own, so a firewall (or the default 127.0.0.1) keeps the figures away from the public port.
  const server = Fastify({ logger: false });
  await server.register(errorsPlugin);
  addMetricsRoute(server, metrics.registry, options.token);
  const host = options.host ?? '127.0.0.1';
  app.addHook('onReady', async () => {
    await server.listen({ port: options.port, host });
    app.log.info(`metrics at http://${host}:${options.port}${METRICS_PATH}`);
  });
  app.addHook('onClose', async () => server.close());
}

export default fp(metricsPlugin, { name: 'kelasku-metrics', dependencies: ['kelasku-db'] });
