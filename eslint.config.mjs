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

// ---- Type-aware rules (typescript-eslint's recommendedTypeChecked) ----

/**
 * The programs typescript-eslint reads a file's types from: the first that holds the file. The browser packages are
 * one program (tsconfig.web.json), as in scripts/typecheck.sh: one program per package read MUI's types six times
 * (the project service did that: twice the time and 4.4 GB).
 */
const TYPED_PROGRAMS = [
  'tsconfig.web.json',
  'server/tsconfig.json',
  'shared-rules/tsconfig.json',
  'e2e/tsconfig.json',
  'bench/tsconfig.json',
  'scripts/tsconfig.json',
];

/**
 * `LINT_WITHOUT_TYPES=1` lints without types: scripts/lint-boundaries.test.ts lints made-up files that no tsconfig
 * holds, for their imports alone.
 */
const typeAware =
  process.env.LINT_WITHOUT_TYPES === '1'
    ? []
    : tseslint.config(
        {
          // Floating promises, promises where a callback's result is ignored, `any` leaking out of JSON, unbound
          // methods, template strings of objects.
          files: ['**/*.ts', '**/*.tsx'],
          extends: [tseslint.configs.recommendedTypeCheckedOnly],
          languageOptions: { parserOptions: { project: TYPED_PROGRAMS, tsconfigRootDir: import.meta.dirname } },
        },
        {
          // An async function that awaits nothing is right here: a Fastify plugin or hook is async or takes a `done`
          // callback, a fake keeps the async signature of what it stands for, and `async () => f()` turns f's throw
          // into a rejection.
          files: ['server/**', ...TEST_FILES],
          rules: { '@typescript-eslint/require-await': 'off' },
        },
        {
          // Jest's asymmetric matchers (expect.any, expect.objectContaining…) are typed `any`. A test component
          // suspends as React's own code does, by throwing a promise.
          files: TEST_FILES,
          ignores: ['**/*.mjs'], // plain JavaScript (bench/lib/loop-probe.mjs): no types to check a throw against
          rules: {
            '@typescript-eslint/no-unsafe-assignment': 'off',
            '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Promise' }] }],
          },
        },
        {
          // The API tests read `res.json()` of light-my-request, typed `any`, about 2,000 times: typing those reads is
          // a rewrite of the API tests of its own.
          files: ['server/**/*.test.ts', 'server/test/**'],
          rules: {
            '@typescript-eslint/no-unsafe-argument': 'off',
            '@typescript-eslint/no-unsafe-assignment': 'off',
            '@typescript-eslint/no-unsafe-call': 'off',
            '@typescript-eslint/no-unsafe-member-access': 'off',
            '@typescript-eslint/no-unsafe-return': 'off',
          },
        },
      );

// ---- Function length ----

/** The longest a production function may be, in lines of code (blank lines and comments not counted). */
const MAX_FUNCTION_LINES = 100;

/** Counted as ESLint counts: a function's nested functions and JSX included. */
const functionLength = (max) => ['error', { max, skipBlankLines: true, skipComments: true }];

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
  // ---- Type-aware rules ----
  ...typeAware,
  // ---- Function length ----
  {
    // A function longer than this is split where a reader loses the thread (React components included).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: TEST_FILES,
    rules: { 'max-lines-per-function': functionLength(MAX_FUNCTION_LINES) },
  },
  {
    // A shipped migration is the frozen record of what deployed databases received: its statements stay as they
    // shipped, so a long one is not split either (a rewrite would have to prove the same statements in the same order
    // on both dialects, for no reader's gain: a migration reads as a list of statements, not a thread).
    files: ['server/src/db/migrations/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
);
