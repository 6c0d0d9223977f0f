// Every package a workspace declares must be used by it: imported from its own sources, run by one of its scripts, or
// listed in NEEDED_WITHOUT_IMPORT with the reason. A declaration nothing uses costs every install and hides what the
// code really depends on (jwt-decode sat declared in two packages while the token was decoded by hand).
//
//   npx tsx scripts/declared-deps.ts     prints each unused declaration and exits 1 when there is one
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Declared on purpose although no source file imports them, no script runs them and no used package needs them as peers. */
export const NEEDED_WITHOUT_IMPORT: Record<string, string> = {
  '@emotion/react':
    "@mui/material's default styling engine (a peer it marks optional), shared by the shell and the remotes as a singleton",
  '@emotion/styled':
    "@mui/material's default styling engine (a peer it marks optional), shared by the shell and the remotes as a singleton",
  '@types/node': 'global types of Node (tsconfig "types")',
  'jest-environment-jsdom': 'the jsdom test environment of the web packages (jest.config.ts)',
  'ts-jest': 'the TypeScript transform of every Jest project (jest.config.ts)',
  'ts-node': 'Jest reads jest.config.ts through it',
  'webpack-cli': 'the `webpack` command of each app build script',
};

const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-dev', 'coverage', '.git', 'data', 'results', 'artifacts']);

/** Import specifiers in a source text: import/export … from, import(), require(), require.resolve(), jest.mock(). */
export function importedSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
    /\bimport\s*(['"])([^'"\n]+)\1/g,
    /\b(?:import|require(?:\.resolve)?|jest\.mock)\s*\(\s*(['"])([^'"\n]+)\1/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(match[2]);
  }
  return found;
}

/** 'a/b' → 'a', '@s/a/b' → '@s/a'; relative paths and node: built-ins → null. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** '@types/pg' → 'pg', '@types/scope__name' → '@scope/name'. */
export function typedPackage(typesPackage: string): string | null {
  if (!typesPackage.startsWith('@types/')) return null;
  const name = typesPackage.slice('@types/'.length);
  return name.includes('__') ? `@${name.replace('__', '/')}` : name;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(path.join(dir, entry.name), out);
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

interface Manifest {
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  bin?: string | Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Peers a package cannot work without (peerDependencies not marked optional). */
function requiredPeersOf(repoRoot: string, name: string): string[] {
  const manifest = path.join(repoRoot, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return [];
  const { peerDependencies = {}, peerDependenciesMeta = {} } = readJson(manifest);
  return Object.keys(peerDependencies).filter((peer) => !peerDependenciesMeta[peer]?.optional);
}

/** Command names a package installs into node_modules/.bin. */
function binsOf(repoRoot: string, name: string): string[] {
  const manifest = path.join(repoRoot, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return [];
  const bin = readJson(manifest).bin;
  if (!bin) return [];
  return typeof bin === 'string' ? [name.split('/').pop() as string] : Object.keys(bin);
}

export interface UnusedDeclaration {
  workspace: string;
  name: string;
}

/**
 * Unused declarations of every workspace. A workspace's declarations must be used from its own directory; the root's
 * (tools shared by all) from anywhere in the repository, its package.json scripts and shell scripts included.
 */
export function unusedDeclarations(repoRoot: string): UnusedDeclaration[] {
  const root = readJson(path.join(repoRoot, 'package.json'));
  const workspaces = ['.', ...(root.workspaces ?? [])];
  const unused: UnusedDeclaration[] = [];
  for (const workspace of workspaces) {
    const dir = path.join(repoRoot, workspace);
    const manifest = readJson(path.join(dir, 'package.json'));
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    const files = sourceFiles(dir);
    const imported = new Set(
      files
        .flatMap((file) => importedSpecifiers(readFileSync(file, 'utf8')))
        .map(packageOf)
        .filter((n): n is string => n !== null),
    );
    const scriptText =
      workspace === '.'
        ? [
            ...workspaces.map((ws) =>
              Object.values(readJson(path.join(repoRoot, ws, 'package.json')).scripts ?? {}).join('\n'),
            ),
            ...readdirSync(path.join(repoRoot, 'scripts'))
              .filter((f) => f.endsWith('.sh'))
              .map((f) => readFileSync(path.join(repoRoot, 'scripts', f), 'utf8')),
          ].join('\n')
        : Object.values(manifest.scripts ?? {}).join('\n');
    const runByScript = (name: string) =>
      binsOf(repoRoot, name).some((bin) => new RegExp(`(^|[\\s/])${bin}(\\s|$)`, 'm').test(scriptText));
    const usedDirectly = (name: string) => {
      const typed = typedPackage(name);
      return (
        imported.has(name) ||
        (typed !== null && (imported.has(typed) || declared.includes(typed))) ||
        runByScript(name) ||
        name in NEEDED_WITHOUT_IMPORT
      );
    };
    // A package that another used declaration needs as a peer (react-dom for @mui/material) is used too.
    const peersOfUsed = new Set(declared.filter(usedDirectly).flatMap((name) => requiredPeersOf(repoRoot, name)));
    for (const name of declared) {
      if (!usedDirectly(name) && !peersOfUsed.has(name)) unused.push({ workspace, name });
    }
  }
  return unused;
}

if (require.main === module) {
  const unused = unusedDeclarations(path.resolve(__dirname, '..'));
  for (const { workspace, name } of unused)
    console.log(`${workspace}/package.json declares ${name}, which nothing uses`);
  process.exit(unused.length > 0 ? 1 : 0);
}
