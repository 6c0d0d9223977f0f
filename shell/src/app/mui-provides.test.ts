import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every @mui/material path a remote can load must be provided by the shell (see mui-provides.ts): else that remote
// bundles its own copy of the component's internals and contexts. Scans our UI sources and the MUI libraries the
// remotes import by path.
const root = path.join(__dirname, '../../..');
const UI_SOURCES = ['shell/src', 'admin-app/src', 'teacher-app/src', 'student-app/src', 'shared-ui/src'];
const LIBRARIES = ['node_modules/@mui/x-charts', 'node_modules/@mui/icons-material/utils'];

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('dist') ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

/** The `@mui/material/X` paths named by import statements (static or dynamic) in these files. */
function muiPathsIn(files: string[]): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](@mui\/material\/[^'"]+)['"]/g))
      found.add(match[1]);
  }
  return found;
}

const provided = muiPathsIn([path.join(__dirname, 'mui-provides.ts')]);

it('provides every @mui/material component our UI code imports', () => {
  const used = muiPathsIn(
    UI_SOURCES.flatMap((dir) =>
      filesUnder(path.join(root, dir), (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)),
    ),
  );
  expect(used.size).toBeGreaterThan(20);
  expect([...used].filter((p) => !provided.has(p))).toEqual([]);
});

// A component nobody imports any more would still be built into the shell's MUI chunks.
it('provides nothing that neither our UI code nor those libraries import', () => {
  const used = muiPathsIn([
    ...UI_SOURCES.flatMap((dir) =>
      filesUnder(
        path.join(root, dir),
        (name) => /\.tsx?$/.test(name) && !/(\.test\.tsx?|mui-provides\.ts)$/.test(name),
      ),
    ),
    ...LIBRARIES.flatMap((dir) => filesUnder(path.join(root, dir), (name) => name.endsWith('.mjs'))),
  ]);
  expect([...provided].filter((p) => !used.has(p))).toEqual([]);
});

it('provides the @mui/material paths that @mui/x-charts and @mui/icons-material import', () => {
  const used = muiPathsIn(
    LIBRARIES.flatMap((dir) => filesUnder(path.join(root, dir), (name) => name.endsWith('.mjs'))),
  );
  expect(used).toContain('@mui/material/SvgIcon');
  expect([...used].filter((p) => !provided.has(p))).toEqual([]);
});
