// Lint for every package (`npm run lint`, run by scripts/test-all.sh).
// Besides typescript-eslint and the rules of hooks, it keeps the import boundaries of the architecture:
// shared packages never import an app, a remote never imports another remote or the shell, and production code
// never imports test code. UI code imports MUI per component, never the '@mui/material' barrel. Inside a remote, a
// feature never imports another feature: what two features share lives in the remote's lib/, components/ or hooks/.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['admin-app', 'teacher-app', 'student-app'];
const APPS = [...REMOTES, 'shell'];
const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test/**',
  '**/test-utils.tsx',
  'e2e/**',
  'bench/**',
  'jest/**',
];

/** `no-restricted-imports` patterns that forbid importing any of these workspaces, by path or package name. */
const forbid = (workspaces, message) =>
  workspaces.flatMap((name) => [
    { group: [`**/${name}/**`, `**/${name}`], message },
    { group: [`@kelasku/${name}`, `@kelasku/${name}/**`], message },
  ]);

/**
 * MUI is shared between the shell and the remotes per component (webpack/federation.ts): the barrel would be one
 * shared module that cannot be tree-shaken, all of MUI on every screen.
 */
const MUI_BARREL = {
  name: '@mui/material',
  message:
    "Import each MUI component by path (import Button from '@mui/material/Button'; styling from '@mui/material/styles'), never the barrel: it is shared whole.",
};

const TEST_CODE = {
  group: ['**/test/**', '**/*.test', '**/test-utils', '**/test-utils.tsx'],
  message: 'Production code must not import test code.',
};

/** One block per package: which workspaces it may not import. */
const boundaries = [
  {
    files: ['shared-rules/src/**'],
    forbidden: [...APPS, 'server', 'shared-ui', 'shared-api'],
    message: 'shared-rules stands alone: server and browser both import it.',
  },
  {
    files: ['shared-api/src/**', 'shared-ui/src/**'],
    forbidden: [...APPS, 'server'],
    message: 'Shared packages never import an app or the server.',
  },
  {
    files: ['shell/src/**'],
    forbidden: [...REMOTES, 'server'],
    message: 'The shell loads remotes at run time (remotes.json), never by import.',
  },
  ...REMOTES.map((remote) => ({
    files: [`${remote}/src/**`],
    forbidden: [...APPS.filter((other) => other !== remote), 'server'],
    message: 'A remote is built and deployed alone: it imports only shared packages.',
  })),
  {
    files: ['server/src/**'],
    forbidden: [...APPS, 'shared-ui'],
    message: 'The server imports only shared-rules and shared-api rules, never UI code.',
  },
];

/** `import-x/no-restricted-paths` zones: each feature folder of a remote may import from no other feature folder. */
const featureZones = REMOTES.flatMap((remote) => {
  const features = readdirSync(`${remote}/src/features`, { withFileTypes: true }).filter((e) => e.isDirectory());
  return features.map(({ name }) => ({
    target: `./${remote}/src/features/${name}`,
    from: `./${remote}/src/features`,
    except: [`./${name}`],
    message: `A feature imports no other feature: move what ${name} shares to ${remote}/src/lib (or components/, hooks/).`,
  }));
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-dev/**',
      '**/node_modules/**',
      '**/coverage/**',
      'bench/results/**',
      '**/*.js',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // TypeScript already reports these (noUnusedLocals/noUnusedParameters in tsconfig.base.json)
      '@typescript-eslint/no-unused-vars': 'off',
      'no-undef': 'off',
    },
  },
  {
    // Tests and benchmarks read JSON bodies loosely and use CommonJS where a second module registry is needed.
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.tsx', '**/use*.ts', '**/hooks/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // ---- React: the hooks plugin's whole recommended set on every React package (its own block: merge as a unit) ----
  {
    // The React Compiler's rules besides the rules of hooks: no ref read or written during render (a thrown-away
    // render, a suspended transition, must not change what the next one sees: useAnswerSheet.test.tsx,
    // useLastNonNull.test.tsx, drafts.test.tsx), no state set synchronously in an effect, pure renders, props and
    // state never mutated, components never created during render… Every rule is an error (a warning nobody reads
    // holds nothing), in every file of every package with React code, tests too.
    files: [...APPS, 'shared-ui'].flatMap((pkg) => [`${pkg}/src/**/*.ts`, `${pkg}/src/**/*.tsx`]),
    plugins: { 'react-hooks': reactHooks },
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs['recommended-latest'].rules).map((rule) => [rule, 'error']),
    ),
  },
  // ---- end of the React block ----
  ...boundaries.map(({ files, forbidden, message }) => ({
    files,
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { paths: [MUI_BARREL], patterns: [...forbid(forbidden, message), TEST_CODE] }],
    },
  })),
  ...boundaries.map(({ files, forbidden, message }) => ({
    files: files.flatMap((glob) =>
      TEST_FILES.filter((t) => t.startsWith('**')).map((t) => glob.replace('/**', '') + t.slice(2)),
    ),
    rules: { 'no-restricted-imports': ['error', { paths: [MUI_BARREL], patterns: forbid(forbidden, message) }] },
  })),
  {
    files: REMOTES.map((remote) => `${remote}/src/features/**`),
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
);
