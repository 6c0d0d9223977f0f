import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// shared-rules/src/wire holds the TypeBox schemas of the API's replies: the server runs them, shared-api derives its
// types from them. The browser packages may import them only as types (`import type`, `export type`: erased from the
// bundle), or TypeBox and every schema would ship to each phone. shared-rules' own rules (the browser imports its
// index) stay free of the wire schemas and of TypeBox.
const root = path.join(__dirname, '..');
const BROWSER_PACKAGES = ['shell', 'admin-app', 'teacher-app', 'student-app', 'shared-ui', 'shared-api'];
const WIRE_DIR = path.join(root, 'shared-rules/src/wire');
const SOURCE = /\.(?:ts|tsx)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('dist')) sourceFiles(full, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Whether `request`, written in `file`, names the wire schemas. */
function namesWire(file: string, request: string): boolean {
  if (request.startsWith('.'))
    return (path.resolve(path.dirname(file), request) + path.sep).startsWith(WIRE_DIR + path.sep);
  return /^@kelasku\/shared-rules\/src\/wire(?:\/|$)/.test(request);
}

/**
 * The requests of `source` that load a module at run time: import/export … from (not `import type`/`export type`),
 * bare `import 'x'`, import() (not `typeof import()`) and require().
 */
export function valueRequests(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"\n]+)['"]/gm)) {
    if (!m[2]) found.push(m[3]);
  }
  for (const m of source.matchAll(/(typeof\s+)?\b(?:import|require)\s*\(\s*['"]([^'"\n]+)['"]/g)) {
    if (!m[1]) found.push(m[2]);
  }
  return found;
}

/** Every run-time import of the wire schemas in `file` (its source given). */
export function wireValueImports(file: string, source: string): string[] {
  return valueRequests(source).filter((request) => namesWire(file, request));
}

describe('the wire schemas stay out of the browser bundles', () => {
  it('finds a run-time import of the wire schemas, and lets a type-only one pass', () => {
    const file = path.join(root, 'shared-api/src/x.ts');
    expect(wireValueImports(file, "import { people } from '@kelasku/shared-rules/src/wire';")).toEqual([
      '@kelasku/shared-rules/src/wire',
    ]);
    expect(wireValueImports(file, "export { studentSchema } from '../../shared-rules/src/wire/people';")).toHaveLength(
      1,
    );
    expect(wireValueImports(file, "const w = await import('@kelasku/shared-rules/src/wire/stats');")).toHaveLength(1);
    expect(wireValueImports(file, "import { type Equals } from '@kelasku/shared-rules/src/wire/common';")).toHaveLength(
      1,
    );
    expect(wireValueImports(file, "import type { people } from '@kelasku/shared-rules/src/wire';")).toEqual([]);
    expect(wireValueImports(file, "export type { Equals } from '@kelasku/shared-rules/src/wire/common';")).toEqual([]);
    expect(wireValueImports(file, "type S = typeof import('@kelasku/shared-rules/src/wire/people');")).toEqual([]);
    expect(wireValueImports(file, "import { examStatusAt } from '@kelasku/shared-rules';")).toEqual([]);
  });

  it.each(BROWSER_PACKAGES)('%s imports the wire schemas only as types', (pkg) => {
    const files = sourceFiles(path.join(root, pkg, 'src'));
    expect(files.length).toBeGreaterThan(0);
    const offending = files.flatMap((file) =>
      wireValueImports(file, readFileSync(file, 'utf8')).map((r) => `${path.relative(root, file)}: ${r}`),
    );
    expect(offending).toEqual([]);
  });

  it('shared-api does derive its wire types from them', () => {
    const types = readFileSync(path.join(root, 'shared-api/src/types.ts'), 'utf8');
    expect(types).toMatch(/^import type \{[^}]+\} from '@kelasku\/shared-rules\/src\/wire';$/m);
  });

  it("shared-rules' own rules (what the browser loads) reach neither the wire schemas nor TypeBox", () => {
    const rules = sourceFiles(path.join(root, 'shared-rules/src')).filter(
      (file) => !file.startsWith(WIRE_DIR + path.sep),
    );
    const offending = rules.flatMap((file) =>
      valueRequests(readFileSync(file, 'utf8'))
        .filter((request) => namesWire(file, request) || request === 'typebox' || request.startsWith('typebox/'))
        .map((r) => `${path.relative(root, file)}: ${r}`),
    );
    expect(offending).toEqual([]);
  });
});
