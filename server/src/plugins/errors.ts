import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationMessage } from '../lib/validation-messages';
import { DomainError, type DomainErrorKind } from '../domain/errors';

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

/** The status code of each kind of domain error (domain/errors.ts): the one place they become HTTP. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = { invalid: 400, 'not-found': 404, conflict: 409 };

type DbError = { code?: unknown; constraint?: unknown };

/** PostgreSQL's refusals of a value itself: the request was bad, not the server (a safety net behind the schemas). */
const BAD_VALUE_MESSAGES: Record<string, string> = {
  '22003': 'A number is out of range',
  '22P02': 'A value is malformed (not a valid number, date or JSON text)',
  '22009': 'A date-time has an invalid time zone offset',
};

/** Unique / foreign-key violations and refused values from better-sqlite3 or pg, for a 409/400 instead of a 500. */
function classifyDbError(err: unknown): 'unique' | 'foreign' | 'text' | 'value' | undefined {
  const code = (err as DbError | null)?.code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign';
  // PostgreSQL: text it cannot store (U+0000, bad encoding)
  if (code === '22021' || code === '22P05') return 'text';
  if (typeof code === 'string' && code in BAD_VALUE_MESSAGES) return 'value';
  return undefined;
}

// U+0000 (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not Unicode: PostgreSQL refuses them in JSON,
// and they cannot be encoded as UTF-8). With the u flag, \p{Cs} matches only unpaired surrogates.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what must be found
const INVALID_TEXT = /[\u0000\p{Cs}]/u;

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';
export const INVALID_TEXT_MESSAGE = 'Text must be valid Unicode: no NUL character (\\u0000) and no unpaired surrogate (\\ud800-\\udfff)';

/** True when a string or key anywhere in a parsed body/query is not valid text (iterative: bodies may nest thousands deep). */
export function containsInvalidText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (INVALID_TEXT.test(v)) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        if (INVALID_TEXT.test(k)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

export interface ErrorsOptions extends Record<string, unknown> {
  /** Called for unmatched requests before the JSON 404; return true when it sent a reply (SPA fallback). */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
}

async function errorsPlugin(app: FastifyInstance, options: ErrorsOptions) {
  app.setErrorHandler((err: FastifyError | HttpError | Record<string, unknown>, request, reply) => {
    const e = err as FastifyError & { extra?: Record<string, unknown> };
    if (e.validation) {
      const { message, field } = validationMessage(e.validation, e.validationContext);
      return reply.code(400).send(errorBody(message, field ? { field } : undefined));
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send(errorBody(err.message, err.extra));
    }
    if (err instanceof DomainError) {
      return reply.code(DOMAIN_STATUS[err.kind]).send(errorBody(err.message, err.extra));
    }
    const kind = classifyDbError(err);
    if (kind === 'unique') return reply.code(409).send(errorBody('Conflict: a record with these values already exists'));
    if (kind === 'foreign') return reply.code(400).send(errorBody('A referenced record does not exist'));
    if (kind === 'text') return reply.code(400).send(errorBody(NUL_MESSAGE));
    if (kind === 'value') return reply.code(400).send(errorBody(BAD_VALUE_MESSAGES[(err as DbError).code as string]));
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = typeof e.message === 'string' && e.message ? e.message : 'Bad request';
      return reply.code(status).send(errorBody(message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send(errorBody('Internal Server Error'));
  });

  // PostgreSQL refuses U+0000 and unpaired surrogates (SQLite stores them): refuse them in every request, on both
  // databases alike, before any handler has written anything; one bad value in a group-committed batch of answer
  // saves would otherwise fail the whole batch.
  app.addHook('preValidation', async (request) => {
    if (containsInvalidText(request.query) || containsInvalidText(request.body)) throw new HttpError(400, INVALID_TEXT_MESSAGE);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply;
    const path = request.url.split('?')[0];
    return reply.code(404).send(errorBody(`Route ${request.method} ${path} not found`));
  });
}

export default fp(errorsPlugin, { name: 'kelasku-errors' });
