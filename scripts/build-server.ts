// The production server: server/src compiled by esbuild into plain JavaScript in server/dist, run as
// `node server/dist/main.js` (no TypeScript loader at run time, so one process, and a supervisor's signal reaches the
// server itself). esbuild is what tsx compiles with, so the code that runs is the same as in development.
//
//   npm run build -w server        (also part of `npm run build` and `npm start`: scripts/build-if-changed.ts)
//
// Every entry is written directly in server/dist, two folders below the repository root like server/src/*.ts:
// config.ts finds the root (DATA_DIR, STATIC_DIR) from its own folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** server/dist/<name>.js ← server/src/<source>. */
export const SERVER_ENTRIES = {
  main: 'main.ts',
  admin: 'cli/admin.ts',
  backup: 'backup.ts',
  'sanitize-thread': 'sanitize-thread.ts',
  'picture-thread': 'picture-thread.ts',
} as const;

export async function buildServer(root: string, outdir = path.join(root, 'server', 'dist')): Promise<string> {
  const server = path.join(root, 'server');
  const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, source]) => ({ out, in: path.join(server, 'src', source) })),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Stack traces name the TypeScript lines when node runs with --enable-source-maps.
    sourcemap: true,
    // Our own workspace packages are TypeScript sources: bundled. Every other package loads from node_modules.
    external: Object.keys(dependencies).filter((name) => !name.startsWith('@kelasku/')),
    logLevel: 'warning',
  });
  return outdir;
}

if (require.main === module) {
  buildServer(path.resolve(__dirname, '..')).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
