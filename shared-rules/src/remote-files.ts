/**
 * Which files of a remote the browser can start on once its mf-manifest.json is known: the server names them in the
 * page's start chain (server/src/routes/static/start-chain.ts), the shell preloads them when the page did not
 * (shell/src/app/remote-prefetch.ts). Its own module: the shell's signed-in code reads only the chain's element id.
 */

/** The parts of a remote's mf-manifest.json read here (@module-federation/sdk's Manifest). */
export interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
  shared?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The remote's App: the one module the shell loads (shell/src/app/remotes.ts). */
const APP_EXPOSE = 'App';

/** Resolves relative manifest URLs ('/remotes/admin/mf-manifest.json') without knowing the page's origin. */
const NO_ORIGIN = 'http://origin.invalid';

/**
 * The files the browser can start downloading as soon as a remote's manifest is known: remoteEntry.js, the App's own
 * files, and the files of the shared modules named in `ownShared` (those the remote itself provides to its App).
 * Relative to the manifest's folder when the remote was built with publicPath 'auto' (ours are). A relative
 * manifest URL gives origin-relative paths, an absolute one absolute URLs.
 */
export function remoteFilesOf(manifestUrl: string, manifest: RemoteManifest, ownShared: string[] = []): string[] {
  const manifestHref = new URL(manifestUrl, NO_ORIGIN);
  const publicPath = manifest.metaData?.publicPath ?? 'auto';
  const base = new URL(publicPath === 'auto' ? '.' : publicPath, manifestHref);
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((expose) => expose.name === APP_EXPOSE);
  const entryFile = entry?.name ? [[entry.path?.replace(/\/+$/, ''), entry.name].filter(Boolean).join('/')] : [];
  const shared = (manifest.shared ?? [])
    .filter((module) => module.name !== undefined && ownShared.includes(module.name))
    .flatMap((module) => module.assets?.js?.sync ?? []);
  const files = [...entryFile, ...(app?.assets?.js?.sync ?? []), ...shared].map((file) => new URL(file, base));
  return [...new Set(files.map((url) => (url.origin === NO_ORIGIN ? `${url.pathname}${url.search}` : url.href)))];
}
