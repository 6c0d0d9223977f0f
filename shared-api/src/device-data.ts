/**
 * Names of everything the app keeps on a device for the signed-in user (localStorage keys, Cache Storage caches), in
 * one place: the service worker writes under them, and device-owner.ts wipes them when the user signs out or someone
 * else signs in on the same browser (school labs share computers).
 */
export const CACHE_NAMES = {
  /** The app's files and pictures (service worker). */
  files: 'kelasku-files-v1',
  /** Each user's API reads, kept for offline reloads (service worker). */
  reads: 'kelasku-reads-v1',
} as const;

/** Pictures are kept with the app's files, but they come from what one user read. */
export const PICTURE_PATH = '/api/v1/images/';

/** localStorage prefixes of one user's data. */
export const USER_KEY_PREFIXES = {
  /** Form drafts: `kelasku:draft:<user id>:<form>` (shared-ui drafts.ts). */
  drafts: 'kelasku:draft:',
  /** Unsent answers: `kelasku:answers:<kind>:<sheet id>` and `…:early:<item>:<student>` (student-app answer queue). */
  answers: 'kelasku:answers:',
  /** Delivery tickets of unsent answers: `kelasku:delivery:<kind>:<item id>` (sealed-answers.ts). */
  deliveries: 'kelasku:delivery:',
  /** What the student has opened, for "new" materials: `kelasku.seen.<student id>`. */
  seen: 'kelasku.seen.',
} as const;

/** Sealed unsent answers waiting for any online page load (readable by the server only): never wiped. */
export const SEALED_PREFIX = 'kelasku:sealed:';

/** Who used this browser last, as a hash (not the user's id or name): same user keeps their data, anyone else wipes it. */
export const DEVICE_USER_KEY = 'kelasku:device-user';

/** There are sealed answers on this browser waiting for delivery (sealed-answers.ts). */
export function hasSealedAnswers(storage: Storage = localStorage): boolean {
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(SEALED_PREFIX)) return true;
  return false;
}
