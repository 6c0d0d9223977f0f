import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
  seedDemo: boolean;
  redisUrl?: string;
  /** Where shell/dist, admin-app/dist … live. */
  staticDir: string;
  /** Path of a JSON file served as /remotes.json as is. */
  remotesJson?: string;
  /** Comma-separated list of allowed CORS origins; every origin when unset (tokens travel in headers, not cookies). */
  corsOrigins?: string[];
  /** TRUST_PROXY=1: behind a reverse proxy, take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  /** EXAM_AUTO_SUBMIT (default on; `0` turns it off): submit open exam sheets when an exam ends. */
  examAutoSubmit: boolean;
}

export class ConfigError extends Error {}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return n;
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
  if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production (refusing to start without it)');
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  const seedDefault = production ? '0' : '1';
  const seedDemo = (env.SEED_DEMO ?? seedDefault) === '1' && !production;
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    production,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'kelasku.sqlite'),
    jwtSecret: resolveJwtSecret(env, production, dataDir),
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 86400, 'TOKEN_TTL_SECONDS'),
    seedDemo,
    redisUrl: env.REDIS_URL || undefined,
    staticDir: path.resolve(REPO_ROOT, env.STATIC_DIR || '.'),
    remotesJson: env.REMOTES_JSON ? path.resolve(REPO_ROOT, env.REMOTES_JSON) : undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    examAutoSubmit: env.EXAM_AUTO_SUBMIT !== '0',
    corsOrigins: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
  };
}
