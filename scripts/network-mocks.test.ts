import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import config from '../jest.config';

// A remote's component tests answer its requests with Mock Service Worker (jest/msw-server.ts, jest/msw-routes.ts):
// the screen talks through the real shared-api client, so a test meets the client's errors, its query strings and
// bodies, and the wire types. Replacing the client instead (mocking shared-api, a feature's transport module that
// only wraps its calls, or spying on one of its objects) hides exactly that, so these remotes' tests may not do it.
const REMOTES = ['admin-app', 'teacher-app', 'student-app', 'shared-ui'];
/** A spy that only notes when a call is made and then makes it says so on the line above it. */
const CALLS_THROUGH = '// calls through to the real client';

const root = path.join(__dirname, '..');

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) testFiles(full, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const MODULE = String.raw`\(\s*['"\x60]`;
/** Ways a test replaces the network client instead of answering its requests. */
const REPLACES_CLIENT = new RegExp(
  [
    String.raw`jest\.(?:mock|doMock|unstable_mockModule)${MODULE}@kelasku/shared-api(?:/[^'"\x60]*)?['"\x60]`,
    String.raw`jest\.(?:mock|doMock|unstable_mockModule)${MODULE}[^'"\x60]*transport['"\x60]`,
    String.raw`jest\.spyOn\(\s*(?:\w+Api|http)\s*,`,
  ].join('|'),
);

const replacesClient = (line: string, lineAbove = '') =>
  REPLACES_CLIENT.test(line) && lineAbove.trim() !== CALLS_THROUGH;

describe('component tests mock the network, not the client', () => {
  it('the check finds each way of replacing the client, and leaves other mocks alone', () => {
    for (const replaced of [
      "jest.mock('@kelasku/shared-api', () => ({}))",
      'jest.mock("@kelasku/shared-api")',
      "jest.doMock('@kelasku/shared-api/src/http', () => ({}))",
      "jest.mock('../transport', () => ({ fetchAnalysis: jest.fn() }))",
      "jest.mock('./features/dashboard/review-transport', () => ({}))",
      "jest.spyOn(examsApi, 'byClass')",
      "jest.spyOn(http, 'get')",
    ])
      expect(replaced).toMatch(REPLACES_CLIENT);
    for (const kept of [
      "jest.mock('./RichEditor', () => ({}))",
      "jest.mock('quill')",
      "jest.mock('@kelasku/shared-rules/src/usable-mark', () => ({}))",
      "import { answer } from '../../jest/msw-server'",
      "jest.spyOn(window, 'alert')",
    ])
      expect(kept).not.toMatch(REPLACES_CLIENT);
    expect(replacesClient("jest.spyOn(examsApi, 'byClass').mockImplementation((id) => {", `  ${CALLS_THROUGH}`)).toBe(
      false,
    );
    expect(replacesClient("jest.spyOn(examsApi, 'byClass').mockResolvedValue([])")).toBe(true);
  });

  it.each(REMOTES)('%s: no test replaces the shared-api client', (remote) => {
    const offenders = testFiles(path.join(root, remote, 'src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i, lines) =>
          replacesClient(line, lines[i - 1]) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });

  it.each(REMOTES)('%s: its Jest project answers requests with the mock server (jest/setup-msw.ts)', (remote) => {
    const project = config.projects?.find(
      (p): p is Exclude<typeof p, string> => typeof p !== 'string' && p.displayName === remote,
    );
    expect(project?.setupFilesAfterEnv).toContain('<rootDir>/../jest/setup-msw.ts');
  });
});
