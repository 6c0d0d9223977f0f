/**
 * The three remotes keep one skeleton (docs/architecture.md, "The skeleton of every remote"): the same top-level
 * files, a feature folder per feature with its reads in `api.ts`, the App handing its routes to shared-ui's
 * RemoteRoot, and the same file names (components PascalCase, hooks useX, other modules kebab-case).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');
const REMOTES = ['admin-app', 'teacher-app', 'student-app'] as const;
const TOP_LEVEL = [
  'App.tsx',
  'bootstrap.tsx',
  'dev.tsx',
  'i18n.ts',
  'index.ts',
  'menu.ts',
  'features',
  'locales',
  'test',
];
/** What a remote's src/ may hold besides TOP_LEVEL: folders of what several features use, and tests. */
const OPTIONAL_TOP_LEVEL = new Set(['components', 'hooks', 'lib']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
}

/** Why a source file's name breaks the conventions, or null. */
export function nameProblem(file: string): string | null {
  if (!/\.tsx?$/.test(file) || file.startsWith('locales/')) return null;
  // A test is named after what it tests, maybe with what it looks at ('App.first-load.test.tsx').
  const base = path.basename(file).split('.')[0];
  if (file.split('/').includes('hooks'))
    return /^use[A-Z]\w*$/.test(base) ? null : 'a hook file is useX.ts(x), exporting useX';
  if (/^[A-Z][A-Za-z0-9]*$/.test(base))
    return file.endsWith('.tsx') ? null : 'a PascalCase name is for a component (.tsx)';
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(base) ? null : 'a module that is not a component is named in kebab-case';
}

describe.each(REMOTES)('%s', (remote) => {
  const src = path.join(repoRoot, remote, 'src');
  const files = filesUnder(src);

  it('has the top-level files and folders of every remote, and nothing else', () => {
    const entries = readdirSync(src).filter((name) => !/\.test\.tsx?$/.test(name));
    expect(TOP_LEVEL.filter((name) => !entries.includes(name))).toEqual([]);
    expect(entries.filter((name) => !TOP_LEVEL.includes(name) && !OPTIONAL_TOP_LEVEL.has(name))).toEqual([]);
  });

  it("hands its routes and menu to shared-ui's RemoteRoot", () => {
    const app = readFileSync(path.join(src, 'App.tsx'), 'utf8');
    expect(app).toMatch(/<RemoteRoot\b/);
    expect(app).not.toMatch(/<Routes\b|<RoleLayout\b/);
  });

  it('reads its data in each feature through that feature’s api.ts (queries), never with a hand-written loader', () => {
    const features = readdirSync(path.join(src, 'features'));
    expect(features.filter((feature) => !files.includes(`features/${feature}/api.ts`))).toEqual([]);
    const loaders = files.filter(
      (file) =>
        /\.tsx?$/.test(file) && /\bfunction (useLoad|useAsync)\b/.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(loaders).toEqual([]);
  });

  it('names its files by what they hold, and no two differ only by case', () => {
    expect(files.map((file) => [file, nameProblem(file)]).filter(([, problem]) => problem)).toEqual([]);
    const lower = files.map((file) => file.toLowerCase());
    expect(lower.filter((file, i) => lower.indexOf(file) !== i)).toEqual([]);
  });
});

it('tells the naming problems apart', () => {
  expect(nameProblem('features/classes/components/ClassCard.tsx')).toBeNull();
  expect(nameProblem('features/classes/class-form.ts')).toBeNull();
  expect(nameProblem('hooks/usePagedList.ts')).toBeNull();
  expect(nameProblem('hooks/pagedList.ts')).toMatch(/hook/);
  expect(nameProblem('features/classes/classForm.ts')).toMatch(/kebab-case/);
  expect(nameProblem('lib/Params.ts')).toMatch(/component/);
  expect(nameProblem('App.first-load.test.tsx')).toBeNull();
});
