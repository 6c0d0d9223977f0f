import type { Config } from 'jest';

// Browser tests: real server (bundled once per run, harness/server-bundle.ts) + built web apps + Debian Chromium through playwright-core.
// One server per test file, one browser for the whole run (global-setup.ts), files run one at a time.
const config: Config = {
  displayName: 'e2e',
  rootDir: '.',
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', diagnostics: false }],
  },
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/harness/global-setup.ts',
  globalTeardown: '<rootDir>/src/harness/global-teardown.ts',
  testTimeout: 180_000,
  slowTestThreshold: 30,
  maxWorkers: 1,
};

export default config;
