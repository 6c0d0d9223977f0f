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

function webProject(dir: string, extraMappers: Record<string, string> = {}): Config {
  return {
    displayName: dir,
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: 'jsdom',
    transform: tsJest,
    setupFilesAfterEnv: ['<rootDir>/../jest/setup-dom.ts', '<rootDir>/../jest/setup-i18n.ts'],
    moduleNameMapper: { ...sharedMappers, ...extraMappers },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
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
        '/node_modules/(?:sanitize-html/node_modules/)?(?:htmlparser2|domhandler|domutils|entities|dom-serializer|domelementtype|kysely|content-disposition|cookie|typebox)/.+\\.m?js$': [
          'ts-jest',
          { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' }, diagnostics: false },
        ],
      },
      transformIgnorePatterns: ['/node_modules/(?!(?:sanitize-html/node_modules/)?(?:htmlparser2|domhandler|domutils|entities|dom-serializer|domelementtype|kysely|content-disposition|cookie|typebox)/)'],
      moduleNameMapper: { '^@kelasku/shared-rules$': '<rootDir>/../shared-rules/src/index.ts' },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    },
    // Repository scripts (declared packages used, lock file complete, build-if-changed): plain Node.
    { displayName: 'scripts', rootDir: '<rootDir>/scripts', testEnvironment: 'node', transform: tsJest, testMatch: ['<rootDir>/*.test.ts'] },
    webProject('shared-api'),
    // Pure rules shared by the server and the browser: plain Node is enough.
    { displayName: 'shared-rules', rootDir: '<rootDir>/shared-rules', testEnvironment: 'node', transform: tsJest, testMatch: ['<rootDir>/src/**/*.test.ts'] },
    webProject('shared-ui'),
    webProject('shell', { '^(admin|teacher|student)/App$': '<rootDir>/src/test/remote-app-mock.tsx' }),
    webProject('admin-app'),
    webProject('teacher-app'),
    webProject('student-app'),
  ],
};

export default config;
