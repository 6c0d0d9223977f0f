/**
 * The chain a signed-in page load goes through before its role's first screen — the shell's signed-in code, the
 * role's mf-manifest.json, its remoteEntry.js and App — known from the page's first byte. The server writes it into
 * index.html as data (not code) in the element `START_CHAIN_ELEMENT_ID`, from the live /remotes.json and each
 * remote's build output (server/src/routes/static/start-chain.ts); the page's pre-paint script preloads the signed-in
 * role's files (shell/src/pre-paint.ts) and the shell registers the remote from the same entries
 * (shell/src/app/remotes.ts).
 */
import type { AppRole } from './roles';

export const START_CHAIN_ELEMENT_ID = 'kelasku-start-chain';

export interface StartChain {
  /** /remotes.json as the server read it when it sent the page: each role's mf-manifest.json URL. */
  remotes: Partial<Record<AppRole, string>>;
  /**
   * Per role, the files its first screen starts with, in the order to request them. A `.json` file (the manifest) is
   * read with fetch(); every other file is a classic script.
   */
  files: Partial<Record<AppRole, string[]>>;
}

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

/** The files a page reads with fetch() rather than runs: a remote's mf-manifest.json. */
export const FETCHED_FILE = /\.json(?:[?#]|$)/;

export function isFetchedFile(url: string): boolean {
  return FETCHED_FILE.test(url);
}

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
