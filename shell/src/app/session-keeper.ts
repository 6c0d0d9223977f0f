// Renews the sign-in token while the user is active, so a session never ends in the middle of work (an exam, a
// long form): past half of its lifetime, the next tap or keystroke swaps it for a fresh one (POST /auth/refresh).
// A user who stays away longer than the rest of its lifetime finds the session ended: the sign-in dialog then.
import { decodeToken, getToken, postData, saveSession } from '@kelasku/shared-api';

/** What counts as the user being there. `input` too: autofill and on-screen keyboards may send no keydown. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'input'] as const;
/** The token's lifetime when it carries no `iat` (the server's default). */
const DEFAULT_LIFETIME_SECONDS = 86_400;

/** True when a still-valid token is past half of its lifetime (`iat`, `exp`: unix seconds). */
export function needsRenewal(claims: { iat?: number; exp?: number }, nowMs: number): boolean {
  if (typeof claims.exp !== 'number') return false;
  const now = nowMs / 1000;
  if (now >= claims.exp) return false; // ended: only a new sign-in helps
  const issued = typeof claims.iat === 'number' ? claims.iat : claims.exp - DEFAULT_LIFETIME_SECONDS;
  return now >= issued + (claims.exp - issued) / 2;
}

export interface KeeperOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  renew?: () => Promise<{ token: string }>;
  now?: () => number;
  /** Least time between two renewal attempts (a refused or failed one is not retried at every tap). */
  retryGapMs?: number;
}

/** Starts listening for activity; returns the function that stops it. */
export function startSessionKeeper({
  target = window,
  renew = () => postData<{ token: string }>('/auth/refresh'),
  now = Date.now,
  retryGapMs = 60_000,
}: KeeperOptions = {}): () => void {
  let lastAttempt = -Infinity;
  let busy = false;
  const onActivity = () => {
    const token = getToken();
    if (busy || !token || now() - lastAttempt < retryGapMs) return;
    let claims: { iat?: number; exp?: number };
    try {
      claims = decodeToken(token);
    } catch {
      return;
    }
    if (!needsRenewal(claims, now())) return;
    busy = true;
    lastAttempt = now();
    renew()
      .then(
        ({ token: fresh }) => {
          // Only if nobody signed in or out meanwhile (this tab's dialog, another tab).
          if (getToken() === token) saveSession(fresh);
        },
        (err: unknown) => console.error('Renewing the session failed:', err),
      )
      .finally(() => {
        busy = false;
      });
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { capture: true, passive: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
  };
}
