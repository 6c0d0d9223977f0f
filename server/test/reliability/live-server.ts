/**
 * The app in a child process on a real TCP port (live-server-child.ts), for requests that app.inject cannot send
 * (chunked bodies cut off, wrong Content-Lengths, slow senders) and for asserting that the process survives them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface LiveServer {
  port: number;
  tokens: Record<'admin' | 'teacher' | 'student', string>;
  /** Everything the process wrote (for failure messages). */
  output: () => string;
  /** The exit code once the process has ended; undefined while it runs. */
  exitCode: () => number | null | undefined;
  stop: () => Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'live-server-child.ts')],
    {
      cwd: path.join(__dirname, '../..'),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const ready = await new Promise<{ port: number; tokens: LiveServer['tokens'] }>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const line = output.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', () => reject(new Error(`the server process ended before listening:\n${output}`)));
  });
  return {
    ...ready,
    output: () => output,
    exitCode: () => exited,
    stop: () =>
      new Promise((resolve) => {
        if (exited !== undefined) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface RawReply {
  status: number | undefined;
  head: string;
  body: string;
  /** The connection ended (closed or reset) before a whole reply came. */
  cutOff: boolean;
}

/**
 * Writes `parts` to a fresh connection as they are (head and body bytes exactly as given), `pauseMs` apart, then
 * waits for the reply (or the connection's end, or `timeoutMs`). `end: 'half'` leaves the connection's write side
 * open (a sender that stopped), `'destroy'` resets it after the last part.
 */
export function rawRequest(
  port: number,
  parts: Array<string | Buffer>,
  options: { pauseMs?: number; end?: 'keep' | 'destroy'; timeoutMs?: number } = {},
): Promise<RawReply> {
  const { pauseMs = 0, end = 'keep', timeoutMs = 5_000 } = options;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (cutOff: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({ status: status ? Number(status) : undefined, head, body: rest.join('\r\n\r\n'), cutOff });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (d) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return;
      const head = text.slice(0, split);
      const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(text.slice(split + 4), 'latin1') >= Number(length)) finish(false);
    });
    // A server that answers early and closes makes our later writes fail (EPIPE): its reply may still be read
    // before the close, so the reply is judged on 'close', not on the error.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(!/^HTTP\/1\.1 \d{3}/.test(Buffer.concat(chunks).toString('latin1'))));
    const send = async () => {
      for (const [i, part] of parts.entries()) {
        if (done || socket.destroyed) return;
        if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        socket.write(part);
      }
      if (end === 'destroy') setTimeout(() => finish(true), 50);
    };
    socket.on('connect', () => void send());
  });
}

/** A chunked body's parts: each piece framed as `<hex size>\r\n<bytes>\r\n`, then the last chunk. */
export function chunked(pieces: string[]): string[] {
  return [...pieces.map((p) => `${Buffer.byteLength(p).toString(16)}\r\n${p}\r\n`), '0\r\n\r\n'];
}
