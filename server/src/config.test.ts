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
    const opened = loadConfig({
      ...production,
      DATA_DIR: tmp(),
      CORS_ORIGINS: 'https://a.example, https://b.example',
      API_DOCS: '1',
    });
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

describe('ESSAY_SCORER', () => {
  const base = () => ({ DATA_DIR: tmp() });
  it('is the local scorer with 5000 ms by default', () => {
    expect(loadConfig(base()).essayScorer).toEqual({ kind: 'local', timeoutMs: 5000 });
  });
  it('openai needs a key; the endpoint and model have defaults', () => {
    expect(() => loadConfig({ ...base(), ESSAY_SCORER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(
      loadConfig({ ...base(), ESSAY_SCORER: 'openai', OPENAI_API_KEY: 'k', ESSAY_SCORER_TIMEOUT_MS: '800' })
        .essayScorer,
    ).toEqual({
      kind: 'openai',
      timeoutMs: 800,
      apiKey: 'k',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
    });
    expect(() => loadConfig({ ...base(), ESSAY_SCORER: 'gpt' })).toThrow(ConfigError);
  });
});

it('reads SESSION_LIFETIME_DAYS as the absolute session lifetime, 30 days by default', () => {
  const dataDir = tmp();
  expect(loadConfig({ DATA_DIR: dataDir }).sessionLifetimeSeconds).toBe(30 * 86400);
  expect(loadConfig({ DATA_DIR: dataDir, SESSION_LIFETIME_DAYS: '7' }).sessionLifetimeSeconds).toBe(7 * 86400);
  expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_LIFETIME_DAYS: '0' })).toThrow(ConfigError);
});

describe('METRICS_PORT, METRICS_HOST, METRICS_TOKEN', () => {
  const base = () => ({ DATA_DIR: tmp() });
  const token = 'a'.repeat(32);
  it('are off unless a port or a token is set', () => {
    expect(loadConfig(base()).metrics).toBeUndefined();
  });
  it('a port of their own listens on 127.0.0.1 unless METRICS_HOST says otherwise; a token alone serves /metrics on the API port', () => {
    expect(loadConfig({ ...base(), METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
    expect(
      loadConfig({ ...base(), METRICS_PORT: '9464', METRICS_HOST: '10.0.0.7', METRICS_TOKEN: token }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.7', token });
    expect(loadConfig({ ...base(), METRICS_TOKEN: token }).metrics).toEqual({
      port: undefined,
      host: undefined,
      token,
    });
  });
  it('refuses a port that is not one or is the API port, a short or spaced token, and a host without a port', () => {
    for (const METRICS_PORT of ['0', '-1', '70000', '9464.5', 'abc', '3000']) {
      expect(() => loadConfig({ ...base(), METRICS_PORT })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...base(), PORT: '8080', METRICS_PORT: '8080' })).toThrow(/other than PORT/);
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: `${token} ${token}` })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), METRICS_HOST: '0.0.0.0' })).toThrow(/needs METRICS_PORT/);
  });
});

// One table of settings (the README's "Configuration"), and config.ts the one place that reads them.
describe('the environment table', () => {
  const repo = path.join(__dirname, '..', '..');
  const readIn = (file: string) =>
    new Set([...fs.readFileSync(file, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]));

  it('lists exactly the variables config.ts reads', () => {
    const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
    );
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]+)/g)].map((m) => m[1])),
    );
    expect([...documented].sort()).toEqual([...readIn(path.join(__dirname, 'config.ts'))].sort());
  });

  it('no other server file reads the environment', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'config.ts') {
          // npm's INIT_CWD (where a command was typed) is not a setting
          const text = fs.readFileSync(full, 'utf8').replace(/process\.env\.INIT_CWD/g, '');
          if (/process\.env/.test(text)) readers.push(path.relative(repo, full));
        }
      }
    };
    walk(__dirname);
    expect(readers).toEqual([]);
  });
});
