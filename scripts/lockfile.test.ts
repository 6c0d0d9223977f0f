import { readFileSync } from 'node:fs';
import path from 'node:path';
import { missingFromLock, readLockFile } from './lockfile';

const repoRoot = path.resolve(__dirname, '..');

describe('package-lock.json', () => {
  it('finds a dependency the lock file leaves out, through the parent node_modules chain', () => {
    const lock = {
      packages: {
        '': { devDependencies: { a: '1' } },
        'node_modules/a': { dependencies: { b: '1' }, optionalDependencies: { 'a-darwin': '1', 'a-linux': '1' } },
        'node_modules/a/node_modules/b': { dependencies: { c: '1' } },
        'node_modules/c': {},
        'node_modules/a-linux': {},
      },
    };
    expect(missingFromLock(lock)).toEqual(['node_modules/a → a-darwin']);
  });

  it('holds every package npm ci needs, other platforms included, so a fresh clone installs', () => {
    expect(missingFromLock(readLockFile(path.join(repoRoot, 'package-lock.json')))).toEqual([]);
  });

  it('comes with the .npmrc it was written with (no peers installed by themselves: no rspack)', () => {
    // Without legacy-peer-deps npm installs @rspack/core (a peer of @module-federation/rspack) and wants the lock to
    // name its native packages for every platform.
    expect(readFileSync(path.join(repoRoot, '.npmrc'), 'utf8')).toMatch(/^legacy-peer-deps=true$/m);
    const lock = readLockFile(path.join(repoRoot, 'package-lock.json'));
    expect(Object.keys(lock.packages).filter((location) => location.includes('@rspack/'))).toEqual([]);
  });
});
