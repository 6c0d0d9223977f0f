import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// scripts/typecheck.sh checks a handful of programs (the browser packages as one, tsconfig.web.json), not one per
// package: this keeps every package's source inside one of them, so a package is never dropped from the check.
const root = path.join(__dirname, '..');

/** The tsconfig files typecheck.sh runs, read from its `for config in …; do` list. */
function checkedConfigs(): string[] {
  const script = fs.readFileSync(path.join(root, 'scripts/typecheck.sh'), 'utf8');
  const list = /for config in ([\s\S]*?); do/.exec(script)?.[1] ?? '';
  return list.split(/[\s\\]+/).filter(Boolean);
}

/** The files a tsconfig names itself (its include/files), without what they import. */
function rootFiles(config: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${config}`);
  return parsed.fileNames.map((f) => path.relative(root, f));
}

/** Every .ts/.tsx file under `dir` (node_modules and build output left out). */
function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(path.join(root, at), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'results'].includes(entry.name)) continue;
      const rel = path.join(at, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name)) found.push(rel);
    }
  };
  walk(dir);
  return found;
}

describe('scripts/typecheck.sh', () => {
  it('checks every TypeScript file of every package', () => {
    const configs = checkedConfigs();
    expect(configs).toContain('tsconfig.web.json');
    const checked = new Set(configs.flatMap(rootFiles));
    const workspaces = (
      JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    const unchecked = [...workspaces, 'scripts'].flatMap(sourcesUnder).filter((file) => !checked.has(file));
    expect(unchecked).toEqual([]);
  });
});
