/**
 * Device cookies: a device that signed in to an account gets a cookie naming that one account, with which its later
 * sign-ins to that account skip the address and account throttles (login-limits.ts) and get a hashing slot of their
 * own (lib/hash-workers.ts `trusted`). So an attacker guessing an account's password from elsewhere, or a flood from
 * the school's own NAT address, slows down only devices that never signed in there.
 *
 * Signed (HMAC-SHA-256, @fastify/cookie, a key derived from JWT_SECRET: valid on every node), HttpOnly, SameSite=Strict,
 * Secure over https, sent only to the sign-in routes. It carries a tag of the account's password hash: a password
 * change or reset revokes every device cookie of the account (the changing device gets a fresh one). One cookie per
 * account, named by a keyed hash of the username, so a lab computer keeps one for each student who signed in there.
 * A client on another origin (no credentials) never sends it and is served exactly as before.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a device stays known after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86400;

const NAME_PREFIX = 'kelasku_device_';

/** What a valid cookie says; `passwordTag` is still to be compared with the account's current password hash. */
export interface DeviceClaim {
  userId: number;
  passwordTag: string;
  deviceId: string;
}

export class DeviceCookies {
  constructor(
    private readonly key: Buffer,
    /** the path the cookie is sent to: the sign-in routes */
    private readonly path: string,
  ) {}

  private mac(text: string, length: number): string {
    return crypto.createHmac('sha256', this.key).update(text).digest('base64url').slice(0, length);
  }

  /** The cookie name of the account with this (normalized) username. */
  nameFor(username: string): string {
    return NAME_PREFIX + this.mac(`name:${username}`, 16);
  }

  /** Changes with the password hash; reveals nothing of it. */
  passwordTag(userId: number, passwordHash: string): string {
    return this.mac(`password:${userId}:${passwordHash}`, 22);
  }

  /** The claim of this request's cookie for `username`, if it carries one that is signed and not expired. */
  read(request: FastifyRequest, username: string): DeviceClaim | undefined {
    const raw = request.cookies[this.nameFor(username)];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return undefined;
    const [id, passwordTag, deviceId, expires] = unsigned.value.split('.');
    const userId = Number(id);
    if (!Number.isSafeInteger(userId) || !passwordTag || !deviceId || !(Number(expires) > Date.now() / 1000))
      return undefined;
    return { userId, passwordTag, deviceId };
  }

  /** Whether `claim` still holds for the account as stored now (same account, password unchanged). */
  holds(claim: DeviceClaim | undefined, row: { id: number; password_hash: string } | undefined): claim is DeviceClaim {
    return (
      claim !== undefined &&
      row !== undefined &&
      claim.userId === row.id &&
      claim.passwordTag === this.passwordTag(row.id, row.password_hash)
    );
  }

  /** Sets (or renews) the cookie for the account after a successful sign-in; `deviceId` kept when the device had one. */
  issue(
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    row: { id: number; password_hash: string },
    deviceId?: string,
  ): void {
    const expires = Math.floor(Date.now() / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS;
    const id = deviceId ?? crypto.randomBytes(12).toString('base64url');
    reply.setCookie(
      this.nameFor(username),
      [row.id, this.passwordTag(row.id, row.password_hash), id, expires].join('.'),
      {
        signed: true,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: this.path,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      },
    );
  }
}
