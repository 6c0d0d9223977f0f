// Builds each web app, and the server (compiled to server/dist: scripts/build-server.ts), only when what its build reads has changed since its last build, or its dist/ is missing, so
// `npm start` restarts a built checkout in seconds instead of rebuilding four apps for over a minute.
//
//   npx tsx scripts/build-if-changed.ts          build the apps whose inputs changed (npm start)
//   npx tsx scripts/build-if-changed.ts --all    build every app (npm run build)
//
// A build's inputs: the app's folder, the shared packages, the webpack helpers, the TypeScript base config, the root
// package.json and the lock file (installed versions), and the environment variables the app's webpack config reads.
// Their hash is recorded after a successful build in node_modules/.cache/build-if-changed/<app> (not in dist/: the
// server serves every file there, dot files included).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importedSpecifiers } from './declared-deps';

/** The web apps, in build order (the shell first: it is what a browser opens). */
export const WEB_APPS = ['shell', 'admin-app', 'teacher-app', 'student-app'] as const;

/** Everything `npm start` runs from a build: the web apps, then the compiled server (a second or two). */
export const BUILT_PACKAGES = [...WEB_APPS, 'server'] as const;

/** What every app's build reads besides its own folder. */
export const SHARED_BUILD_INPUTS = [
  'shared-api',
  'shared-rules',
  'shared-ui',
  'webpack',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];

/** Where the hash of an app's last successful build is kept (ignored by git, like all of node_modules). */
export const stampFile = (root: string, app: string) =>
  path.join(root, 'node_modules', '.cache', 'build-if-changed', app);

/** Build outputs, installed packages and tests: none of them changes what a build produces. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'dist-dev', 'coverage']);
const isTest = (name: string) => /\.test\.tsx?$/.test(name);

function filesUnder(root: string, relative: string, out: string[]): void {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    out.push(relative);
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (NOT_INPUTS.has(entry.name) || entry.name.startsWith('.') || isTest(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) filesUnder(root, child, out);
    else if (entry.isFile()) out.push(child);
  }
}

/** `<app>/webpack.config.ts` and the local modules it imports, transitively: the code that runs during a build. */
function buildConfigModules(root: string, app: string): string[] {
  const seen = new Set<string>();
  const pending = [path.join(app, 'webpack.config.ts')];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || !existsSync(path.join(root, file))) continue;
    seen.add(file);
    for (const specifier of importedSpecifiers(readFileSync(path.join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const base = path.join(path.dirname(file), specifier);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (candidate) => existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile(),
      );
      if (found) pending.push(found);
    }
  }
  return [...seen];
}

/**
 * Hash of every input of `app`'s build: file paths and contents, and the environment variables its build config
 * reads (SOURCE_MAPS, …; not PORT, which only the dev server reads and `npm start` sets for the server).
 */
export function buildInputsHash(root: string, app: string, env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  for (const input of [app, ...SHARED_BUILD_INPUTS]) filesUnder(root, input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const content = readFileSync(path.join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  const envNames = new Set<string>();
  for (const file of buildConfigModules(root, app)) {
    for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(/process\.env\.([A-Z0-9_]+)/g))
      envNames.add(match[1]);
  }
  for (const name of [...envNames].sort()) hash.update(`env ${name}=${env[name] ?? ''}\0`);
  return hash.digest('hex');
}

export type BuildReason = 'no build yet' | 'sources changed' | 'forced';

/** Why `app` must be built, or null when its dist/ was built from exactly the current inputs. */
export function buildReason(root: string, app: string, hash: string): BuildReason | null {
  const stamp = stampFile(root, app);
  if (!existsSync(stamp) || !existsSync(path.join(root, app, 'dist'))) return 'no build yet';
  return readFileSync(stamp, 'utf8').trim() === hash ? null : 'sources changed';
}

export interface BuildOptions {
  root: string;
  apps?: readonly string[];
  force?: boolean;
  /** Builds one app; resolves to false when the build failed. */
  build: (app: string) => Promise<boolean>;
  /** How many builds run at once (1: one after the other, in the order of `apps`). */
  parallel?: number;
  log?: (line: string) => void;
}

/**
 * Builds the apps that need it, `parallel` at a time, and stamps each successful build. Returns the apps built;
 * throws on a failed build (the builds already running finish, no new one starts).
 */
export async function buildIfChanged({
  root,
  apps = WEB_APPS,
  force = false,
  build,
  parallel = 1,
  log = console.log,
}: BuildOptions): Promise<string[]> {
  const queue: { app: string; hash: string; reason: BuildReason }[] = [];
  for (const app of apps) {
    // Hashed before building: an edit made during the build makes the next start build again.
    const hash = buildInputsHash(root, app);
    const reason: BuildReason | null = force ? 'forced' : buildReason(root, app, hash);
    if (reason === null) log(`${app}: up to date`);
    else queue.push({ app, hash, reason });
  }
  const built: string[] = [];
  let failed: string | undefined;
  const buildNext = async (): Promise<void> => {
    for (let next = queue.shift(); next && !failed; next = queue.shift()) {
      log(`${next.app}: building (${next.reason})`);
      if (!(await build(next.app))) {
        failed ??= next.app;
        return;
      }
      mkdirSync(path.dirname(stampFile(root, next.app)), { recursive: true });
      writeFileSync(stampFile(root, next.app), `${next.hash}\n`);
      built.push(next.app);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, queue.length)) }, buildNext));
  if (failed) throw new Error(`${failed}: build failed`);
  return built;
}

/** The production build of one app: its package's `build` script. */
function npmBuild(root: string, app: string): Promise<boolean> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  // One build per core: a webpack build keeps about one core busy (four apps on 2 cores: 164 s one by one, 126 s two at a time).
  buildIfChanged({
    root,
    apps: BUILT_PACKAGES,
    force: process.argv.includes('--all'),
    build: (app) => npmBuild(root, app),
    parallel: os.availableParallelism(),
  }).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
