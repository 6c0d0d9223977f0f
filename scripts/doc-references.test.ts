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
/** "Issue 13", "issue #17", "#17 §1": a pointer into a tracker this repository does not carry. */
const CITES_ISSUE = /\bissues? #?\d+|#\d+ ?§/i;

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

  it('no code or document cites an issue number: each explains itself', () => {
    // bench/RESULTS.md is a dated log of measurements; bench/results/ (skipped) their raw files.
    const cited = all
      .filter((file) => path.relative(root, file) !== path.join('bench', 'RESULTS.md'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (CITES_ISSUE.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
      );
    expect(cited).toEqual([]);
  });

  it('the issue-number check finds the forms it is for', () => {
    for (const line of ['// Issue 13 item 1: the same exam', '(issue #17 §1)', ' * Issue #16, targets 1 and 2', '#17 §1']) {
      expect([line, CITES_ISSUE.test(line)]).toEqual([line, true]);
    }
    expect(CITES_ISSUE.test('// the 17th item of the list, #fff colour')).toBe(false);
  });
});
