import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemoteRole = 'admin' | 'teacher' | 'student';

/** Where each remote's mf-manifest.json lives, read at run time so remotes deploy without rebuilding the shell. */
async function manifestUrl(role: RemoteRole): Promise<string> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
  const map = (await res.json()) as Partial<Record<RemoteRole, string>>;
  const entry = map[role];
  if (!entry) throw new Error(`/remotes.json has no entry for "${role}"`);
  return new URL(entry, window.location.href).href;
}

let failedBefore = false;

/** Registers only the signed-in role's remote and loads its App. A retry after a failure re-registers it afresh. */
export async function loadRoleApp(role: RemoteRole): Promise<ComponentType> {
  const entry = await manifestUrl(role);
  // force: drop whatever a failed attempt left cached for this remote.
  registerRemotes([{ name: role, entry }], { force: failedBefore });
  try {
    const mod = await loadRemote<{ default: ComponentType }>(`${role}/App`);
    if (!mod?.default) throw new Error(`${role}/App has no default export`);
    failedBefore = false;
    return mod.default;
  } catch (err) {
    failedBefore = true;
    throw err;
  }
}
