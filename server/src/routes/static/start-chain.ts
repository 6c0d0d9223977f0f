import fs from 'node:fs';
import path from 'node:path';
import type { AppRole } from '@kelasku/shared-rules/src/roles';
import { remoteFilesOf, type RemoteManifest } from '@kelasku/shared-rules/src/remote-files';
import type { StartChain } from '@kelasku/shared-rules/src/start-chain';
import { REMOTE_APPS, remotesJsonText } from './remotes';

/**
 * The page's start chain (shared-rules/src/start-chain.ts), from what is deployed now: the live /remotes.json, the
 * shell's signed-in files (shell/dist/start-chain.json, written by webpack/start-chain.ts) and, for each remote this
 * server serves from its build folder, its mf-manifest.json (and mf-stats.json: which shared modules its App imports,
 * so that only those the remote provides itself, not the shell, are named). A remote on another origin gets its manifest URL only
 * (its files are not known here). Kept until one of those files changes (size, times or inode), so a remote deployed
 * under a running server is named by the next page it sends.
 */

const ROLES: AppRole[] = ['admin', 'teacher', 'student'];

type Remotes = Partial<Record<AppRole, string>>;

/** The part of a remote's mf-stats.json read here: the shared modules each exposed module imports. */
interface RemoteStats {
  exposes?: { name?: string; requires?: string[] }[];
}

/** Module Federation writes mf-stats.json beside mf-manifest.json. */
const statsFileOf = (manifestFile: string) => path.join(path.dirname(manifestFile), 'mf-stats.json');

export interface StartChainState {
  /** Changes whenever the chain may have changed. */
  key: string;
  /** Null when /remotes.json cannot be read: the page goes out as built and the shell asks for /remotes.json. */
  chain: StartChain | null;
}

async function versionOf(file: string): Promise<string> {
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}` : 'none';
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

function parseRemotes(text: string): Remotes | null {
  try {
    const map = JSON.parse(text) as Record<string, unknown> | null;
    if (!map || typeof map !== 'object') return null;
    return Object.fromEntries(
      ROLES.filter((role) => typeof map[role] === 'string').map((role) => [role, map[role] as string]),
    );
  } catch {
    return null;
  }
}

/** The build file behind a manifest URL this server serves itself (`/remotes/<name>/…`), or null. */
function localFile(root: string, url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split(/[?#]/)[0]);
  } catch {
    return null; // not a path this server has
  }
  const remote = REMOTE_APPS.find((app) => pathname.startsWith(app.prefix));
  if (!remote) return null;
  const dist = path.join(root, remote.folder, 'dist');
  const file = path.join(dist, pathname.slice(remote.prefix.length));
  return file.startsWith(`${dist}${path.sep}`) ? file : null;
}

export function makeStartChain(root: string, remotesJson: string | undefined): () => Promise<StartChainState> {
  const shellChainFile = path.join(root, 'shell', 'dist', 'start-chain.json');
  const shellManifestFile = path.join(root, 'shell', 'dist', 'mf-manifest.json');
  let remotesCache: { version: string; remotes: Remotes | null } | undefined;
  let cached: StartChainState | undefined;

  const liveRemotes = async (): Promise<{ version: string; remotes: Remotes | null }> => {
    const version = remotesJson ? await versionOf(remotesJson) : 'default';
    if (remotesCache?.version !== version) {
      const text = await remotesJsonText(remotesJson).catch(() => null);
      remotesCache = { version, remotes: text === null ? null : parseRemotes(text) };
    }
    return remotesCache;
  };

  const build = async (remotes: Remotes): Promise<StartChain> => {
    const shellChain = await readJson<{ signedIn?: string[] }>(shellChainFile);
    const shellManifest = await readJson<RemoteManifest>(shellManifestFile);
    const shellFiles = shellChain?.signedIn ?? [];
    // Shared modules the shell provides come from the shell (shareStrategy 'loaded-first'): a remote's own copies
    // of those are never fetched; the ones only the remote provides (its data layer, its frame) are.
    const fromShell = new Set((shellManifest?.shared ?? []).map((module) => module.name));
    const files: StartChain['files'] = {};
    for (const role of ROLES) {
      const entry = remotes[role];
      if (!entry) continue;
      const file = localFile(root, entry);
      const manifest = file ? await readJson<RemoteManifest>(file) : null;
      // The shared modules the App imports itself (mf-stats.json beside the manifest), those not from the shell.
      const stats = file ? await readJson<RemoteStats>(statsFileOf(file)) : null;
      const ownShared = (stats?.exposes?.find((expose) => expose.name === 'App')?.requires ?? []).filter(
        (name) => !fromShell.has(name),
      );
      const remoteFiles = manifest ? remoteFilesOf(entry, manifest, ownShared) : [];
      files[role] = [...new Set([...shellFiles, entry, ...remoteFiles])];
    }
    return { remotes, files };
  };

  return async () => {
    const { version, remotes } = await liveRemotes();
    if (!remotes) return { key: `remotes ${version}: unreadable`, chain: null };
    const watched = [
      shellChainFile,
      shellManifestFile,
      ...ROLES.map((role) => (remotes[role] ? localFile(root, remotes[role]) : null))
        .filter((file): file is string => file !== null)
        .flatMap((file) => [file, statsFileOf(file)]),
    ];
    const key = [`remotes ${version}`, ...(await Promise.all(watched.map(versionOf)))].join('|');
    if (cached?.key !== key) cached = { key, chain: await build(remotes) };
    return cached;
  };
}
