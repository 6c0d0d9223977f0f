import type { Config } from 'jest';

// One Jest run over every package. Browser tests (e2e/) have their own config and run after a build.
const tsJest = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.base.json', isolatedModules: true, diagnostics: false }],
} as const;

const sharedMappers = {
  '^@kelasku/shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
  '^@kelasku/shared-api$': '<rootDir>/../shared-api/src/index.ts',
  '\\.(css)$': '<rootDir>/../jest/style-mock.js',
  '\\.(svg|png|jpe?g|webp|avif)$': '<rootDir>/../jest/file-mock.js',
};

function webProject(dir: string, extraMappers: Record<string, string> = {}): Config {
  return {
    displayName: dir,
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: 'jsdom',
    transform: tsJest,
    setupFilesAfterEnv: ['<rootDir>/../jest/setup-dom.ts'],
    moduleNameMapper: { ...sharedMappers, ...extraMappers },
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  } as Config;
}

const config: Config = {
  projects: [
    {
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      transform: tsJest,
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    webProject('shared-api'),
    webProject('shared-ui'),
    webProject('shell', { '^(admin|teacher|student)/App$': '<rootDir>/src/test/remote-app-mock.tsx' }),
    webProject('admin-app'),
    webProject('teacher-app'),
    webProject('student-app'),
  ],
};

export default config;
