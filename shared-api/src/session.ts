// Session storage shared by the shell and every remote. Kept free of the HTTP client (ky) so the login page stays light.
import { jwtDecode } from 'jwt-decode';
import type { Language } from '@kelasku/shared-rules/src/languages';
import { appRoleOf, type AppRole, type Role as AccountRole } from '@kelasku/shared-rules/src/roles';
import { claimDevice, signOutDevice } from './device-owner';
import { sealUnsentAnswers } from './sealed-answers';

/** The role whose app a signed-in user sees (shared-rules' roles with a screen). */
export type Role = AppRole;

export interface UserData {
  user_id: number;
  email: string;
  role: AccountRole;
  display_name: string;
  exp: number;
  teacher_id?: number;
  student_id?: number;
  /** The UI language saved on the account, when the user chose one (the shell switches to it at sign-in). */
  language?: Language;
  /** Present while the account still has the password an admin gave it: the screens offer to change it. */
  initial_password?: true;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'userData';
const USERNAME_KEY = 'kelasku:username';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/**
 * The token's payload, not verified: the server verifies every call. Throws (jwt-decode's InvalidTokenError) on a
 * token that is not a JWT with a JSON payload.
 */
export function decodeToken(token: string): UserData {
  return jwtDecode<UserData>(token);
}

/**
 * Stores the token and its decoded payload. `username` (the NIP/NIS typed at sign-in) is kept to prefill the sign-in
 * dialog when the session ends; a renewed token keeps the one stored.
 */
export function saveSession(token: string, username?: string): UserData {
  const user = decodeToken(token);
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (username !== undefined) localStorage.setItem(USERNAME_KEY, username);
  return user;
}

/**
 * The stored user, or null when missing or unreadable. An expired token still names its user: the pages keep working
 * with it while the shell asks for a new sign-in in place (the server refuses the token meanwhile).
 */
export function getUserData(): UserData | null {
  if (!getToken()) return null;
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserData;
  } catch {
    console.error('Invalid stored user data');
    return null;
  }
}

/** True when `exp` (unix seconds) has passed. */
export function isExpired(user: Pick<UserData, 'exp'>, now = Date.now()): boolean {
  return typeof user.exp === 'number' && user.exp * 1000 <= now;
}

/** The stored user when the token has not expired: what a page (re)load starts with; else the login page. */
export function getSignedInUser(): UserData | null {
  const user = getUserData();
  return user && !isExpired(user) ? user : null;
}

/** The NIP/NIS the stored session was signed in with, if known. */
export function getStoredUsername(): string {
  return localStorage.getItem(USERNAME_KEY) ?? '';
}

/**
 * A fresh sign-in: when somebody else used this browser last, their data goes first (device-owner.ts); then the
 * session is stored.
 */
export async function startSession(token: string, username: string): Promise<UserData> {
  await claimDevice(decodeToken(token), { beforeWipe: () => sealUnsentAnswers().then(() => undefined) });
  return saveSession(token, username);
}

/** Sign-out: the session and everything of the user kept on this browser go (kept reads, drafts, unsent answers). */
export async function signOut(): Promise<void> {
  await signOutDevice({ beforeWipe: () => sealUnsentAnswers().then(() => undefined) });
  clearSession();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(USERNAME_KEY);
  // The service worker (shell/src/sw) drops the reads it kept for working offline.
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: 'signed-out' });
}

export function roleOf(user: Pick<UserData, 'role'>): Role {
  return appRoleOf(user.role);
}
