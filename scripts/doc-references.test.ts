import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

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

const SOURCE_PATH =
  /(?<![\w/.-])((?:src|server|shell|admin-app|teacher-app|student-app|shared-ui|shared-api|shared-rules|e2e|bench|scripts|webpack)\/[\w./-]+)/g;

/**
 * The source paths a text names, without a trailing slash; `src/…` is inside `home` (a package's README names its own
 * files so; elsewhere a bare `src/…` belongs to a package the sentence names, and is not checked). Left out: templates (`<resource>`, `*`, `{en,id}`) and build output (`dist/`), which a checkout lacks.
 */
function sourcePaths(text: string, home = ''): string[] {
  return [...text.matchAll(SOURCE_PATH)]
    .filter((m) => !/[<*{]/.test(text[m.index + m[1].length] ?? '') && !/(^|\/)dist(-dev)?(\/|$)/.test(m[1]))
    .map((m) => m[1].replace(/[/.]+$/, ''))
    .concat(home ? layoutEntries(text) : [])
    .flatMap((ref) => (!ref.startsWith('src/') ? [ref] : home ? [path.posix.join(home, ref)] : []));
}

/** A README's layout tree: `src/db/` on one line, then `  schema.ts  what it holds` indented under it. */
function layoutEntries(text: string): string[] {
  let folder = '';
  return text.split('\n').flatMap((line) => {
    const top = /^(src\/[\w/-]*\/)\s/.exec(`${line} `);
    if (top) folder = top[1];
    else if (!/^\s/.test(line)) folder = '';
    const child = /^ {2}([\w-]+(?:\.\w+)?\/?)\s/.exec(line);
    return folder && child ? [(folder + child[1]).replace(/\/$/, '')] : [];
  });
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

  it('no CPU profile is kept in the repository (a benchmark writes them for the one who runs it)', () => {
    const tracked = execFileSync('git', ['ls-files', '*.cpuprofile'], { cwd: root, encoding: 'utf8' }).trim();
    expect(tracked).toBe('');
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

  it("every source path a document names (server/src/…, shared-*/src/…, a remote's or the shell's src/…) exists", () => {
    const docs = readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => path.join('docs', name));
    const named = docs.concat('server/README.md', 'README.md').filter((doc) => existsSync(path.join(root, doc)));
    const home = (doc: string) => (doc.endsWith('README.md') && path.dirname(doc) !== '.' ? path.dirname(doc) : '');
    const missing = named.flatMap((doc) =>
      sourcePaths(readFileSync(path.join(root, doc), 'utf8'), home(doc))
        .filter((ref) => !existsSync(path.join(root, ref)))
        .map((ref) => `${doc} → ${ref}`),
    );
    expect(missing).toEqual([]);
  });

  it('the source-path check reads the forms documents use', () => {
    expect(
      sourcePaths('in `server/src/routes/helpers.ts`, (`shared-rules/src/wib.ts`) and `shared-ui/src/formula/`.'),
    ).toEqual(['server/src/routes/helpers.ts', 'shared-rules/src/wib.ts', 'shared-ui/src/formula']);
    expect(
      sourcePaths(
        '`server/src/routes/<resource>/`, `server/src/domain/*`, `<package>/src/locales/{en,id}.json`, `server/dist/main.js`',
      ),
    ).toEqual([]);
    expect(sourcePaths('the repositories (`src/domain/repo/`)', 'server')).toEqual(['server/src/domain/repo']);
    expect(
      sourcePaths(
        'src/db/             the connection\n  schema.ts          tables\n  migrations/   each\nsrc/app.ts   x',
        'server',
      ),
    ).toEqual(['server/src/db', 'server/src/app.ts', 'server/src/db/schema.ts', 'server/src/db/migrations']);
  });

  it('no code or document cites an issue number: each explains itself', () => {
    const cited = all.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (CITES_ISSUE.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [])),
    );
    expect(cited).toEqual([]);
  });

  it('the issue-number check finds the forms it is for', () => {
    for (const line of [
      '// Issue 13 item 1: the same exam',
      '(issue #17 §1)',
      ' * Issue #16, targets 1 and 2',
      '#17 §1',
    ]) {
      expect([line, CITES_ISSUE.test(line)]).toEqual([line, true]);
    }
    expect(CITES_ISSUE.test('// the 17th item of the list, #fff colour')).toBe(false);
  });
});
