import type { Config } from 'jest';

// One Jest run over every package. Browser tests (e2e/) have their own config and run after a build.
const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.base.json', diagnostics: false }],
};

const sharedMappers = {
  '^@kelasku/shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
  '^@kelasku/shared-api$': '<rootDir>/../shared-api/src/index.ts',
  '^@kelasku/shared-rules$': '<rootDir>/../shared-rules/src/index.ts',
  '\\.(css)$': '<rootDir>/../jest/style-mock.js',
  '\\.(svg|png|jpe?g|webp|avif)$': '<rootDir>/../jest/file-mock.js',
};

/**
 * A package whose component tests answer the real shared-api client's requests with Mock Service Worker
 * (jest/msw-server.ts): jsdom with Node's fetch family, msw resolved as the Node package it is, one server per file.
 */
// msw's CommonJS build requires these ESM-only packages (Node 20.19+ can; Jest's module registry cannot before Node
// 24.9), and shared-api's client is ky, ESM only too: compiled to CommonJS for Jest, as the server project does with
// its own.
const ESM_ONLY = '(?:rettime|until-async|@open-draft/deferred-promise|ky)';
const withMockServer: Partial<Config> = {
  testEnvironment: '<rootDir>/../jest/jsdom-with-fetch-environment.js',
  resolver: '<rootDir>/../jest/msw-resolver.js',
  transform: {
    ...tsJest,
    [`/node_modules/${ESM_ONLY}/.+\\.m?js$`]: [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!${ESM_ONLY}/)`],
};

function webProject(dir: string, extraMappers: Record<string, string> = {}, mockServer = false): Config {
  return {
    displayName: dir,
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: 'jsdom',
    transform: tsJest,
    setupFilesAfterEnv: [
      '<rootDir>/../jest/setup-dom.ts',
      '<rootDir>/../jest/setup-i18n.ts',
      ...(mockServer ? ['<rootDir>/../jest/setup-msw.ts'] : []),
    ],
    moduleNameMapper: { ...sharedMappers, ...extraMappers },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    ...(mockServer ? withMockServer : {}),
  };
}

const config: Config = {
  // API tests build a real app and database per file and hash real passwords; the shared 2-core machine can be slow.
  // (A global option: Jest ignores testTimeout inside a project.)
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      // sanitize-html depends on ESM-only htmlparser2 and friends, and kysely 0.29 and typebox 1 (.mjs) are ESM only: compile those to CommonJS for Jest.
      transform: {
        ...tsJest,
        '/node_modules/(?:sanitize-html/node_modules/)?(?:htmlparser2|domhandler|domutils|entities|dom-serializer|domelementtype|kysely|content-disposition|cookie|typebox)/.+\\.m?js$':
          ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' }, diagnostics: false }],
      },
      transformIgnorePatterns: [
        '/node_modules/(?!(?:sanitize-html/node_modules/)?(?:htmlparser2|domhandler|domutils|entities|dom-serializer|domelementtype|kysely|content-disposition|cookie|typebox)/)',
      ],
      moduleNameMapper: { '^@kelasku/shared-rules$': '<rootDir>/../shared-rules/src/index.ts' },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    },
    // Repository scripts (declared packages used, lock file complete, build-if-changed): plain Node.
    {
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      transform: tsJest,
      testMatch: ['<rootDir>/*.test.ts'],
    },
    webProject('shared-api', {}, true),
    // Pure rules shared by the server and the browser: plain Node is enough.
    {
      displayName: 'shared-rules',
      rootDir: '<rootDir>/shared-rules',
      testEnvironment: 'node',
      transform: tsJest,
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    webProject('shared-ui', {}, true),
    webProject('shell', { '^(admin|teacher|student)/App$': '<rootDir>/src/test/remote-app-mock.tsx' }, true),
    webProject('admin-app', {}, true),
    webProject('teacher-app', {}, true),
    webProject('student-app', {}, true),
  ],
};

export default config;
