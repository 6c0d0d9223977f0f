import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from './server';

export interface MarkedBuild {
  /** The built bundle (mf-manifest.json, remoteEntry.js, chunks). */
  dist: string;
  cleanup(): void;
}

const SKIP = new Set(['dist', 'node_modules']);

/** Replaces `text` with `replacement` in the first file under `dir` that contains it. */
function injectIntoFirstFile(dir: string, text: string, replacement: string): string {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = fs.readFileSync(file, 'utf8');
    if (source.includes(text)) {
      fs.writeFileSync(
        file,
        source.replace(text, () => replacement),
      );
      return file;
    }
  }
  throw new Error(`No source file under ${dir} contains "${text}"`);
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (b: Buffer) => {
      output = (output + b.toString()).slice(-10_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`));
    });
  });
}

/** One change to a remote's sources: the first file containing `text` gets `replacement` instead. */
export interface SourceEdit {
  text: string;
  replacement: string;
}

/**
 * Builds a copy of one remote with visible changes: the remote's sources are copied next to it (same depth, so its
 * relative config paths still resolve), each edit is applied to the copy, and webpack builds the copy into its own
 * dist/. The real remote folder and its dist/ are never touched; cleanup() removes the copy.
 */
export async function buildChangedRemote(app: string, edits: SourceEdit[]): Promise<MarkedBuild> {
  const source = path.join(REPO_ROOT, app);
  const copy = path.join(REPO_ROOT, `.e2e-build-${app}-${process.pid}`);
  const cleanup = () => fs.rmSync(copy, { recursive: true, force: true });
  cleanup();
  try {
    fs.cpSync(source, copy, {
      recursive: true,
      filter: (from) => !SKIP.has(path.basename(from)) || path.dirname(from) !== source,
    });
    if (fs.existsSync(path.join(source, 'node_modules')))
      fs.symlinkSync(path.join(source, 'node_modules'), path.join(copy, 'node_modules'));
    for (const { text, replacement } of edits) injectIntoFirstFile(path.join(copy, 'src'), text, replacement);
    await run(path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], copy, 300_000);
    const dist = path.join(copy, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json')))
      throw new Error(`The build of the ${app} copy made no mf-manifest.json`);
    return { dist, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Replaces the contents of `target` with those of `from` ("uploading" a dist/). */
export function replaceFolder(target: string, from: string): void {
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(from, target, { recursive: true });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
};

/** A bare static file server on another origin (a "CDN") answering with CORS headers. */
export function serveFolder(
  root: string,
  port: number,
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(pathname);
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    res.setHeader('access-control-allow-origin', '*');
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    );
  });
}
