/**
 * Who has an exam sheet open, and on which device: the last save or heartbeat of each device (a random id per
 * browser; saves without one count as the device `LEGACY_DEVICE`), and, for "one device at a time", which device holds
 * the sheet. Kept in Redis when REDIS_URL is set, so every API node sees the same (the Redis client and its in-process
 * fallback are those of the sign-in attempt counters, lib/attempt-counters.ts), in process otherwise; never in the
 * database: a heartbeat costs no write there. Lost on a restart, which only forgets who was online.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The device of a save or heartbeat sent without a device id (the original client). */
export const LEGACY_DEVICE = 'legacy';

/** What one touch of a sheet asks. */
export interface Touch {
  sheetId: number;
  device: string;
  nowMs: number;
  /** A heartbeat (counts as activity without a save). */
  beat: boolean;
  /** One device at a time: refuse when another device holds the sheet and was seen within this many ms. */
  exclusiveMs?: number;
}

/** One sheet as the monitor reads it: each device's last activity (ms), the holder, the last heartbeat. */
export interface SheetPresence {
  devices: Record<string, number>;
  holder: string | null;
  beatAt: number | null;
}

export interface ExamPresence {
  /** Records the device's activity; `refused` when another device holds the sheet (only with exclusiveMs). */
  touch(t: Touch): Promise<{ refused: boolean }>;
  read(sheetIds: number[]): Promise<Map<number, SheetPresence>>;
  /** The proctor releases the holder: another device may take the sheet, the released one waits for that. */
  release(sheetId: number, nowMs: number): Promise<void>;
}

/** How long a sheet's presence is kept after its last touch. */
const KEEP_MS = 6 * 3600_000;

interface Entry {
  devices: Map<string, number>;
  holder: string | null;
  released: string | null;
  releasedAt: number;
  beatAt: number | null;
  touchedAt: number;
}

/** The rule of one touch, on an entry (in process; the Redis script below is the same rule). */
function applyTouch(e: Entry, t: Touch): boolean {
  e.devices.set(t.device, t.nowMs);
  e.touchedAt = t.nowMs;
  if (t.exclusiveMs !== undefined) {
    if (e.holder !== null && e.holder !== t.device && (e.devices.get(e.holder) ?? 0) >= t.nowMs - t.exclusiveMs)
      return true;
    if (e.holder === null && e.released === t.device && e.releasedAt >= t.nowMs - t.exclusiveMs) return true;
    if (e.holder !== t.device) e.released = null;
    e.holder = t.device;
  } else {
    // Any device may save: the one seen last holds the sheet when the proctor switches one-device mode on.
    e.holder = t.device;
  }
  if (t.beat) e.beatAt = t.nowMs;
  return false;
}

/** In-process presence, bounded: when full, the entries touched longest ago go first. */
export class LocalExamPresence implements ExamPresence {
  private readonly entries = new Map<number, Entry>();

  constructor(private readonly maxSheets = 200_000) {}

  async touch(t: Touch): Promise<{ refused: boolean }> {
    return { refused: this.touchNow(t) };
  }

  touchNow(t: Touch): boolean {
    let e = this.entries.get(t.sheetId);
    if (e && e.touchedAt < t.nowMs - KEEP_MS) e = undefined;
    if (!e) {
      if (this.entries.size >= this.maxSheets) this.entries.delete(this.entries.keys().next().value!);
      e = { devices: new Map(), holder: null, released: null, releasedAt: 0, beatAt: null, touchedAt: t.nowMs };
    }
    this.entries.delete(t.sheetId); // re-inserted last: Map order is the order of last touch
    this.entries.set(t.sheetId, e);
    return applyTouch(e, t);
  }

  async read(sheetIds: number[]): Promise<Map<number, SheetPresence>> {
    return this.readNow(sheetIds);
  }

  readNow(sheetIds: number[]): Map<number, SheetPresence> {
    const out = new Map<number, SheetPresence>();
    for (const id of sheetIds) {
      const e = this.entries.get(id);
      if (e) out.set(id, { devices: Object.fromEntries(e.devices), holder: e.holder, beatAt: e.beatAt });
    }
    return out;
  }

  async release(sheetId: number, nowMs: number): Promise<void> {
    this.releaseNow(sheetId, nowMs);
  }

  releaseNow(sheetId: number, nowMs: number): void {
    const e = this.entries.get(sheetId);
    if (!e || e.holder === null) return;
    e.devices.delete(e.holder);
    e.released = e.holder;
    e.releasedAt = nowMs;
    e.holder = null;
  }
}

// One sheet as a hash: `d:<device>` last activity, `h` holder, `x`/`xt` the released device and when, `b` last beat.
// ARGV: device, now, exclusive ms (-1: not exclusive), beat (1/0), keep ms. Answers 1 when refused.
const TOUCH_SCRIPT = `
local dev = ARGV[1]
local now = tonumber(ARGV[2])
local excl = tonumber(ARGV[3])
redis.call('HSET', KEYS[1], 'd:' .. dev, now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
local h = redis.call('HGET', KEYS[1], 'h')
if excl >= 0 then
  if h and h ~= dev and tonumber(redis.call('HGET', KEYS[1], 'd:' .. h) or '0') >= now - excl then return 1 end
  if not h and redis.call('HGET', KEYS[1], 'x') == dev and tonumber(redis.call('HGET', KEYS[1], 'xt') or '0') >= now - excl then return 1 end
  if h ~= dev then redis.call('HDEL', KEYS[1], 'x', 'xt') end
  redis.call('HSET', KEYS[1], 'h', dev)
else
  redis.call('HSET', KEYS[1], 'h', dev)
end
if ARGV[4] == '1' then redis.call('HSET', KEYS[1], 'b', now) end
return 0`;

// ARGV: now. Forgets the holder's activity and marks it released.
const RELEASE_SCRIPT = `
local h = redis.call('HGET', KEYS[1], 'h')
if not h then return 0 end
redis.call('HDEL', KEYS[1], 'd:' .. h, 'h')
redis.call('HSET', KEYS[1], 'x', h, 'xt', ARGV[1])
return 1`;

type ScriptedRedis = Redis & {
  kelaskuPresenceTouch(
    key: string,
    device: string,
    now: number,
    excl: number,
    beat: string,
    keep: number,
  ): Promise<number>;
  kelaskuPresenceRelease(key: string, now: number): Promise<number>;
};

const KEY_PREFIX = 'kelasku-presence:';
const REDIS_PAUSE_MS = 5_000;

function fromHash(hash: Record<string, string>): SheetPresence | undefined {
  const devices: Record<string, number> = {};
  let any = false;
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith('d:')) {
      devices[field.slice(2)] = Number(value);
      any = true;
    }
  }
  if (!any && !hash.h) return undefined;
  return { devices, holder: hash.h ?? null, beatAt: hash.b ? Number(hash.b) : null };
}

/** Presence in Redis, with the in-process presence answering while Redis does not (as the attempt counters do). */
export class SharedExamPresence implements ExamPresence {
  private readonly redis: ScriptedRedis;
  private usingLocal = false;
  private retryRedisAt = 0;

  constructor(
    redis: Redis,
    private readonly local: LocalExamPresence,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.defineCommand('kelaskuPresenceTouch', { numberOfKeys: 1, lua: TOUCH_SCRIPT });
    redis.defineCommand('kelaskuPresenceRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    this.redis = redis as ScriptedRedis;
  }

  async touch(t: Touch): Promise<{ refused: boolean }> {
    if (!this.usable()) return { refused: this.fallBack().touchNow(t) };
    try {
      const refused = await this.redis.kelaskuPresenceTouch(
        KEY_PREFIX + t.sheetId,
        t.device,
        t.nowMs,
        t.exclusiveMs ?? -1,
        t.beat ? '1' : '0',
        KEEP_MS,
      );
      this.back();
      return { refused: Number(refused) === 1 };
    } catch (error) {
      return { refused: this.pause(error).touchNow(t) };
    }
  }

  async read(sheetIds: number[]): Promise<Map<number, SheetPresence>> {
    if (sheetIds.length === 0) return new Map();
    if (!this.usable()) return this.fallBack().readNow(sheetIds);
    try {
      const pipeline = this.redis.pipeline();
      for (const id of sheetIds) pipeline.hgetall(KEY_PREFIX + id);
      const results = (await pipeline.exec()) ?? [];
      const out = new Map<number, SheetPresence>();
      results.forEach(([error, hash], i) => {
        if (error) throw error;
        const presence = fromHash(hash as Record<string, string>);
        if (presence) out.set(sheetIds[i], presence);
      });
      this.back();
      return out;
    } catch (error) {
      return this.pause(error).readNow(sheetIds);
    }
  }

  async release(sheetId: number, nowMs: number): Promise<void> {
    if (!this.usable()) return this.fallBack().releaseNow(sheetId, nowMs);
    try {
      await this.redis.kelaskuPresenceRelease(KEY_PREFIX + sheetId, nowMs);
    } catch (error) {
      this.pause(error).releaseNow(sheetId, nowMs);
    }
  }

  private usable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.retryRedisAt;
  }

  private pause(error: unknown): LocalExamPresence {
    this.retryRedisAt = Date.now() + REDIS_PAUSE_MS;
    return this.fallBack(error);
  }

  private back(): void {
    if (!this.usingLocal) return;
    this.usingLocal = false;
    this.log.warn('Redis answers again: exam presence is shared again');
  }

  private fallBack(error?: unknown): LocalExamPresence {
    if (!this.usingLocal) {
      this.usingLocal = true;
      const reason = error instanceof Error ? error.message : `connection ${this.redis.status}`;
      this.log.warn(`Redis unreachable (${reason}): exam presence is in-process on this node until it is back`);
    }
    return this.local;
  }
}
