// `npm ci` refuses a lock file that leaves out any package a locked package names, optional ones included (the
// native binaries of other platforms): "Missing: X from lock file". This finds those gaps without a registry.
import { readFileSync } from 'node:fs';

interface LockedPackage {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface LockFile {
  packages: Record<string, LockedPackage>;
}

export const readLockFile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as LockFile;

/** Where Node (and npm) would find `name` from the package at `location`: its node_modules, then each parent's. */
function resolves(packages: LockFile['packages'], location: string, name: string): boolean {
  let base = location;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** "needed-by → missing" for every dependency (optional ones included) that the lock file does not contain. */
export function missingFromLock(lock: LockFile): string[] {
  const missing: string[] = [];
  for (const [location, pkg] of Object.entries(lock.packages)) {
    if (pkg.link) continue;
    const needed = { ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies };
    for (const name of Object.keys(needed)) {
      if (!resolves(lock.packages, location, name)) missing.push(`${location || '(root)'} → ${name}`);
    }
  }
  return missing;
}
