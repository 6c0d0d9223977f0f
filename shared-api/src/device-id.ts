import { DEVICE_HEADER } from '@kelasku/shared-rules';

/**
 * This browser's device id for exams: random, made once and kept in localStorage (it names the browser, not its user,
 * so a sign-out keeps it). The proctor's monitor counts a sheet's devices by it, and "one device at a time" tells them
 * apart with it.
 */
export const DEVICE_ID_KEY = 'kelasku:device-id';

let cached: string | null = null;

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function browserDeviceId(
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): string {
  if (cached) return cached;
  try {
    const stored = storage?.getItem(DEVICE_ID_KEY);
    if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return (cached = stored);
    cached = randomId();
    storage?.setItem(DEVICE_ID_KEY, cached);
  } catch {
    cached ??= randomId(); // storage blocked: one id for this page's life
  }
  return cached;
}

/** The header exam-sheet calls carry (saves, heartbeats). */
export const deviceHeaders = (): Record<string, string> => ({ [DEVICE_HEADER]: browserDeviceId() });
