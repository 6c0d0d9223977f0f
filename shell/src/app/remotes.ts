import type { ComponentType } from 'react';
import type { AppRole } from '@kelasku/shared-rules/src/roles';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { START_CHAIN_ELEMENT_ID, type StartChain } from '@kelasku/shared-rules/src/start-chain';
import { prefetchedManifests } from './remote-prefetch';

export type RemoteRole = AppRole;

/** Roles whose load failed: the remote may have moved since the page was sent, so a later load reads /remotes.json. */
const movedSincePage = new Set<RemoteRole>();

/**
 * The role's entry of /remotes.json as the server wrote it into this page (shared-rules/src/start-chain.ts): the
 * same file, read when the page was sent, so no request waits for it. None when the page came without it (a server
 * that has no /remotes.json to read, a page from an older build) or after a failed load (see fetchRoleApp).
 */
function pageEntry(role: RemoteRole): string | undefined {
  if (movedSincePage.has(role)) return undefined;
  try {
    const text = document.getElementById(START_CHAIN_ELEMENT_ID)?.textContent;
    const entry = text ? (JSON.parse(text) as Partial<StartChain> | null)?.remotes?.[role] : undefined;
    return typeof entry === 'string' ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Where each remote's mf-manifest.json lives, read at run time so remotes deploy without rebuilding the shell. */
async function manifestUrl(role: RemoteRole): Promise<string> {
  const inPage = pageEntry(role);
  if (inPage) return new URL(inPage, window.location.href).href;
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

/**
 * After a failed load, a later load in the same page (the screen's, after the early start's failed) fetches the
 * remote's entry afresh: a preload the page made of it before the failure (pre-paint.ts) would otherwise hand the
 * failed answer to the next script of that address. The App's own files cannot be asked for afresh this way (the
 * remote's runtime loads them), so the Retry button loads a new page instead (RemoteApp.tsx).
 */
export const freshEntryAfterFailure: ModuleFederationRuntimePlugin = {
  name: 'kelasku-fresh-entry-after-failure',
  createScript({ url, remoteInfo }) {
    if (!failedBefore || !remoteInfo || url !== remoteInfo.entry) return undefined;
    const script = document.createElement('script');
    script.src = `${url}${url.includes('?') ? '&' : '?'}retry=${Date.now()}`;
    return script;
  },
};

async function fetchRoleApp(role: RemoteRole): Promise<ComponentType> {
  const entry = await remoteEntry(role);
  registerPlugins([prefetchedManifests, freshEntryAfterFailure]); // a manifest warm-start.ts already read is not fetched again
  // force: drop whatever a failed attempt left cached for this remote.
  registerRemotes([{ name: role, entry }], { force: failedBefore });
  try {
    const mod = await loadRemote<{ default: ComponentType }>(`${role}/App`);
    if (!mod?.default) throw new Error(`${role}/App has no default export`);
    failedBefore = false;
    return mod.default;
  } catch (err) {
    failedBefore = true;
    movedSincePage.add(role);
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
