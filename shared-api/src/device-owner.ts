/**
 * Shared computers: whoever signs in next finds nothing of the previous user, however that session ended (sign-out,
 * expiry, the "session ended" dialog, a closed browser). The same user signing in again keeps their kept reads,
 * drafts and unsent answers, so an exam page still reloads offline.
 */
import { CACHE_NAMES, DEVICE_USER_KEY, PICTURE_PATH, USER_KEY_PREFIXES } from './device-data';

export interface DeviceUser {
  user_id: number;
  role: string;
}

/** A 53-bit hash (cyrb53) in hex: tells users apart on one device without storing who they are. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

export function deviceUserMark(user: DeviceUser): string {
  return hash53(`kelasku-device-user:${user.role}:${user.user_id}`);
}

/** The keys of localStorage that hold a user's data (the session included), never the device's own settings. */
export function userDataKeys(storage: Storage = localStorage): string[] {
  const prefixes = Object.values(USER_KEY_PREFIXES);
  const session = new Set(['token', 'userData', 'kelasku:username']);
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && (session.has(key) || prefixes.some((p) => key.startsWith(p)))) keys.push(key);
  }
  return keys;
}

export function forgetUserData(storage: Storage = localStorage): void {
  for (const key of userDataKeys(storage)) storage.removeItem(key);
}

/** Drops the kept API reads and the pictures kept with the app's files (the files themselves are nobody's). */
export async function forgetCachedReads(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!cacheStorage) return; // plain http on a LAN: no Cache Storage, nothing kept
  await cacheStorage.delete(CACHE_NAMES.reads);
  if (!(await cacheStorage.has(CACHE_NAMES.files))) return;
  const files = await cacheStorage.open(CACHE_NAMES.files);
  const pictures = (await files.keys()).filter((request) => new URL(request.url).pathname.startsWith(PICTURE_PATH));
  await Promise.all(pictures.map((request) => files.delete(request)));
}

/** The previous user's mark: the one stored, else (a browser from before marks were kept) the stored session's user. */
function previousMark(storage: Storage): string | null {
  const mark = storage.getItem(DEVICE_USER_KEY);
  if (mark) return mark;
  try {
    const user = JSON.parse(storage.getItem('userData') ?? 'null') as DeviceUser | null;
    return user && typeof user.user_id === 'number' ? deviceUserMark(user) : null;
  } catch {
    return null;
  }
}

export interface DeviceOptions {
  storage?: Storage;
  cacheStorage?: CacheStorage;
  /** Runs before a user's data is wiped: seals their unsent answers for later delivery (sealed-answers.ts). */
  beforeWipe?: () => Promise<void>;
}

/**
 * Called with the user who just signed in, before the new session is stored: when someone else used this browser
 * last (or it is unknown who did), their data goes first. Returns whether anything was wiped.
 */
export async function claimDevice(
  user: DeviceUser,
  { storage = localStorage, cacheStorage = globalThis.caches, beforeWipe }: DeviceOptions = {},
): Promise<boolean> {
  const mark = deviceUserMark(user);
  if (previousMark(storage) === mark) return false;
  await beforeWipe?.().catch((err: unknown) => console.error("Could not seal the previous user's unsent answers", err));
  forgetUserData(storage);
  await forgetCachedReads(cacheStorage).catch((err: unknown) => console.error('Could not drop the kept reads', err));
  storage.setItem(DEVICE_USER_KEY, mark);
  return true;
}

/** Sign-out: nothing of the user stays readable on this browser (unsent answers are sealed first by `beforeWipe`). */
export async function signOutDevice({
  storage = localStorage,
  cacheStorage = globalThis.caches,
  beforeWipe,
}: DeviceOptions = {}): Promise<void> {
  await beforeWipe?.().catch((err: unknown) => console.error('Could not seal the unsent answers', err));
  forgetUserData(storage);
  storage.removeItem(DEVICE_USER_KEY);
  await forgetCachedReads(cacheStorage).catch((err: unknown) => console.error('Could not drop the kept reads', err));
}

/** What the user would lose by signing out now: drafts not saved, answers not sent. */
export interface UnsentWork {
  drafts: number;
  answers: number;
}

export function unsentWork(userId: number | undefined, storage: Storage = localStorage): UnsentWork {
  const work = { drafts: 0, answers: 0 };
  for (const key of userDataKeys(storage)) {
    if (userId !== undefined && key.startsWith(`${USER_KEY_PREFIXES.drafts}${userId}:`)) work.drafts += 1;
    if (key.startsWith(USER_KEY_PREFIXES.answers) && pendingChanges(storage.getItem(key)) > 0) work.answers += 1;
  }
  return work;
}

/** The number of unsent changes in a kept answers entry (student-app answer-queue.ts `StoredAnswers`). */
export function pendingChanges(raw: string | null): number {
  try {
    const stored = JSON.parse(raw ?? 'null') as { pending?: unknown; changes?: unknown; answers?: unknown } | null;
    if (!stored?.pending) return 0;
    const changes = stored.changes ?? stored.answers;
    return changes && typeof changes === 'object' ? Object.keys(changes).length : 0;
  } catch {
    return 0;
  }
}
