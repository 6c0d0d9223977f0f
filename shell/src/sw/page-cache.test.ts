/**
 * @jest-environment node
 */
// The service worker itself, run against stand-in caches and network: what a page load keeps as the offline page.
import { isOfflinePage, PAGE_KEY } from './strategy';

type Listener = (event: {
  request: Request;
  respondWith(p: Promise<Response>): void;
  waitUntil(p: Promise<unknown>): void;
}) => void;

const ORIGIN = 'https://kelasku.example.sch.id';
const stored = new Map<string, Map<string, Response>>();
const keyOf = (key: Request | string) => new URL(typeof key === 'string' ? key : key.url, ORIGIN).toString();
const fakeCaches = {
  async open(name: string) {
    const entries = stored.get(name) ?? new Map<string, Response>();
    stored.set(name, entries);
    return {
      put: async (key: Request | string, response: Response) => void entries.set(keyOf(key), response),
      match: async (key: Request | string) => entries.get(keyOf(key))?.clone(),
      addAll: async () => undefined,
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    };
  },
  match: async () => undefined,
  delete: async (name: string) => stored.delete(name),
};

let onFetch: Listener;
let network: (request: Request) => Response;

beforeAll(async () => {
  Object.assign(globalThis, {
    self: {
      location: { origin: ORIGIN },
      skipWaiting: async () => undefined,
      clients: { claim: async () => undefined },
      addEventListener: (type: string, listener: Listener) => {
        if (type === 'fetch') onFetch = listener;
      },
    },
    caches: fakeCaches,
    fetch: async (request: Request) => network(request),
  });
  await import('./service-worker');
});

/** A page load (navigation) of `path` through the worker; the network answers `answer`. */
async function navigate(path: string, answer: Response): Promise<Response> {
  network = () => answer.clone();
  const request = {
    url: `${ORIGIN}${path}`,
    method: 'GET',
    mode: 'navigate',
    headers: new Headers(),
  } as unknown as Request;
  let responded: Promise<Response> | undefined;
  onFetch({ request, respondWith: (p) => void (responded = p), waitUntil: () => undefined });
  return responded!;
}

const page = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
const offlinePage = async () => (await (await fakeCaches.open('kelasku-files-v1')).match(PAGE_KEY))?.text();

it('keeps the HTML page as the offline page', async () => {
  await navigate('/ExamStudent?id=3', page('<html>the app</html>'));
  expect(await offlinePage()).toBe('<html>the app</html>');
});

it('never lets /remotes.json or any other non-page answer of a page load replace it', async () => {
  await navigate('/', page('<html>the app</html>'));
  await navigate(
    '/remotes.json',
    new Response('{"student":"/remotes/student/mf-manifest.json"}', {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    }),
  );
  await navigate('/main.js', new Response('console.log(1)', { headers: { 'content-type': 'application/javascript' } }));
  await navigate(
    '/DashboardStudent',
    new Response('Service Unavailable', { status: 503, headers: { 'content-type': 'text/html' } }),
  );
  await navigate('/file.html.txt', new Response('<html>', { headers: { 'content-type': 'text/htmlx' } }));
  expect(await offlinePage()).toBe('<html>the app</html>');
});

it('decides by status and content type', () => {
  expect(isOfflinePage(200, 'text/html')).toBe(true);
  expect(isOfflinePage(200, 'TEXT/HTML; charset=utf-8')).toBe(true);
  expect(isOfflinePage(200, 'application/json')).toBe(false);
  expect(isOfflinePage(200, null)).toBe(false);
  expect(isOfflinePage(404, 'text/html')).toBe(false);
});
