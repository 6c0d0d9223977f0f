/**
 * Attempt counters for the sign-in and password-change limits — fixed windows, and per-key back-off delays — in Redis when REDIS_URL is set (so
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

/**
 * A delay after failures instead of a lock: the first `freeFailures - 1` failures in a row cost nothing; the next one
 * makes the next attempt wait `firstDelayMs`, and each further one twice as long as the last, up to `maxDelayMs` — never
 * longer, so the owner of an account under attack can always try within that time. Failures are forgotten
 * `forgetAfterMs` after the last one.
 */
export interface BackoffPolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** The wait after the `failures`-th failure in a row. */
export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.firstDelayMs * 2 ** (failures - policy.freeFailures), policy.maxDelayMs);
}

export interface AttemptCounters {
  /** Counts one attempt under `key`; the window starts with the first. `limit` only marks when the key is blocked. */
  hit(key: string, limit: number, windowMs: number): Promise<AttemptCount>;
  /** Takes back one attempt (it succeeded: only failures should count). */
  refund(key: string): Promise<void>;
  /**
   * Starts an attempt under a back-off key: `waitMs` > 0 refuses it (the delay of the last failure still runs). An
   * admitted attempt is counted as a failure at once, delay included, so a burst is counted before any is checked;
   * `clear` on success forgets the key.
   */
  backoff(key: string, policy: BackoffPolicy): Promise<{ waitMs: number }>;
  clear(key: string): Promise<void>;
}

interface BackoffEntry {
  failures: number;
  /** No attempt before this time (ms since the epoch). */
  until: number;
  forgetAt: number;
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
  private readonly delays = new Map<string, BackoffEntry>();

  constructor(
    private readonly maxKeys = 50_000,
    private readonly now: () => number = () => Date.now(),
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
      if (this.entries.size >= this.maxKeys && !this.makeRoom(now))
        return { count: Number.MAX_SAFE_INTEGER, resetAt: now + windowMs };
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

  async backoff(key: string, policy: BackoffPolicy): Promise<{ waitMs: number }> {
    return this.backoffNow(key, policy);
  }

  backoffNow(key: string, policy: BackoffPolicy): { waitMs: number } {
    const now = this.now();
    let entry = this.delays.get(key);
    if (entry && entry.forgetAt <= now) {
      this.delays.delete(key);
      entry = undefined;
    }
    if (entry && now < entry.until) return { waitMs: entry.until - now };
    if (!entry) {
      // full of running delays: refuse for the shortest delay rather than forget one
      if (this.delays.size >= this.maxKeys && !this.makeRoomForDelay(now)) return { waitMs: policy.firstDelayMs };
      entry = { failures: 0, until: 0, forgetAt: 0 };
    }
    this.delays.delete(key); // re-inserted last: Map order is the order of last use
    entry.failures++;
    const delay = backoffDelayMs(entry.failures, policy);
    entry.until = delay > 0 ? now + delay : 0;
    entry.forgetAt = now + Math.max(delay, policy.forgetAfterMs);
    this.delays.set(key, entry);
    return { waitMs: 0 };
  }

  async clear(key: string): Promise<void> {
    this.delays.delete(key);
  }

  private makeRoomForDelay(now: number): boolean {
    for (const [key, entry] of this.delays) if (entry.forgetAt <= now) this.delays.delete(key);
    if (this.delays.size < this.maxKeys) return true;
    for (const [key, entry] of this.delays) {
      if (entry.until <= now) {
        this.delays.delete(key);
        return true;
      }
    }
    return false;
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

// The back-off of one key as a hash {f: failures in a row, u: no attempt before (ms)}; ARGV: now, free failures, first
// and longest delay, forget-after (ms). Answers the wait left (0: admitted, and counted as a failure). The time comes
// from the node (clocks kept by NTP): a skew between nodes only shifts a delay by that skew.
const BACKOFF_SCRIPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local u = tonumber(redis.call('HGET', KEYS[1], 'u') or '0')
if now < u then return u - now end
f = f + 1
local delay = 0
if f >= free then delay = math.min(tonumber(ARGV[3]) * 2 ^ (f - free), tonumber(ARGV[4])) end
u = 0
if delay > 0 then u = math.floor(now + delay) end
redis.call('HSET', KEYS[1], 'f', f, 'u', u)
redis.call('PEXPIRE', KEYS[1], math.floor(math.max(delay, tonumber(ARGV[5]))))
return 0`;

type ScriptedRedis = Redis & {
  kelaskuAttemptHit(key: string, windowMs: number): Promise<[number, number]>;
  kelaskuAttemptRefund(key: string): Promise<number>;
  kelaskuBackoff(
    key: string,
    now: number,
    free: number,
    firstMs: number,
    maxMs: number,
    forgetMs: number,
  ): Promise<number>;
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
    redis.defineCommand('kelaskuBackoff', { numberOfKeys: 1, lua: BACKOFF_SCRIPT });
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

  async backoff(key: string, policy: BackoffPolicy): Promise<{ waitMs: number }> {
    if (!this.redisUsable()) return this.fallBack().backoffNow(key, policy);
    try {
      const { freeFailures, firstDelayMs, maxDelayMs, forgetAfterMs } = policy;
      const waitMs = await this.redis.kelaskuBackoff(
        KEY_PREFIX + key,
        Date.now(),
        freeFailures,
        firstDelayMs,
        maxDelayMs,
        forgetAfterMs,
      );
      this.backOnRedis();
      return { waitMs: Number(waitMs) };
    } catch (error) {
      return this.pause(error).backoffNow(key, policy);
    }
  }

  async clear(key: string): Promise<void> {
    if (!this.redisUsable()) return this.fallBack().clear(key);
    try {
      await this.redis.del(KEY_PREFIX + key);
    } catch (error) {
      await this.pause(error).clear(key);
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
      this.log.warn(
        `Redis unreachable (${reason}): sign-in attempt counters are in-process on this node until it is back`,
      );
    }
    return this.local;
  }
}
