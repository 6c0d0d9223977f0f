/**
 * How many password guesses a client gets. Every attempt is counted when it starts (so a burst of concurrent ones
 * is counted before any is hashed) and taken back when the password was right: only failures count, and a whole
 * school signing in through one NAT address is never blocked by its own successful sign-ins. Nothing is a hard lock:
 * every refusal is a 429 with the seconds to wait (Retry-After), and no wait is longer than a minute.
 *
 * - per address (IPv6: per /64, what one household or attacker gets): failures over all usernames in a window,
 *   checked first — a flood of made-up usernames stops here, without a hash and without a counter per name;
 * - per account, over all addresses: after a few free failures each further one doubles the delay before the next
 *   attempt (1 s, 2 s, 4 s … at most 60 s). Unknown usernames are counted the same way, so a 429 does not reveal
 *   whether an account exists;
 * - a device that signed in to the account before (its device cookie, device-cookies.ts) skips both: guessing from
 *   elsewhere cannot keep the owner out. Its own failures have the same back-off, per device;
 * - change-password, per session: the 5th failure of one session ends it (a stolen token cannot guess the password,
 *   nor lock the owner out of changing it).
 */
import type { FastifyReply } from 'fastify';
import net from 'node:net';
import type { AttemptCounters, BackoffPolicy } from '../../lib/attempt-counters';
import { errorBody } from '../../plugins/errors';
import { SIGN_IN_QUEUE_CAPACITY } from '../../lib/passwords';

export interface LoginLimits {
  /** Failed sign-ins of one account, over all addresses, that cost no delay; after them the back-off runs. */
  max: number;
  /**
   * Failed sign-ins per address (IPv6: per /64), over all usernames, in one window (default 10 × max): room for a whole
   * school's typos behind one NAT address, yet a flood of made-up names gets only this many hashes per window.
   */
  perAddressMax?: number;
  timeWindowMs: number;
  /** The account back-off after the free failures (default: from 1 s, doubling, at most 60 s, forgotten after 15 min). */
  accountDelay?: Omit<BackoffPolicy, 'freeFailures'>;
  /** change-password failures that end a session (default 5). */
  changePasswordFailuresPerSession?: number;
}

export const DEFAULT_ACCOUNT_DELAY: Omit<BackoffPolicy, 'freeFailures'> = {
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

export const DEFAULT_LOGIN_LIMITS: Required<LoginLimits> = {
  max: 5,
  perAddressMax: 100,
  timeWindowMs: 60_000,
  accountDelay: DEFAULT_ACCOUNT_DELAY,
  changePasswordFailuresPerSession: 5,
};

/** A session's change-password failures are remembered as long as a session can last. */
const CHANGE_PASSWORD_WINDOW_MS = 31 * 86400_000;

/** Usernames are at most this long (longer ones are refused before counting), so keys stay small. */
export const USERNAME_MAX_LENGTH = 200;

/** The first four groups of an IPv6 address (zeros filled in): its /64 network. */
function ipv6Network(address: string): string {
  const [head, tail] = address.split('%')[0].toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':');
}

/**
 * The address the sign-in limits count under: an IPv4 address as is (also when written IPv4-mapped), an IPv6 address
 * as its /64 — one subscriber gets a whole /64, so counting single IPv6 addresses would count nothing.
 */
export function limitAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  return net.isIPv6(address) ? `${ipv6Network(address)}::/64` : address;
}

/** Sign-ins from one address that may be in progress at once while the queue is busy: a quarter of it (at least 4). */
export function signInShareOfOneAddress(capacity = SIGN_IN_QUEUE_CAPACITY): number {
  return Math.max(4, Math.floor(capacity / 4));
}

/**
 * Sign-ins in progress per address, in this process. While the sign-in hash queue is less than half full anyone gets
 * in: a whole class pressing "Login" together behind its school's one NAT address must not be turned away. Once it is
 * half full, one address (a flood) holds at most its share, so sign-ins from other addresses still find room.
 */
export class SignInsInProgress {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly capacity = SIGN_IN_QUEUE_CAPACITY) {}

  /** `knownDevice`: a device cookie's sign-in, which has a hashing queue of its own and is never held to the share. */
  tryEnter(address: string, knownDevice = false): boolean {
    const mine = this.byAddress.get(address) ?? 0;
    if (!knownDevice && this.total >= this.capacity / 2 && mine >= signInShareOfOneAddress(this.capacity)) return false;
    this.byAddress.set(address, mine + 1);
    this.total += 1;
    return true;
  }

  leave(address: string): void {
    const left = (this.byAddress.get(address) ?? 1) - 1;
    if (left > 0) this.byAddress.set(address, left);
    else this.byAddress.delete(address);
    this.total = Math.max(0, this.total - 1);
  }
}

/** An attempt that was let through: call `succeeded()` when the password was right. */
export interface Attempt {
  succeeded(): Promise<void>;
}

/** A change-password attempt that was let through; `last`: a failure now ends the session. */
export interface SessionAttempt extends Attempt {
  last: boolean;
}

/** Over a limit: the reply to send, with the window's remaining seconds. */
export class AttemptsExceeded {
  constructor(readonly retryAfterSeconds: number) {}

  send(reply: FastifyReply) {
    const seconds = this.retryAfterSeconds;
    return reply
      .code(429)
      .header('retry-after', String(seconds))
      .send(
        errorBody(429, `Too many attempts, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`, {
          code: 'too-many-attempts',
          params: { seconds },
        }),
      );
  }
}

function secondsUntil(resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
}

export class AttemptLimiter {
  private readonly limits: Required<Omit<LoginLimits, 'accountDelay'>>;
  private readonly backoff: BackoffPolicy;

  constructor(
    private readonly counters: AttemptCounters,
    limits: LoginLimits,
  ) {
    this.limits = {
      max: limits.max,
      timeWindowMs: limits.timeWindowMs,
      perAddressMax: limits.perAddressMax ?? limits.max * 10,
      changePasswordFailuresPerSession:
        limits.changePasswordFailuresPerSession ?? DEFAULT_LOGIN_LIMITS.changePasswordFailuresPerSession,
    };
    this.backoff = { ...(limits.accountDelay ?? DEFAULT_ACCOUNT_DELAY), freeFailures: limits.max };
  }

  /**
   * A sign-in attempt from `address` for `username`, from a device without a device cookie for it. The address is
   * counted first, so a flood of made-up names is stopped before `findAccount` reads the database. The account's
   * back-off is keyed by its session version as well: a password reset raises it, so that account starts afresh at
   * once on every node and in Redis (the old key simply expires).
   */
  async signIn<A extends { session_version: number }>(
    address: string,
    username: string,
    findAccount: () => Promise<A | undefined>,
  ): Promise<AttemptsExceeded | { attempt: Attempt; account: A | undefined }> {
    const addressKey = `signin-address|${limitAddress(address)}`;
    const { count, resetAt } = await this.counters.hit(addressKey, this.limits.perAddressMax, this.limits.timeWindowMs);
    // a refused attempt costs no hash and is given back: hammering one blocked account does not use up the address
    // budget of the other accounts behind it
    if (count > this.limits.perAddressMax) {
      await this.counters.refund(addressKey);
      return new AttemptsExceeded(secondsUntil(resetAt));
    }
    let account: A | undefined;
    try {
      account = await findAccount();
    } catch (error) {
      await this.counters.refund(addressKey);
      throw error;
    }
    const accountKey = `signin-account|${username}|${account ? account.session_version : 'none'}`;
    const { waitMs } = await this.counters.backoff(accountKey, this.backoff);
    if (waitMs > 0) {
      await this.counters.refund(addressKey);
      return new AttemptsExceeded(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    const attempt = {
      succeeded: async () =>
        void (await Promise.all([this.counters.refund(addressKey), this.counters.clear(accountKey)])),
    };
    return { attempt, account };
  }

  /** A sign-in attempt from a device holding a valid device cookie for the account: only that device's own back-off. */
  async signInFromKnownDevice(deviceId: string): Promise<Attempt | AttemptsExceeded> {
    const key = `signin-device|${deviceId}`;
    const { waitMs } = await this.counters.backoff(key, this.backoff);
    if (waitMs > 0) return new AttemptsExceeded(Math.max(1, Math.ceil(waitMs / 1000)));
    return { succeeded: () => this.counters.clear(key) };
  }

  /** A change-password attempt in session `sid`. Past the last one (a burst) the session is to end without a check. */
  async changePassword(sid: string): Promise<SessionAttempt | 'session-over'> {
    const key = `change-password|${sid}`;
    const max = this.limits.changePasswordFailuresPerSession;
    const { count } = await this.counters.hit(key, max, CHANGE_PASSWORD_WINDOW_MS);
    if (count > max) return 'session-over';
    return { last: count >= max, succeeded: () => this.counters.refund(key) };
  }
}
