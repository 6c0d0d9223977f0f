import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT } from './server';

/**
 * Debian's nginx running the shipped site file deploy/nginx/kelasku.conf as an unprivileged-port process: the same
 * file with only its addresses and paths replaced, inside a minimal main configuration of a temporary prefix.
 *
 *   const check = nginxCheck();                      // at load time: run, skip or (CI=true) fail the file
 *   const proxy = await startNginx({ nodes: [portA, portB], staticDir });
 *   proxy.requests()                                 // the access log: which node (or nginx itself) served what
 *
 * NGINX_PATH overrides /usr/sbin/nginx.
 */
export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const SHIPPED_SITE = path.join(REPO_ROOT, 'deploy', 'nginx', 'kelasku.conf');
/** Debian's Brotli module (libnginx-mod-http-brotli-static); with it the site's `brotli_static on;` is turned on. */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxCheck {
  /** nginx can be run. */
  available: boolean;
  /** Whether the tests needing it run (available), are skipped (not in CI), or must fail (CI=true without nginx). */
  mode: 'run' | 'skip' | 'fail';
  reason: string;
}

export function nginxCheck(): NginxCheck {
  let available = false;
  try {
    fs.accessSync(NGINX_PATH, fs.constants.X_OK);
    available = true;
  } catch {
    /* not installed */
  }
  if (available) return { available, mode: 'run', reason: '' };
  const reason = `no nginx at ${NGINX_PATH} (apt-get install -y nginx; .ci/run installs it)`;
  return { available, mode: process.env.CI === 'true' ? 'fail' : 'skip', reason };
}

export function brotliModuleInstalled(): boolean {
  return fs.existsSync(BROTLI_MODULE);
}

/** One line of the access log. `node` is the index of the node that answered, or undefined when nginx did itself. */
export interface LoggedRequest {
  method: string;
  uri: string;
  status: number;
  node: number | undefined;
  contentEncoding: string;
}

export interface RunningNginx {
  url: string;
  port: number;
  /** The generated site file (for failure messages). */
  site: string;
  requests(): LoggedRequest[];
  errorLog(): string;
  stop(): Promise<void>;
}

/** Replaces `from` by `to` in `text`, failing when the shipped file no longer holds `from` (a silent drift otherwise). */
function replaceAll(text: string, from: string, to: string): string {
  if (!text.includes(from))
    throw new Error(`${SHIPPED_SITE} no longer contains "${from}": update e2e/src/harness/nginx.ts`);
  return text.split(from).join(to);
}

/** The shipped site file for this run: the nodes' ports, the build's folder, a free port of our own. */
export function siteFor(
  shipped: string,
  options: { nodes: [number, number]; staticDir: string; port: number; brotli: boolean },
): string {
  let site = shipped;
  site = replaceAll(site, '127.0.0.1:3001', `127.0.0.1:${options.nodes[0]}`);
  site = replaceAll(site, '127.0.0.1:3002', `127.0.0.1:${options.nodes[1]}`);
  site = replaceAll(site, '/srv/kelasku', options.staticDir.replace(/\/+$/, ''));
  site = replaceAll(site, '    listen [::]:80;\n', '');
  site = replaceAll(site, '    listen 80;', `    listen 127.0.0.1:${options.port};`);
  if (options.brotli) site = replaceAll(site, '# brotli_static on;', 'brotli_static on;');
  return site;
}

function mainConfig(dir: string, sitePath: string, brotli: boolean): string {
  // Run as root (CI), nginx would switch its workers to `nobody`, who may not read the checkout or write the
  // temporary folder; as anyone else the `user` directive does not apply.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`)
    .join('\n');
  return `${user}daemon off;
worker_processes 2;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  log_format kelasku '$request_method\\t$request_uri\\t$status\\t$upstream_addr\\t$sent_http_content_encoding';
  access_log ${path.join(dir, 'access.log')} kelasku;
${temp}
  include ${sitePath};
}
`;
}

function parseLog(text: string, nodes: [number, number]): LoggedRequest[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [method, uri, status, upstream, contentEncoding] = line.split('\t');
      // `$upstream_addr` is "-" when nginx answered itself, and lists every node tried ("a, b") after a retry
      const last =
        upstream === '-'
          ? undefined
          : upstream
              .split(/[,:]\s*/)
              .filter(Boolean)
              .slice(-1)[0];
      const index = last === undefined ? -1 : nodes.indexOf(Number(last));
      return {
        method,
        uri,
        status: Number(status),
        node: index >= 0 ? index : undefined,
        contentEncoding: contentEncoding === '-' ? '' : contentEncoding,
      };
    });
}

async function waitForPing(
  url: string,
  exited: () => string | undefined,
  errorLog: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`nginx exited (${exit}) before answering:\n${errorLog()}`);
    try {
      const res = await fetch(`${url}/api/v1/ping`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer /api/v1/ping within ${timeoutMs} ms:\n${errorLog()}`);
}

/** Starts nginx on a free port of the e2e range in front of the two nodes and waits until a ping passes through. */
export async function startNginx(options: { nodes: [number, number]; staticDir: string }): Promise<RunningNginx> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-nginx-'));
  const brotli = brotliModuleInstalled();
  const site = siteFor(fs.readFileSync(SHIPPED_SITE, 'utf8'), { ...options, port, brotli });
  const sitePath = path.join(dir, 'kelasku.conf');
  fs.writeFileSync(sitePath, site);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir, sitePath, brotli));
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8').slice(-5000);
    } catch {
      return '';
    }
  };
  let output = '';
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exit: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exit === undefined) {
      child.kill('SIGTERM'); // fast shutdown: the tests are done with it
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPing(
      url,
      () => exit,
      () => `${output}\n${errorLog()}`,
      30_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port,
    site,
    requests: () => parseLog(fs.readFileSync(path.join(dir, 'access.log'), 'utf8'), options.nodes),
    errorLog,
    stop,
  };
}
