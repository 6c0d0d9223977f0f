import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteFilesOf, type RemoteManifest } from '@kelasku/shared-rules/src/remote-files';

/** Whether a preload of `href` is already in the page (the pre-paint script's, or one added here). */
function preloadedByPage(href: string): boolean {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((link) => link.href === href);
}

function preloadScript(href: string): void {
  if (preloadedByPage(href)) return;
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
  // The page's pre-paint script already preloads this manifest and the remote's files (pre-paint.ts): Module
  // Federation's own request takes that preload; a read here would be a second request if it came after it.
  if (!prefetched.has(manifestUrl) && preloadedByPage(manifestUrl)) return Promise.resolve();
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
      remoteFilesOf(manifestUrl, JSON.parse(text) as RemoteManifest).forEach(preloadScript);
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
