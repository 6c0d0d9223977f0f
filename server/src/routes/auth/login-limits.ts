/**
 * How many password guesses a client gets. Every attempt is counted when it starts (so a burst of concurrent ones
 * is counted before any is hashed) and taken back when the password was right: only failures use up a limit, and a
 * whole school signing in through one NAT address is never blocked by its own successful sign-ins.
 *
 * - per address: all usernames together, checked first — a flood of made-up usernames stops here, without a hash
 *   and without creating a counter per name;
 * - per (address, username): one account's guesses from one address; other accounts behind the same NAT address
 *   keep working. Unknown usernames are counted the same way, so a 429 does not reveal whether an account exists;
 * - change-password, per account: a stolen session cannot be used to guess the password behind it.
 */
import type { FastifyReply } from 'fastify';
import type { AttemptCounters } from '../../lib/attempt-counters';
import { errorBody } from '../../plugins/errors';
import { SIGN_IN_QUEUE_CAPACITY } from '../../lib/passwords';

export interface LoginLimits {
  /** Failed attempts per (address, username), and per account for change-password, in one window. */
  max: number;
  /**
   * Failed attempts per address, over all usernames, in one window (default 10 × max): room for a whole school's
   * typos behind one NAT address, yet a flood of made-up names gets only this many hashes per window.
   */
  perAddressMax?: number;
  timeWindowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: Required<LoginLimits> = { max: 10, perAddressMax: 100, timeWindowMs: 60_000 };

/** Usernames are at most this long (longer ones are refused before counting), so keys stay small. */
export const USERNAME_MAX_LENGTH = 200;

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

  tryEnter(address: string): boolean {
    const mine = this.byAddress.get(address) ?? 0;
    if (this.total >= this.capacity / 2 && mine >= signInShareOfOneAddress(this.capacity)) return false;
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

/** Over a limit: the reply to send, with the window's remaining seconds. */
export class AttemptsExceeded {
  constructor(readonly retryAfterSeconds: number) {}

  send(reply: FastifyReply) {
    const seconds = this.retryAfterSeconds;
    return reply
      .code(429)
      .header('retry-after', String(seconds))
      .send(errorBody(429, `Too many attempts, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`, { code: 'too-many-attempts', params: { seconds } }));
  }
}

function secondsUntil(resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
}

export class AttemptLimiter {
  private readonly limits: Required<LoginLimits>;

  constructor(
    private readonly counters: AttemptCounters,
    limits: LoginLimits,
  ) {
    this.limits = { ...limits, perAddressMax: limits.perAddressMax ?? limits.max * 10 };
  }

  /**
   * A sign-in attempt from `address` for `username`. The address is counted first, so a flood of made-up names is
   * stopped before `findAccount` reads the database. The account's counter is keyed by its session version as well:
   * a password reset raises it, so that account's counters start afresh at once on every node and in Redis (the old
   * ones simply expire).
   */
  async signIn<A extends { session_version: number }>(
    address: string,
    username: string,
    findAccount: () => Promise<A | undefined>,
  ): Promise<AttemptsExceeded | { attempt: Attempt; account: A | undefined }> {
    const byAddress = await this.admit([[`signin-address|${address}`, this.limits.perAddressMax]]);
    if (byAddress instanceof AttemptsExceeded) return byAddress;
    let account: A | undefined;
    let byAccount: Attempt | AttemptsExceeded;
    try {
      account = await findAccount();
      byAccount = await this.admit([[`signin-account|${address}|${username}|${account?.session_version ?? '-'}`, this.limits.max]]);
    } catch (error) {
      await byAddress.succeeded();
      throw error;
    }
    if (byAccount instanceof AttemptsExceeded) {
      await byAddress.succeeded();
      return byAccount;
    }
    const counted = byAccount;
    return { attempt: { succeeded: async () => void (await Promise.all([byAddress.succeeded(), counted.succeeded()])) }, account };
  }

  /** A change-password attempt by a signed-in account, counted per session version like sign-ins. */
  changePassword(userId: number, sessionVersion: number): Promise<Attempt | AttemptsExceeded> {
    return this.admit([[`change-password|${userId}|${sessionVersion}`, this.limits.max]]);
  }

  /**
   * Counts the keys in order; the first one over its limit refuses. Later keys are then neither counted nor created,
   * and earlier ones are given back: a refused attempt costs no hash, so hammering one blocked account does not use
   * up the address's budget for the other accounts behind it.
   */
  private async admit(keys: [key: string, limit: number][]): Promise<Attempt | AttemptsExceeded> {
    const counted: string[] = [];
    const giveBack = async () => void (await Promise.all(counted.map((key) => this.counters.refund(key))));
    for (const [key, limit] of keys) {
      const { count, resetAt } = await this.counters.hit(key, limit, this.limits.timeWindowMs);
      if (count > limit) {
        await giveBack();
        return new AttemptsExceeded(secondsUntil(resetAt));
      }
      counted.push(key);
    }
    return { succeeded: giveBack };
  }
}
