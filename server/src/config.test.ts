import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

function tmp() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-config-'));
}

it('refuses to start in production without JWT_SECRET, and never seeds demo data there', () => {
  const dir = tmp();
  expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(ConfigError);
  const cfg = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), SEED_DEMO: '1' });
  expect(cfg.seedDemo).toBe(false);
  expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/32/);
});

it('generates a secret once into DATA_DIR/jwt-secret (mode 0600) and reuses it', () => {
  const dir = tmp();
  const a = loadConfig({ DATA_DIR: dir });
  const b = loadConfig({ DATA_DIR: dir });
  expect(a.jwtSecret).toBe(b.jwtSecret);
  expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
  expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  expect(a.seedDemo).toBe(true);
  expect(a.sqliteFile).toBe(path.join(dir, 'kelasku.sqlite'));
  expect(a.port).toBe(3000);
  expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/PORT/);
});
