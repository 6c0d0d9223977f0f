import type { ComponentType } from 'react';
import type { AppRole } from '@kelasku/shared-rules/src/roles';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { prefetchedManifests } from './remote-prefetch';

export type RemoteRole = AppRole;

/** Where each remote's mf-manifest.json lives, read at run time so remotes deploy without rebuilding the shell. */
async function manifestUrl(role: RemoteRole): Promise<string> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
  const map = (await res.json()) as Partial<Record<RemoteRole, string>>;
  const entry = map[role];
  if (!entry) throw new Error(`/remotes.json has no entry for "${role}"`);
  return new URL(entry, window.location.href).href;
}

/** One shared promise per role: callers join a load in progress; a failed one is forgotten, so a retry starts afresh. */
function once<T>(cache: Map<RemoteRole, Promise<T>>, role: RemoteRole, start: () => Promise<T>): Promise<T> {
  let pending = cache.get(role);
  if (!pending) {
    pending = start();
    cache.set(role, pending);
    pending.catch(() => cache.delete(role));
  }
  return pending;
}

const entries = new Map<RemoteRole, Promise<string>>();
const apps = new Map<RemoteRole, Promise<ComponentType>>();

/** The role's manifest URL from /remotes.json; warm-start.ts asks for it early, while the shell's code downloads. */
export function remoteEntry(role: RemoteRole): Promise<string> {
  return once(entries, role, () => manifestUrl(role));
}

let failedBefore = false;

async function fetchRoleApp(role: RemoteRole): Promise<ComponentType> {
  const entry = await remoteEntry(role);
  registerPlugins([prefetchedManifests]); // a manifest warm-start.ts already read is not fetched again
  // force: drop whatever a failed attempt left cached for this remote.
  registerRemotes([{ name: role, entry }], { force: failedBefore });
  try {
    const mod = await loadRemote<{ default: ComponentType }>(`${role}/App`);
    if (!mod?.default) throw new Error(`${role}/App has no default export`);
    failedBefore = false;
    return mod.default;
  } catch (err) {
    failedBefore = true;
    entries.delete(role); // a retry reads /remotes.json again: the remote may have moved
    throw err;
  }
}

/**
 * Registers only the signed-in role's remote and loads its App. The early start (warm-start.ts) and the RemoteApp
 * screen share one load.
 */
export function loadRoleApp(role: RemoteRole): Promise<ComponentType> {
  return once(apps, role, () => fetchRoleApp(role));
}
