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

/** The files a page reads with fetch() rather than runs: a remote's mf-manifest.json. */
export const FETCHED_FILE = /\.json(?:[?#]|$)/;
