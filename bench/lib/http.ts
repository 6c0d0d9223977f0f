/** A small scripted HTTP client over an undici Pool, timing each call. */
import { Pool } from 'undici';

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  start: number;
  end: number;
  /** network error text when the request failed before a status */
  error?: string;
  /** the reply's ETag, when it sent one */
  etag?: string;
}

/**
 * Generous timeouts on purpose: a student's browser waits minutes for an answer, so a slow server shows up as
 * latency (and as errors only when it really fails), not as client-side timeouts.
 */
export function makePool(url: string, connections: number): Pool {
  return new Pool(url, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 300_000,
    bodyTimeout: 300_000,
    connect: { timeout: 60_000 },
  });
}

export async function call<T = unknown>(
  pool: Pool,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  opts: { token?: string; body?: unknown; raw?: boolean; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  let payload: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    // raw: the body is already the JSON text to send (bodies no JSON.stringify would write, or too large to build twice)
    payload = opts.raw ? (opts.body as string) : JSON.stringify(opts.body);
  }
  const start = performance.now();
  try {
    const res = await pool.request({ method, path, headers, body: payload });
    const text = await res.body.text();
    const end = performance.now();
    let body: unknown = text;
    if ((res.headers['content-type'] ?? '').toString().includes('json') && text) {
      try {
        body = JSON.parse(text);
      } catch {
        /* keep text */
      }
    }
    const etag = res.headers.etag;
    return { status: res.statusCode, body: body as T, start, end, ...(typeof etag === 'string' ? { etag } : {}) };
  } catch (e) {
    return { status: 0, body: undefined as T, start, end: performance.now(), error: (e as Error).message };
  }
}

export function ok(r: CallResult): boolean {
  return r.status >= 200 && r.status < 300;
}

export function errorKind(r: CallResult): string {
  if (r.status === 0) return `network: ${r.error ?? '?'}`.slice(0, 80);
  const msg = typeof r.body === 'object' && r.body && 'message' in r.body ? String(r.body.message) : '';
  return `${r.status}${msg ? ` ${msg.slice(0, 60)}` : ''}`;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
