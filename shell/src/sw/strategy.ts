/**
 * What the service worker does with each request (pure, so it can be tested without a browser):
 * - `cache-first`: content-hashed files (`name.1a2b3c4d.js`) and pictures (`/api/v1/images/<sha>`) never change
 *   under their name;
 * - `network-first`: everything whose name stays the same between versions (`index.html` for every page,
 *   `main.js`, `/remotes.json`, each `mf-manifest.json` and `remoteEntry.js`, the web-app manifest): a newly deployed
 *   remote reaches users on their next online load, and the cached copy only serves when the network fails;
 * - `api`: the signed-in user's reads, network-first too, kept per user so that nobody else on the device sees them;
 * - `update`: the user's writes (POST/PATCH/PUT): sent as they are, and the reply, the record as it is now, takes
 *   its place in the user's kept reads (an answer sheet opened and answered online is there after an offline reload);
 * - `pass`: the browser handles it (other writes, sign-in, other origins).
 */
export type Strategy = 'cache-first' | 'network-first' | 'api' | 'update' | 'pass';

/** webpack's chunk names: `[name].[contenthash:8].js` (webpack/federation.ts). */
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css)$/;

export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page load. */
  mode: string;
  /** The service worker's own origin. */
  origin: string;
}

export function strategyFor({ url, method, mode, origin }: RequestFacts): Strategy {
  const { origin: requestOrigin, pathname } = new URL(url);
  if (requestOrigin !== origin) return 'pass';
  if (method === 'POST' || method === 'PATCH' || method === 'PUT')
    return pathname.startsWith('/api/v1/') && !pathname.startsWith('/api/v1/auth') ? 'update' : 'pass';
  if (method !== 'GET') return 'pass';
  if (pathname.startsWith('/api/')) {
    if (mode === 'navigate' || pathname.startsWith('/api/v1/auth') || pathname.startsWith('/api/docs')) return 'pass';
    return pathname.startsWith('/api/v1/images/') ? 'cache-first' : 'api';
  }
  if (mode === 'navigate') return 'network-first';
  return HASHED_FILE.test(pathname) ? 'cache-first' : 'network-first';
}

/** Every page is the one `index.html`: a page load offline gets the copy cached under this key. */
export const PAGE_KEY = '/';

/**
 * Whether a page load's answer may be kept as that one offline page: only the HTML page itself. A link opened as a
 * page (`/remotes.json` from a material, a picture, a file) answers something else, which must never replace it.
 */
export function isOfflinePage(status: number, contentType: string | null): boolean {
  return status === 200 && /^text\/html\s*(;|$)/i.test(contentType ?? '');
}

/**
 * Offline, a kept file of the same path serves even when the request differs from the one that kept it: in its
 * query (Retry asks for `remoteEntry.js?retry=…` past a preload that holds a failed answer) or in a header the
 * answer varies on (`Vary: Origin`: the page's preload of a manifest, shell/src/pre-paint.ts, sends Origin, the
 * request that kept it did not). Files only: a user's kept reads are told apart by their query.
 */
export const OFFLINE_FILE_MATCH = { ignoreSearch: true, ignoreVary: true } as const;

/** Fixed-name files worth having before the first page load that the worker controls. */
export const PRECACHE = [PAGE_KEY, '/main.js', '/remotes.json', '/manifest.webmanifest'];

/**
 * The user a request is made for, from its token's claims (not verified: the key only separates users' copies on
 * one device; the server checks every token it is sent). Null without a readable token: such reads are not kept.
 */
export function userOfAuthorization(header: string | null): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '');
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { user_id?: unknown; sub?: unknown };
    const user = claims.user_id ?? claims.sub;
    return typeof user === 'number' || typeof user === 'string' ? String(user) : null;
  } catch {
    return null;
  }
}

/** Query parameters that page through a list: a new record's place in such a list is unknown. */
const PAGING = new Set(['page', 'pageSize', 'number']);

/**
 * A kept read with `record` in it: in place of its old copy (same `id`), or, for a list kept with filters
 * (`?exam_id=2&student_id=1`) that the record matches, added to it. Null when the read has no place for it.
 */
export function withRecord(
  read: unknown,
  record: Record<string, unknown> & { id: unknown },
  filters: Record<string, string> = {},
): unknown {
  const same = (item: unknown) =>
    typeof item === 'object' && item !== null && (item as { id?: unknown }).id === record.id;
  if (!Array.isArray(read)) return same(read) ? record : null;
  const items: unknown[] = read;
  if (items.some(same)) return items.map((item) => (same(item) ? record : item));
  const names = Object.keys(filters);
  const belongs =
    names.length > 0 && names.every((name) => !PAGING.has(name) && String(record[name]) === filters[name]);
  return belongs ? [...items, record] : null;
}

/** The cache key of an API read for one user: the same address, tagged with the user. */
export function apiCacheKey(url: string, user: string): string {
  const keyed = new URL(url);
  keyed.searchParams.set('__kelasku_user', user);
  return keyed.toString();
}
