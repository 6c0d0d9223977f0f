import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

// The repository explains itself: code and documents point only at documents inside it.
const root = path.join(__dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'dist-dev', 'coverage', '.git', 'results']);
const TEXT = /\.(ts|tsx|mjs|md|sh|json)$/;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name === 'package-lock.json') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files(full, out);
    else if (TEXT.test(name)) out.push(full);
  }
  return out;
}

const OUTSIDE = /api-contract|frontend-spec|\bdesign\.md|\bfacts\.md|\.\.\/shared\/(spec|design|facts)/;
const self = path.relative(root, __filename);

describe('document references', () => {
  const all = files(root).filter((file) => path.relative(root, file) !== self);

  it('no file refers to a document outside the repository', () => {
    const outside = all.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    );
    expect(outside).toEqual([]);
  });

  it('every docs/*.md a file names exists', () => {
    const missing = all.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bdocs\/([\w-]+\.md)/g)]
        .map((m) => m[1])
        .filter((doc) => !existsSync(path.join(root, 'docs', doc)))
        .map((doc) => `${path.relative(root, file)} → docs/${doc}`),
    );
    expect(missing).toEqual([]);
  });
});
