import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

const made: string[] = [];
function tmp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-config-'));
  made.push(dir);
  return dir;
}
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

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

describe('TRUST_PROXY', () => {
  const trust = (value: string | undefined) => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value }).trustProxy;

  it('is a hop count, never "trust every address"', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
  });

  it('or a comma-separated list of proxy addresses and CIDR ranges', () => {
    expect(trust('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
  });

  it('refuses anything else with a message naming the variable', () => {
    expect(() => trust('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.1,not-an-address')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});

describe('production defaults for CORS and the API docs', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };

  it('production: same-origin only and no /api/docs unless asked for', () => {
    const cfg = loadConfig({ ...production, DATA_DIR: tmp() });
    expect(cfg.corsOrigins).toEqual([]);
    expect(cfg.apiDocs).toBe(false);
    const opened = loadConfig({ ...production, DATA_DIR: tmp(), CORS_ORIGINS: 'https://a.example, https://b.example', API_DOCS: '1' });
    expect(opened.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(opened.apiDocs).toBe(true);
  });

  it('development keeps every origin and the docs', () => {
    const cfg = loadConfig({ DATA_DIR: tmp() });
    expect(cfg.corsOrigins).toBeUndefined();
    expect(cfg.apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), API_DOCS: '0' }).apiDocs).toBe(false);
  });
});
