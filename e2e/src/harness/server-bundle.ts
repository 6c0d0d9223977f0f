import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** Set by the global setup: the run's one bundle of the server, started by every test file (server.ts). */
export const SERVER_BUNDLE_ENV = 'KELASKU_E2E_SERVER_BUNDLE';

/**
 * Bundles server/src/main.ts (and shared-rules) once per run, the npm packages left as they are. Each test file
 * starts its own server; through `tsx`, every start compiled and loaded the sources through tsx's loader again,
 * which also slows every package import (about 2.3 s to the first answer against 1.4 s for the bundle, idle 2-core
 * machine). esbuild is what tsx compiles with, so the code that runs is the same.
 *
 * The file sits two folders below the repository root, like server/src/main.ts: config.ts finds the root from its
 * own folder.
 */
export function bundleServer(repoRoot: string): string {
  const server = path.join(repoRoot, 'server');
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outfile = path.join(server, 'dist', 'e2e-main.js');
  buildSync({
    entryPoints: [path.join(server, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Our own workspace packages are TypeScript sources: bundled. Every other package loads from node_modules.
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@kelasku/')),
    logLevel: 'warning',
  });
  return outfile;
}
