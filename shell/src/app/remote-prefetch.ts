import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The parts of a remote's mf-manifest.json read here: where its remoteEntry.js is and which files its exposed App
 * needs before it runs ('sync'; its screens are 'async' and wait for the route).
 */
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The remote's App: the one module the shell loads (remotes.ts). */
const APP_EXPOSE = 'App';

/**
 * The files the browser can start downloading as soon as the manifest is known: remoteEntry.js and the App's own
 * files. Relative to the manifest's folder when the remote was built with publicPath 'auto' (ours are).
 */
export function remoteFilesOf(manifestUrl: string, manifest: Manifest): string[] {
  const publicPath = manifest.metaData?.publicPath ?? 'auto';
  const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((expose) => expose.name === APP_EXPOSE);
  const entryFile = entry?.name ? [[entry.path?.replace(/\/+$/, ''), entry.name].filter(Boolean).join('/')] : [];
  return [...entryFile, ...(app?.assets?.js?.sync ?? [])].map((file) => new URL(file, base).href);
}

function preloadScript(href: string): void {
  const present = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some(
    (link) => link.href === href,
  );
  if (present) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.appendChild(link);
}

/** Manifest texts fetched ahead of Module Federation, by URL, each handed over once (a retry fetches afresh). */
const prefetched = new Map<string, Promise<string | null>>();

/**
 * A signed-in reload: read the role's manifest now and let the browser download remoteEntry.js and the App's files
 * while the shell's signed-in part (React's router, MUI) is still arriving and starting, instead of one round trip
 * after another once it has started. Nothing runs here: Module Federation executes the remote later, when the
 * shell's shared modules are there to give it (warm-start.ts). A failure only means Module Federation fetches the
 * manifest itself.
 */
export function prefetchRemote(manifestUrl: string): Promise<void> {
  if (!prefetched.has(manifestUrl)) {
    prefetched.set(
      manifestUrl,
      fetch(manifestUrl).then(
        async (res) => (res.ok ? res.text() : null),
        () => null,
      ),
    );
  }
  return prefetched.get(manifestUrl)!.then((text) => {
    if (!text) return;
    try {
      remoteFilesOf(manifestUrl, JSON.parse(text) as Manifest).forEach(preloadScript);
    } catch {
      // Not JSON: Module Federation will fetch it and report the failure itself.
    }
  });
}

/** Module Federation's `fetch` hook: the manifest read by prefetchRemote instead of a second request for it. */
export const prefetchedManifests: ModuleFederationRuntimePlugin = {
  name: 'kelasku-prefetched-manifests',
  fetch(url) {
    const text = prefetched.get(url);
    if (!text) return undefined;
    prefetched.delete(url);
    return text.then((body) =>
      body === null ? fetch(url) : new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
  },
};
