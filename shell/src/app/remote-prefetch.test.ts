import { prefetchedManifests, prefetchRemote } from './remote-prefetch';

const MANIFEST_URL = 'http://localhost/remotes/student/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'App', assets: { js: { sync: ['__federation_expose_App.b09.js'], async: ['6929.113.js'] } } }],
};
const fetchMock = jest.fn();

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.as, link.href]);
const manifestHook = (url: string) =>
  (prefetchedManifests.fetch as (url: string, init: RequestInit) => Promise<Response> | undefined)(url, {});

beforeEach(() => {
  document.head.innerHTML = '';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(manifest)));
  global.fetch = fetchMock;
});

it('starts the downloads of the remote’s entry and App, once, and hands Module Federation the manifest it read', async () => {
  await prefetchRemote(MANIFEST_URL);
  await prefetchRemote(MANIFEST_URL);
  expect(preloads()).toEqual([
    ['script', 'http://localhost/remotes/student/remoteEntry.js'],
    ['script', 'http://localhost/remotes/student/__federation_expose_App.b09.js'],
  ]);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  const handedOver = await manifestHook(MANIFEST_URL);
  await expect(handedOver!.json()).resolves.toEqual(manifest);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  // Handed over once: a retry after a failed load reads the manifest afresh.
  expect(manifestHook(MANIFEST_URL)).toBeUndefined();
  expect(manifestHook('http://localhost/remotes/admin/mf-manifest.json')).toBeUndefined();
});

it('leaves the manifest to Module Federation when the early read failed', async () => {
  const url = 'http://localhost/remotes/teacher/mf-manifest.json';
  fetchMock.mockResolvedValueOnce(new Response('gone', { status: 503 }));
  await prefetchRemote(url);
  expect(preloads()).toEqual([]);
  await manifestHook(url);
  expect(fetchMock).toHaveBeenCalledTimes(2); // Module Federation's own request
});

it('leaves a manifest the page already preloads (its start chain) to Module Federation: no second request', async () => {
  const url = 'http://localhost/remotes/admin/mf-manifest.json';
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  link.href = url;
  document.head.appendChild(link);
  await prefetchRemote(url);
  expect(fetchMock).not.toHaveBeenCalled();
  expect(manifestHook(url)).toBeUndefined(); // Module Federation fetches it: the browser answers from the preload
});
