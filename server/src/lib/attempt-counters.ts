/**
 * Fixed-window attempt counters for the sign-in and password-change limits: in Redis when REDIS_URL is set (so
 * several nodes share them), in process otherwise — and in process whenever Redis cannot answer, so an outage
 * never turns into failed or hanging sign-ins.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface AttemptCount {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export interface AttemptCounters {
  /** Counts one attempt under `key`; the window starts with the first. `limit` only marks when the key is blocked. */
  hit(key: string, limit: number, windowMs: number): Promise<AttemptCount>;
  /** Takes back one attempt (it succeeded: only failures should count). */
  refund(key: string): Promise<void>;
}

interface LocalEntry {
  count: number;
  limit: number;
  resetAt: number;
}

/**
 * In-process counters, bounded in size. When full, expired windows go first, then the oldest counter still under
 * its limit; a blocked counter is never dropped, so a flood of new keys cannot unblock anybody. When every counter
 * is blocked the new key is refused (counted as over its limit): failing closed beats forgetting a block.
 */
export class LocalAttemptCounters implements AttemptCounters {
  private readonly entries = new Map<string, LocalEntry>();

  constructor(
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<AttemptCount> {
    return this.hitNow(key, limit, windowMs);
  }

  hitNow(key: string, limit: number, windowMs: number): AttemptCount {
    const now = this.now();
    let entry = this.entries.get(key);
    if (entry && entry.resetAt <= now) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (!entry) {
      if (this.entries.size >= this.maxKeys && !this.makeRoom(now)) return { count: Number.MAX_SAFE_INTEGER, resetAt: now + windowMs };
      entry = { count: 0, limit, resetAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count++;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  async refund(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  private makeRoom(now: number): boolean {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    if (this.entries.size < this.maxKeys) return true;
    // Map order is insertion order: the first counter under its limit is the oldest one that may go
    for (const [key, entry] of this.entries) {
      if (entry.count < entry.limit) {
        this.entries.delete(key);
        return true;
      }
    }
    return false;
  }
}

// INCR, and start the window's expiry on the first attempt; answers [count, milliseconds left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
// DECR only a live window (a DECR after expiry would create a key without expiry).
const REFUND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end
return 0`;

type ScriptedRedis = Redis & {
  kelaskuAttemptHit(key: string, windowMs: number): Promise<[number, number]>;
  kelaskuAttemptRefund(key: string): Promise<number>;
};

const KEY_PREFIX = 'kelasku-attempts:';

/** After a failed or timed-out Redis command, the local counters answer for this long before Redis is tried again. */
const REDIS_PAUSE_MS = 5_000;

/**
 * Redis counters with an in-process fallback: while Redis is not connected, or for a few seconds after a command
 * failed or timed out (a hung Redis must not slow every sign-in down), the local counters answer; the switch is
 * logged once each way. The client must be created with `enableOfflineQueue: false` and a `commandTimeout`, so that
 * no command waits for a connection that is not there.
 */
export class SharedAttemptCounters implements AttemptCounters {
  private readonly redis: ScriptedRedis;
  private usingLocal = false;
  private retryRedisAt = 0;

  constructor(
    redis: Redis,
    private readonly local: LocalAttemptCounters,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.defineCommand('kelaskuAttemptHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('kelaskuAttemptRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
    this.redis = redis as ScriptedRedis;
    redis.on('error', (error: Error) => this.fallBack(error));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<AttemptCount> {
    if (!this.redisUsable()) return this.fallBack().hitNow(key, limit, windowMs);
    try {
      const [count, ttl] = await this.redis.kelaskuAttemptHit(KEY_PREFIX + key, windowMs);
      this.backOnRedis();
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    } catch (error) {
      return this.pause(error).hitNow(key, limit, windowMs);
    }
  }

  async refund(key: string): Promise<void> {
    if (!this.redisUsable()) return this.fallBack().refund(key);
    try {
      await this.redis.kelaskuAttemptRefund(KEY_PREFIX + key);
    } catch (error) {
      await this.pause(error).refund(key);
    }
  }

  /** Whether Redis answers now (the readiness check reports it; sign-ins work either way). */
  get redisConnected(): boolean {
    return this.redis.status === 'ready';
  }

  private redisUsable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.retryRedisAt;
  }

  private pause(error: unknown): LocalAttemptCounters {
    this.retryRedisAt = Date.now() + REDIS_PAUSE_MS;
    return this.fallBack(error);
  }

  private backOnRedis(): void {
    if (!this.usingLocal) return;
    this.usingLocal = false;
    this.log.warn('Redis answers again: sign-in attempt counters are shared again');
  }

  private fallBack(error?: unknown): LocalAttemptCounters {
    if (!this.usingLocal) {
      this.usingLocal = true;
      const reason = error instanceof Error ? error.message : `connection ${this.redis.status}`;
      this.log.warn(`Redis unreachable (${reason}): sign-in attempt counters are in-process on this node until it is back`);
    }
    return this.local;
  }
}
