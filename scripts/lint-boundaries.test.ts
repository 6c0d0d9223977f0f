import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The import boundaries of eslint.config.mjs, checked on small made-up files placed in each package. ESLint loads
// its config with a dynamic import, which Jest's module sandbox cannot do, so it runs as a command. Without types
// (LINT_WITHOUT_TYPES): the made-up files are in no tsconfig, and the boundaries need none.
const root = path.join(__dirname, '..');

function restrictedImports(file: string, code: string): string[] {
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/eslint'),
    ['--stdin', '--stdin-filename', file, '--format', 'json'],
    {
      cwd: root,
      env: { ...process.env, LINT_WITHOUT_TYPES: '1' },
      input: code,
      encoding: 'utf8',
    },
  );
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  // one message per import, even where two patterns match it
  return [...new Set(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message))];
}

describe('import boundaries', () => {
  jest.setTimeout(60_000);

  it('a remote imports no other remote and not the shell', () => {
    expect(
      restrictedImports(
        'admin-app/src/features/x.ts',
        "import App from '../../../teacher-app/src/App';\nexport default App;",
      ),
    ).toEqual([expect.stringContaining('deployed alone')]);
    expect(
      restrictedImports('student-app/src/x.ts', "export { routing } from '@kelasku/shell/src/routing';"),
    ).toHaveLength(1);
  });

  it('shared packages import no app, and shared-rules nothing of the browser', () => {
    expect(
      restrictedImports('shared-ui/src/x.ts', "export { default } from '@kelasku/admin-app/src/App';"),
    ).toHaveLength(1);
    expect(restrictedImports('shared-rules/src/x.ts', "export * from '../../shared-api/src/http';")).toHaveLength(1);
    expect(restrictedImports('shell/src/x.ts', "export * from '@kelasku/shared-ui';")).toEqual([]);
  });

  it('production code imports no test code; tests may', () => {
    const code = "export { renderWithRouter } from '../test/render';";
    expect(restrictedImports('student-app/src/features/Page.tsx', code)).toEqual([
      expect.stringContaining('test code'),
    ]);
    expect(restrictedImports('student-app/src/features/Page.test.tsx', code)).toEqual([]);
  });

  it('the server imports no UI code', () => {
    expect(restrictedImports('server/src/routes/x.ts', "export * from '../../../shared-ui/src/dates';")).toHaveLength(
      1,
    );
    expect(restrictedImports('server/src/routes/x.ts', "export * from '@kelasku/shared-rules';")).toEqual([]);
  });

  it('UI code imports MUI per component, never the barrel (it is shared whole between the apps)', () => {
    expect(
      restrictedImports('teacher-app/src/x.tsx', "import { Button } from '@mui/material';\nexport default Button;"),
    ).toEqual([expect.stringContaining('by path')]);
    expect(restrictedImports('shared-ui/src/x.test.tsx', "export type { Theme } from '@mui/material';")).toHaveLength(
      1,
    );
    expect(
      restrictedImports('shell/src/x.tsx', "import Button from '@mui/material/Button';\nexport default Button;"),
    ).toEqual([]);
  });
});
