/**
 * The service worker (`/sw.js`, built by webpack/service-worker.ts): the app opens without a network. Which request
 * gets which treatment is decided in strategy.ts. A student whose connection drops can reload the exam page: the
 * page, the role's remote and the exam's reads come from the caches, and the answers keep queuing on the device.
 */
import { CACHE_NAMES } from '@kelasku/shared-api/src/device-data';
import {
  OFFLINE_FILE_MATCH,
  PAGE_KEY,
  PRECACHE,
  apiCacheKey,
  isOfflinePage,
  strategyFor,
  userOfAuthorization,
  withRecord,
} from './strategy';

// The few service-worker types used here (the DOM library the shell compiles with does not declare them).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventWithData extends ExtendableEvent {
  data: unknown;
}
interface ServiceWorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventWithData) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;

// Named with what device-owner.ts wipes when the user signs out or someone else signs in.
const FILES: string = CACHE_NAMES.files;
const READS: string = CACHE_NAMES.reads;

/**
 * When a write's reply last refreshed the kept reads of an address (path + user): a read that left before then may
 * bring an older copy, which must not replace the refreshed one.
 */
const refreshedAt = new Map<string, number>();
const readKey = (url: string, user: string) => `${new URL(url).pathname}|${user}`;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(FILES)
      .then((cache) => cache.addAll(PRECACHE))
      .catch(() => undefined) // a file missing now is cached on its first use instead
      .then(() => worker.skipWaiting()),
  );
});

// Take over the open page at once: the remote and the reads it loads from now on are kept for the next offline load.
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor({
    url: request.url,
    method: request.method,
    mode: request.mode,
    origin: worker.location.origin,
  });
  if (strategy === 'cache-first') event.respondWith(cacheFirst(request));
  else if (strategy === 'network-first')
    event.respondWith(networkFirst(request, request.mode === 'navigate' ? PAGE_KEY : request));
  else if (strategy === 'api' || strategy === 'update') {
    const user = userOfAuthorization(request.headers.get('authorization'));
    if (user && strategy === 'api')
      event.respondWith(networkFirst(request, apiCacheKey(request.url, user), READS, readKey(request.url, user)));
    if (user && strategy === 'update') event.respondWith(sendUpdate(request, user));
  }
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  // Signed out: nobody's reads stay on the device.
  if (data?.type === 'signed-out') event.waitUntil(caches.delete(READS));
  // Files the page loaded before this worker controlled it (the first visit): keep them too.
  if (data?.type === 'loaded-files' && Array.isArray(data.urls))
    event.waitUntil(keepLoadedFiles(data.urls.map(String)));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(FILES)).put(request, response.clone());
  return response;
}

/** The network's answer when there is one (kept for later); the kept copy only when the network fails. */
async function networkFirst(
  request: Request,
  key: Request | string,
  cacheName = FILES,
  address?: string,
): Promise<Response> {
  const started = Date.now();
  try {
    const response = await fetch(request);
    const overtaken = address !== undefined && (refreshedAt.get(address) ?? 0) >= started;
    const keepable =
      key === PAGE_KEY ? isOfflinePage(response.status, response.headers.get('content-type')) : response.ok;
    if (keepable && !overtaken) await (await caches.open(cacheName)).put(key, response.clone());
    return response;
  } catch (offline) {
    const cache = await caches.open(cacheName);
    const cached =
      (await cache.match(key)) ?? (cacheName === FILES ? await cache.match(key, OFFLINE_FILE_MATCH) : undefined);
    if (cached) return cached;
    throw offline;
  }
}

/** Sends a write as it is; its reply (the record now) refreshes the user's kept reads of the same address. */
async function sendUpdate(request: Request, user: string): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) {
    try {
      const record = (await response.clone().json()) as Record<string, unknown> | null;
      if (record && typeof record === 'object' && 'id' in record)
        await keepRecord(request.url, user, record as Record<string, unknown> & { id: unknown });
    } catch {
      // not a JSON record: nothing kept to refresh
    }
  }
  return response;
}

async function keepRecord(url: string, user: string, record: Record<string, unknown> & { id: unknown }): Promise<void> {
  refreshedAt.set(readKey(url, user), Date.now());
  const cache = await caches.open(READS);
  const { pathname } = new URL(url);
  for (const key of await cache.keys()) {
    const kept = new URL(key.url);
    if (kept.pathname !== pathname || kept.searchParams.get('__kelasku_user') !== user) continue;
    kept.searchParams.delete('__kelasku_user');
    const response = await cache.match(key);
    const filters = Object.fromEntries(kept.searchParams);
    const updated = response
      ? withRecord(
          await response
            .clone()
            .json()
            .catch(() => null),
          record,
          filters,
        )
      : null;
    if (updated !== null && response) {
      await cache.put(
        key,
        new Response(JSON.stringify(updated), { status: response.status, headers: response.headers }),
      );
    }
  }
}

async function keepLoadedFiles(urls: string[]): Promise<void> {
  const cache = await caches.open(FILES);
  await Promise.all(
    urls.map(async (url) => {
      const strategy = strategyFor({ url, method: 'GET', mode: 'no-cors', origin: worker.location.origin });
      if ((strategy !== 'cache-first' && strategy !== 'network-first') || (await cache.match(url))) return;
      try {
        const response = await fetch(url);
        if (response.ok) await cache.put(url, response);
      } catch {
        // offline now: it is kept on its next use
      }
    }),
  );
}
