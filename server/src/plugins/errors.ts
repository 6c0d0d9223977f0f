import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { globalPlugin } from './global-plugin';

/** Throw this from handlers: becomes `{error: message, message}` with the status code. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Extra fields merged into the body (e.g. import errors). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);

/** The one failure body shape: the same text under `error` and `message`. */
export function errorBody(message: string, extra?: Record<string, unknown>) {
  return { ...extra, error: message, message };
}

type DbError = { code?: unknown; constraint?: unknown };

/** Unique / foreign-key violations from better-sqlite3 or pg, for a 409/400 instead of a 500. */
function classifyDbError(err: unknown): 'unique' | 'foreign' | 'text' | undefined {
  const code = (err as DbError | null)?.code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign';
  // PostgreSQL: text it cannot store (U+0000, bad encoding)
  if (code === '22021' || code === '22P05') return 'text';
  return undefined;
}

/** True when a string anywhere in a parsed body/query holds U+0000 (iterative: bodies may nest thousands deep). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

export interface ErrorsOptions extends Record<string, unknown> {
  /** Called for unmatched requests before the JSON 404; return true when it sent a reply (SPA fallback). */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
}

async function errorsPlugin(app: FastifyInstance, options: ErrorsOptions) {
  app.setErrorHandler((err: FastifyError | HttpError | Record<string, unknown>, request, reply) => {
    const e = err as FastifyError & { extra?: Record<string, unknown> };
    if (e.validation) {
      return reply.code(400).send(errorBody(e.message));
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(errorBody(err.message, err.extra));
    }
    const kind = classifyDbError(err);
    if (kind === 'unique') return reply.code(409).send(errorBody('Conflict: a record with these values already exists'));
    if (kind === 'foreign') return reply.code(400).send(errorBody('A referenced record does not exist'));
    if (kind === 'text') return reply.code(400).send(errorBody(NUL_MESSAGE));
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = typeof e.message === 'string' && e.message ? e.message : 'Bad request';
      return reply.code(status).send(errorBody(message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send(errorBody('Internal Server Error'));
  });

  // PostgreSQL text cannot hold U+0000 (SQLite can): refuse it in every request, on both databases alike, before any
  // handler has written anything (found by server/test/reliability/hostile-input.test.ts: 500s on PostgreSQL).
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.body)) throw new HttpError(400, NUL_MESSAGE);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply;
    const path = request.url.split('?')[0];
    return reply.code(404).send(errorBody(`Route ${request.method} ${path} not found`));
  });
}

export default globalPlugin(errorsPlugin, 'kelasku-errors');
