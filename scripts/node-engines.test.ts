import { readFileSync } from 'node:fs';
import path from 'node:path';

// The Node.js the README asks for (and the root package.json's engines) is one every installed run-time dependency
// declares it supports, so nobody installs on a Node that npm warns about. Development tools (Lighthouse, ESLint, …)
// are named in the README when they want more.

const repoRoot = path.resolve(__dirname, '..');
type Version = [number, number, number];

/** The lowest version a `>=x[.y[.z]]` range allows; undefined for any other form. */
function minimumOf(range: string): Version | undefined {
  const m = /^>=\s*(\d+)(?:\.(\d+|x))?(?:\.(\d+|x))?$/.exec(range.trim());
  const part = (text: string | undefined) => (text === undefined || text === 'x' ? 0 : Number(text));
  return m ? [Number(m[1]), part(m[2]), part(m[3])] : undefined;
}

const atLeast = (a: Version, b: Version) => (a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] >= b[2]);

/**
 * Whether `version` is in an engines range of the forms the lock file holds: alternatives (`||`) each `>=x.y.z`,
 * `^x.y.z`, `N`, `N.x` or `*`. undefined for any other form: then a person has to look (the test names it).
 */
function allows(range: string, version: Version): boolean | undefined {
  const results = range.split('||').map((alternative): boolean | undefined => {
    const text = alternative.trim();
    if (text === '*' || text === '') return true;
    const minimum = minimumOf(text);
    if (minimum) return atLeast(version, minimum);
    const caret = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(text);
    if (caret)
      return (
        version[0] === Number(caret[1]) && atLeast(version, [Number(caret[1]), Number(caret[2]), Number(caret[3])])
      );
    const major = /^(\d+)(?:\.x)?$/.exec(text);
    if (major) return version[0] === Number(major[1]);
    return undefined;
  });
  return results.includes(true) ? true : results.includes(undefined) ? undefined : false;
}

interface LockPackage {
  dev?: boolean;
  optional?: boolean;
  cpu?: string[];
  engines?: { node?: string } | string[];
}

/**
 * A platform's optional binary for a processor the product does not run on (sharp's Windows build for 32-bit x86,
 * made for one Node release only): npm installs it nowhere else, so its Node range does not bind ours.
 */
const unsupportedPlatform = (pkg: LockPackage) =>
  Boolean(pkg.optional && pkg.cpu && !pkg.cpu.some((c) => c === 'x64' || c === 'arm64'));

it('the README and package.json ask for a Node that every run-time dependency declares it supports', () => {
  const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
  const required = minimumOf(root.engines.node);
  expect(required).toBeDefined();
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockPackage>;
  };
  const unmet = Object.entries(lock.packages).flatMap(([location, pkg]) => {
    const range =
      !pkg.dev && !unsupportedPlatform(pkg) && pkg.engines && !Array.isArray(pkg.engines)
        ? pkg.engines.node
        : undefined;
    if (!range || !location) return [];
    return allows(range, required as Version) ? [] : [`${location.replace(/^.*node_modules\//, '')} wants ${range}`];
  });
  expect(unmet).toEqual([]);
  const [major, minor] = required as Version;
  expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain(`Requirements: Node.js ≥ ${major}.${minor}`);
});
