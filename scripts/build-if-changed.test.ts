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
  const build = async (app: string) => {
    calls.push(app);
    write(`${app}/dist/main.js`, 'built');
    return true;
  };
  return { calls, build };
}

const run = (build: (app: string) => Promise<boolean>, force = false) =>
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
  it('builds every app without a build, then nothing while the sources stay the same', async () => {
    const first = fakeBuilds();
    expect(await run(first.build)).toEqual(['shell', 'student-app']);
    const second = fakeBuilds();
    expect(await run(second.build)).toEqual([]);
    expect(second.calls).toEqual([]);
  });

  it('rebuilds only the app whose own sources changed, and every app when a shared input changed', async () => {
    await run(fakeBuilds().build);
    write('student-app/src/index.ts', "console.log('changed');");
    const afterAppEdit = fakeBuilds();
    await run(afterAppEdit.build);
    expect(afterAppEdit.calls).toEqual(['student-app']);

    write('shared-ui/src/Button.tsx', 'export const Button = 2;');
    const afterSharedEdit = fakeBuilds();
    await run(afterSharedEdit.build);
    expect(afterSharedEdit.calls).toEqual(['shell', 'student-app']);

    write('shared-rules/src/exam-window.ts', 'export const rule = 2;');
    const afterRuleEdit = fakeBuilds();
    await run(afterRuleEdit.build);
    expect(afterRuleEdit.calls).toEqual(['shell', 'student-app']);

    write('package-lock.json', '{"lockfileVersion": 3}');
    const afterInstall = fakeBuilds();
    await run(afterInstall.build);
    expect(afterInstall.calls).toEqual(['shell', 'student-app']);
  });

  it('rebuilds when dist/ was deleted, and not for an edited test file', async () => {
    await run(fakeBuilds().build);
    write('shell/src/index.test.ts', 'it.todo("x");');
    const afterTestEdit = fakeBuilds();
    await run(afterTestEdit.build);
    expect(afterTestEdit.calls).toEqual([]);

    rmSync(path.join(root, 'shell', 'dist'), { recursive: true });
    const afterClean = fakeBuilds();
    await run(afterClean.build);
    expect(afterClean.calls).toEqual(['shell']);
  });

  it('keeps its record out of dist/, which the server serves as is', async () => {
    await run(fakeBuilds().build);
    expect(readdirSync(path.join(root, 'shell', 'dist'), { recursive: true })).toEqual(['main.js']);
    expect(await run(fakeBuilds().build)).toEqual([]);
  });

  it("counts the environment variables the app's webpack config and its imports read, and no others", async () => {
    const plain = buildInputsHash(root, 'shell', {});
    expect(buildInputsHash(root, 'shell', { SOURCE_MAPS: '1' })).not.toBe(plain);
    expect(buildInputsHash(root, 'shell', { DEMO_PASSWORD: 'x' })).not.toBe(plain);
    // npm start sets PORT for the server; only the dev server (not a build) reads it.
    expect(buildInputsHash(root, 'shell', { PORT: '3000', UNRELATED: '1' })).toBe(plain);
  });

  it('builds everything when forced (npm run build) and leaves no stamp after a failed build', async () => {
    await run(fakeBuilds().build);
    const forced = fakeBuilds();
    await run(forced.build, true);
    expect(forced.calls).toEqual(['shell', 'student-app']);

    write('shell/src/index.ts', 'broken(');
    await expect(run(async () => false)).rejects.toThrow('shell: build failed');
    const retry = fakeBuilds();
    await run(retry.build);
    expect(retry.calls).toEqual(['shell']);
  });
});

describe('several builds at once', () => {
  it('runs `parallel` builds at a time, stamps each, and starts no new one after a failure', async () => {
    const apps = ['shell', 'admin-app', 'teacher-app', 'student-app'];
    for (const app of apps.slice(1)) write(`${app}/src/index.ts`, `console.log('${app}');`);
    let running = 0;
    let most = 0;
    const build = async (app: string) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      write(`${app}/dist/main.js`, 'built');
      running -= 1;
      return true;
    };
    expect((await buildIfChanged({ root, apps, build, parallel: 2, log: () => undefined })).sort()).toEqual(
      [...apps].sort(),
    );
    expect(most).toBe(2);
    expect(await buildIfChanged({ root, apps, build, log: () => undefined })).toEqual([]);

    const started: string[] = [];
    const failFirst = async (app: string) => {
      started.push(app);
      await new Promise((resolve) => setTimeout(resolve, app === 'shell' ? 5 : 20));
      return app !== 'shell';
    };
    await expect(
      buildIfChanged({ root, apps, build: failFirst, force: true, parallel: 2, log: () => undefined }),
    ).rejects.toThrow('shell: build failed');
    expect(started).toEqual(['shell', 'admin-app']);
  });
});

describe('the npm scripts', () => {
  const scripts = (
    JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;

  it('npm start builds only what changed, npm run build builds every app', async () => {
    expect(scripts.start).toMatch(/^tsx scripts\/build-if-changed\.ts && /);
    expect(scripts.build).toBe('tsx scripts/build-if-changed.ts --all');
  });

  it("counts every shared workspace of the repository as an input of every app's build", async () => {
    const { workspaces } = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const shared = workspaces.filter((name) => name.startsWith('shared-'));
    expect(shared.length).toBeGreaterThan(0);
    expect(SHARED_BUILD_INPUTS).toEqual(expect.arrayContaining(shared));
  });
});
