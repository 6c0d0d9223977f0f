import path from 'node:path';
import { importedSpecifiers, packageOf, typedPackage, unusedDeclarations } from './declared-deps';

describe('declared packages', () => {
  it('finds the imports of a source file', () => {
    // Made-up names: this file is itself scanned as a source of the repository.
    const source = [
      "import { decode } from 'fixture-decoder';",
      "import type { Options } from 'fixture-types';",
      "export { x } from './local';",
      "import './styles.css';",
      "const { Pool } = require('fixture-db');",
      "const loader = require.resolve('fixture-loader');",
      "const lazy = await import('@fixture/api/src/session');",
      "jest.mock('fixture-http');",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(importedSpecifiers(source).map(packageOf).filter(Boolean).sort()).toEqual([
      '@fixture/api',
      'fixture-db',
      'fixture-decoder',
      'fixture-http',
      'fixture-loader',
      'fixture-types',
    ]);
  });

  it('maps type packages to the package they type', () => {
    expect(typedPackage('@types/pg')).toBe('pg');
    expect(typedPackage('@types/testing-library__jest-dom')).toBe('@testing-library/jest-dom');
    expect(typedPackage('pg')).toBeNull();
  });

  it('every package a workspace declares is used by it', () => {
    expect(unusedDeclarations(path.resolve(__dirname, '..'))).toEqual([]);
  });
});
