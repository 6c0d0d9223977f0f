import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BuildAppOptions } from './app';
import { DEVICE_SILENT_SECONDS, OFFLINE_AFTER_SECONDS } from '@kelasku/shared-rules';
import type { ProctorSettings } from './domain/device-gate';
import { deliveryKeys, generateDeliveryKeyPem } from './domain/answer-delivery';
import { normalizePublicUrl } from './domain/public-images';
import type { EssayScorerSettings } from './domain/scorers';
import type { MetricsSettings } from './plugins/metrics';

/** Repository root (server/src/config.ts → ../..). DATA_DIR and STATIC_DIR are relative to it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface AppConfig {
  port: number;
  host: string;
  production: boolean;
  dataDir: string;
  /** PostgreSQL URL; SQLite file `dataDir/kelasku.sqlite` otherwise. */
  databaseUrl?: string;
  sqliteFile: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** SESSION_LIFETIME_DAYS (default 30): a session ends this long after its sign-in, however often it was refreshed. */
  sessionLifetimeSeconds: number;
  seedDemo: boolean;
  redisUrl?: string;
  /** Where shell/dist, admin-app/dist … live. */
  staticDir: string;
  /** Path of a JSON file served as /remotes.json as is. */
  remotesJson?: string;
  /**
   * CORS_ORIGINS, comma-separated: the other origins allowed to call the API. Unset: same-origin only in production
   * ([]), every origin in development (undefined).
   */
  corsOrigins?: string[];
  /**
   * TRUST_PROXY: how many reverse proxies stand in front (`1`, `2`, …; X-Forwarded-For is read from the right, the
   * entries the proxies appended) or their addresses/CIDRs, comma-separated. Off (false) when unset or `0`.
   */
  trustProxy: false | number | string[];
  /** API_DOCS (`1`/`0`): OpenAPI + Swagger UI at /api/docs; default on in development, off in production. */
  apiDocs: boolean;
  /** EXAM_OFFLINE_AFTER_SECONDS [60], EXAM_DEVICE_SILENT_SECONDS [120]: the live exam monitor's timings. */
  proctoring: ProctorSettings;
  /** EXAM_AUTO_SUBMIT (default on; `0` turns it off): submit open exam sheets when an exam ends. */
  examAutoSubmit: boolean;
  /** PUBLIC_URL: the site's public base URL (e.g. https://kelasku.example.sch.id); picture URLs in replies are absolute from it. */
  publicUrl?: string;
  /**
   * ESSAY_SCORER (`local` default, or `openai`, which needs OPENAI_API_KEY; OPENAI_BASE_URL, OPENAI_MODEL optional) and
   * ESSAY_SCORER_TIMEOUT_MS (5000): how essays are scored automatically.
   */
  essayScorer: EssayScorerSettings;
  /** The RSA-2048 private key (PEM) opening answers sealed on shared computers; null: sealing is off. */
  answersDeliveryKey: string | null;
  /**
   * SHUTDOWN_TIMEOUT_MS (10000): on SIGTERM/SIGINT, how long accepted requests (and answer saves waiting for their
   * batch) may take to finish before the process exits anyway.
   */
  shutdownTimeoutMs: number;
  /**
   * METRICS_PORT (with METRICS_HOST, default 127.0.0.1) and/or METRICS_TOKEN: Prometheus metrics on a port of their
   * own, or at /metrics on the API port behind the token. Neither set: no metrics.
   */
  metrics?: MetricsSettings;
}

export class ConfigError extends Error {}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function isAddressOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY → Fastify's `trustProxy`. Never `true` (trust every hop): the left-most X-Forwarded-For entry is
 * written by the client, so trusting it would let anyone pick the address the sign-in limits see. `true` in older
 * configurations meant "one proxy" and still does.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front (e.g. 1) or their addresses/CIDRs, comma-separated; "${bad ?? text}" is neither`,
    );
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY value. A hop count becomes a function (this Fastify trusts no hop for a
 * bare number): the socket's peer and the next `hops - 1` addresses from the right of X-Forwarded-For are the
 * proxies, so the client's address is the entry the outermost proxy appended.
 */
export function fastifyTrustProxy(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value === 'true';
}

/**
 * The JWT secret: JWT_SECRET when set (required in production, at least 32 characters);
 * otherwise (embedded default) generated once into DATA_DIR/jwt-secret with mode 0600 and reused.
 */
export function resolveJwtSecret(env: NodeJS.ProcessEnv, production: boolean, dataDir: string): string {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  if (production)
    throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (refusing to start without it)');
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 }); // holds the secret and the SQLite file: owner only
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}

/**
 * The key that opens sealed answers, the same on every node: ANSWERS_DELIVERY_KEY (an RSA-2048 private key in PEM;
 * `\n` may stand for the line breaks) when set; otherwise, outside production, generated once into
 * DATA_DIR/answers-delivery-key.pem (mode 0600) and reused. In production without it, sealing is off (null): students
 * with unsent answers are asked to wait for the connection instead of signing out.
 */
export function resolveAnswersDeliveryKey(
  env: NodeJS.ProcessEnv,
  production: boolean,
  dataDir: string,
  jwtSecret: string,
): string | null {
  const fromEnv = env.ANSWERS_DELIVERY_KEY?.replace(/\\n/g, '\n').trim();
  if (fromEnv) {
    try {
      deliveryKeys(fromEnv, jwtSecret);
    } catch (err) {
      throw new ConfigError(`ANSWERS_DELIVERY_KEY: ${(err as Error).message}`);
    }
    return fromEnv;
  }
  if (production) return null;
  const file = path.join(dataDir, 'answers-delivery-key.pem');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pem = generateDeliveryKeyPem();
  fs.writeFileSync(file, pem, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return pem;
}

function publicUrlFrom(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    return normalizePublicUrl(value);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

function essayScorerFrom(env: NodeJS.ProcessEnv): EssayScorerSettings {
  const timeoutMs = intFrom(env.ESSAY_SCORER_TIMEOUT_MS, 5000, 'ESSAY_SCORER_TIMEOUT_MS');
  const kind = env.ESSAY_SCORER || 'local';
  if (kind === 'local') return { kind, timeoutMs };
  if (kind !== 'openai') throw new ConfigError(`ESSAY_SCORER must be local or openai, got "${kind}"`);
  if (!env.OPENAI_API_KEY) throw new ConfigError('ESSAY_SCORER=openai needs OPENAI_API_KEY');
  return {
    kind,
    timeoutMs,
    baseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
    apiKey: env.OPENAI_API_KEY,
    model: env.OPENAI_MODEL || 'gpt-4o-mini',
  };
}

/** Shorter tokens could be guessed; a generated one (`openssl rand -hex 32`) is far longer. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

function metricsFrom(env: NodeJS.ProcessEnv, apiPort: number): MetricsSettings | undefined {
  const port = env.METRICS_PORT ? intFrom(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined;
  if (port !== undefined && (port > 65535 || port === apiPort)) {
    throw new ConfigError(`METRICS_PORT must be a port number other than PORT (${apiPort}), got "${env.METRICS_PORT}"`);
  }
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(token))) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces (e.g. openssl rand -hex 32)`,
    );
  }
  if (env.METRICS_HOST && port === undefined) throw new ConfigError('METRICS_HOST needs METRICS_PORT');
  if (port === undefined && token === undefined) return undefined;
  return { port, host: port === undefined ? undefined : env.METRICS_HOST || '127.0.0.1', token };
}

/** Where the database is (DATABASE_URL, else the SQLite file in DATA_DIR): the server and the backup command. */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl?: string;
  sqliteFile: string;
} {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  return { dataDir, databaseUrl: env.DATABASE_URL || undefined, sqliteFile: path.join(dataDir, 'kelasku.sqlite') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const { dataDir, databaseUrl, sqliteFile } = databaseLocation(env);
  const seedDefault = production ? '0' : '1';
  const seedDemo = (env.SEED_DEMO ?? seedDefault) === '1' && !production;
  const jwtSecret = resolveJwtSecret(env, production, dataDir);
  const port = intFrom(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    production,
    dataDir,
    databaseUrl,
    sqliteFile,
    jwtSecret,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 86400, 'TOKEN_TTL_SECONDS'),
    sessionLifetimeSeconds: intFrom(env.SESSION_LIFETIME_DAYS, 30, 'SESSION_LIFETIME_DAYS') * 86400,
    seedDemo,
    redisUrl: env.REDIS_URL || undefined,
    staticDir: path.resolve(REPO_ROOT, env.STATIC_DIR || '.'),
    remotesJson: env.REMOTES_JSON ? path.resolve(REPO_ROOT, env.REMOTES_JSON) : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    examAutoSubmit: env.EXAM_AUTO_SUBMIT !== '0',
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : production
        ? []
        : undefined,
    apiDocs: flag(env.API_DOCS, !production),
    publicUrl: publicUrlFrom(env.PUBLIC_URL),
    essayScorer: essayScorerFrom(env),
    answersDeliveryKey: resolveAnswersDeliveryKey(env, production, dataDir, jwtSecret),
    shutdownTimeoutMs: intFrom(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
    metrics: metricsFrom(env, port),
    proctoring: {
      offlineAfterMs:
        intFrom(env.EXAM_OFFLINE_AFTER_SECONDS, OFFLINE_AFTER_SECONDS, 'EXAM_OFFLINE_AFTER_SECONDS') * 1000,
      deviceSilentMs:
        intFrom(env.EXAM_DEVICE_SILENT_SECONDS, DEVICE_SILENT_SECONDS, 'EXAM_DEVICE_SILENT_SECONDS') * 1000,
    },
  };
}

/** The app options that come from the configuration (main.ts adds the database). */
export function appOptionsFromConfig(config: AppConfig): Omit<BuildAppOptions, 'db' | 'dbKind'> {
  return {
    jwtSecret: config.jwtSecret,
    tokenTtlSeconds: config.tokenTtlSeconds,
    sessionLifetimeSeconds: config.sessionLifetimeSeconds,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    apiDocs: config.apiDocs,
    staticDir: config.staticDir,
    remotesJson: config.remotesJson,
    examAutoSubmit: config.examAutoSubmit,
    publicUrl: config.publicUrl,
    essayScorer: config.essayScorer,
    answersDeliveryKey: config.answersDeliveryKey,
    metrics: config.metrics,
    proctoring: config.proctoring,
    logger: { level: config.production ? 'info' : 'warn' },
  };
}
