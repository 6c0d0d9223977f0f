import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHARED_BUILD_INPUTS, buildIfChanged, buildInputsHash } from './build-if-changed';

let root: string;

function write(relative: string, content: string) {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), content);
}

/** A fake app build: records the call and writes dist/ like webpack would. */
function fakeBuilds() {
  const calls: string[] = [];
  const build = (app: string) => {
    calls.push(app);
    write(`${app}/dist/main.js`, 'built');
    return true;
  };
  return { calls, build };
}

const run = (build: (app: string) => boolean, force = false) =>
  buildIfChanged({ root, apps: ['shell', 'student-app'], build, force, log: () => undefined });

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-if-changed-'));
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('tsconfig.base.json', '{}');
  write('shared-ui/src/Button.tsx', 'export const Button = 1;');
  write('webpack/federation.ts', "import { demo } from './demo';\nconst maps = process.env.SOURCE_MAPS === '1';");
  write('webpack/demo.ts', 'export const demo = process.env.DEMO_PASSWORD;');
  // Not part of a production build: its variables must not count.
  write('webpack/dev-server.ts', 'const port = Number(process.env.PORT);');
  for (const app of ['shell', 'student-app']) {
    write(`${app}/package.json`, '{}');
    write(`${app}/webpack.config.ts`, "import { appConfig } from '../webpack/federation';");
    write(`${app}/src/index.ts`, `console.log('${app}');`);
  }
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build only what changed', () => {
  it('builds every app without a build, then nothing while the sources stay the same', () => {
    const first = fakeBuilds();
    expect(run(first.build)).toEqual(['shell', 'student-app']);
    const second = fakeBuilds();
    expect(run(second.build)).toEqual([]);
    expect(second.calls).toEqual([]);
  });

  it("rebuilds only the app whose own sources changed, and every app when a shared input changed", () => {
    run(fakeBuilds().build);
    write('student-app/src/index.ts', "console.log('changed');");
    const afterAppEdit = fakeBuilds();
    run(afterAppEdit.build);
    expect(afterAppEdit.calls).toEqual(['student-app']);

    write('shared-ui/src/Button.tsx', 'export const Button = 2;');
    const afterSharedEdit = fakeBuilds();
    run(afterSharedEdit.build);
    expect(afterSharedEdit.calls).toEqual(['shell', 'student-app']);

    write('shared-rules/src/exam-window.ts', 'export const rule = 2;');
    const afterRuleEdit = fakeBuilds();
    run(afterRuleEdit.build);
    expect(afterRuleEdit.calls).toEqual(['shell', 'student-app']);

    write('package-lock.json', '{"lockfileVersion": 3}');
    const afterInstall = fakeBuilds();
    run(afterInstall.build);
    expect(afterInstall.calls).toEqual(['shell', 'student-app']);
  });

  it('rebuilds when dist/ was deleted, and not for an edited test file', () => {
    run(fakeBuilds().build);
    write('shell/src/index.test.ts', 'it.todo("x");');
    const afterTestEdit = fakeBuilds();
    run(afterTestEdit.build);
    expect(afterTestEdit.calls).toEqual([]);

    rmSync(path.join(root, 'shell', 'dist'), { recursive: true });
    const afterClean = fakeBuilds();
    run(afterClean.build);
    expect(afterClean.calls).toEqual(['shell']);
  });

  it('keeps its record out of dist/, which the server serves as is', () => {
    run(fakeBuilds().build);
    expect(readdirSync(path.join(root, 'shell', 'dist'), { recursive: true })).toEqual(['main.js']);
    expect(run(fakeBuilds().build)).toEqual([]);
  });

  it("counts the environment variables the app's webpack config and its imports read, and no others", () => {
    const plain = buildInputsHash(root, 'shell', {});
    expect(buildInputsHash(root, 'shell', { SOURCE_MAPS: '1' })).not.toBe(plain);
    expect(buildInputsHash(root, 'shell', { DEMO_PASSWORD: 'x' })).not.toBe(plain);
    // npm start sets PORT for the server; only the dev server (not a build) reads it.
    expect(buildInputsHash(root, 'shell', { PORT: '3000', UNRELATED: '1' })).toBe(plain);
  });

  it('builds everything when forced (npm run build) and leaves no stamp after a failed build', () => {
    run(fakeBuilds().build);
    const forced = fakeBuilds();
    run(forced.build, true);
    expect(forced.calls).toEqual(['shell', 'student-app']);

    write('shell/src/index.ts', 'broken(');
    expect(() => run(() => false)).toThrow('shell: build failed');
    const retry = fakeBuilds();
    run(retry.build);
    expect(retry.calls).toEqual(['shell']);
  });
});

describe('the npm scripts', () => {
  const scripts = (JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('npm start builds only what changed, npm run build builds every app', () => {
    expect(scripts.start).toMatch(/^tsx scripts\/build-if-changed\.ts && /);
    expect(scripts.build).toBe('tsx scripts/build-if-changed.ts --all');
  });

  it("counts every shared workspace of the repository as an input of every app's build", () => {
    const workspaces: string[] = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).workspaces;
    const shared = workspaces.filter((name) => name.startsWith('shared-'));
    expect(shared.length).toBeGreaterThan(0);
    expect(SHARED_BUILD_INPUTS).toEqual(expect.arrayContaining(shared));
  });
});
