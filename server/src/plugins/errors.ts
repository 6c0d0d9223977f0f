import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorCode, genericErrorCode } from '@kelasku/shared-rules';
import { validationMessage } from '../lib/validation-messages';
import { DomainError, type DomainErrorKind, type ErrorDetails, RuleError } from '../domain/errors';
import { formatBytes } from '../domain/limits';

export type { ErrorDetails };

/** Throw this from handlers: becomes `{code, error: message, message}` with the status code. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** The code, its params and extra fields merged into the body (e.g. import errors). */
    public readonly extra?: ErrorDetails,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: ErrorDetails) => new HttpError(400, message, extra);
export const unauthorized = (message: string, extra?: ErrorDetails) => new HttpError(401, message, extra);
export const forbidden = (message = 'Forbidden', extra?: ErrorDetails) => new HttpError(403, message, extra);
export const notFound = (message = 'Not found', extra?: ErrorDetails) => new HttpError(404, message, extra);
export const conflict = (message: string, extra?: ErrorDetails) => new HttpError(409, message, extra);
/** A 413 naming the limit of the route (plugins/body-limits.ts) the body went over. */
export const payloadTooLarge = (limit: number) =>
  new HttpError(413, `Request body is too large (max ${formatBytes(limit)} here)`, {
    code: 'payload-too-large',
    params: { limit: formatBytes(limit) },
  });
/** A 404 for a record (`what`: class, material, exercise, exam, discussion, …) that does not exist or is not shown. */
export const recordNotFound = (what: string, message: string) =>
  notFound(message, { code: 'record-not-found', params: { what } });

/**
 * The one failure body shape: the same text under `error` and `message`, and always a `code` (shared-rules
 * ERROR_CODES) a screen translates by: the one given, else the generic code of the status.
 */
export function errorBody(status: number, message: string, extra?: ErrorDetails) {
  return { ...extra, code: extra?.code ?? genericErrorCode(status), error: message, message };
}

/** The status code of each kind of domain error (domain/errors.ts): the one place they become HTTP. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
};

/** The HTTP status a domain error answers with. */
export const domainStatus = (err: DomainError): number => DOMAIN_STATUS[err.kind];

type DbError = { code?: unknown; constraint?: unknown };

/** PostgreSQL's refusals of a value itself: the request was bad, not the server (a safety net behind the schemas). */
const BAD_VALUE_MESSAGES: Record<string, { message: string; code: ErrorCode }> = {
  '22003': { message: 'A number is out of range', code: 'number-out-of-range' },
  '22P02': { message: 'A value is malformed (not a valid number, date or JSON text)', code: 'value-malformed' },
  '22009': { message: 'A date-time has an invalid time zone offset', code: 'time-zone-invalid' },
};

/** Unique / foreign-key violations and refused values from better-sqlite3 or pg, for a 409/400 instead of a 500. */
function classifyDbError(err: unknown): 'unique' | 'foreign' | 'text' | 'value' | undefined {
  const code = (err as DbError | null)?.code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign';
  // PostgreSQL: text it cannot store (U+0000, bad encoding)
  if (code === '22021' || code === '22P05') return 'text';
  if (typeof code === 'string' && code in BAD_VALUE_MESSAGES) return 'value';
  return undefined;
}

// U+0000 (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not Unicode: PostgreSQL refuses them in JSON,
// and they cannot be encoded as UTF-8). With the u flag, \p{Cs} matches only unpaired surrogates.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what must be found
export const INVALID_TEXT = /[\u0000\p{Cs}]/u;

/** Parsed bodies whose every string and key was already checked against INVALID_TEXT (lib/json-workers.ts). */
export const textCheckedBodies = new WeakSet<object>();

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';
export const INVALID_TEXT_MESSAGE =
  'Text must be valid Unicode: no NUL character (\\u0000) and no unpaired surrogate (\\ud800-\\udfff)';

/**
 * True when a string or key anywhere in a parsed body/query is not valid text. Iterative (bodies may nest thousands
 * deep) and by index over arrays (Object.entries would make a pair and a key string per element: seconds for a 10 MB
 * array). At most `bodyLimit` values are visited: every value of a JSON text takes at least one of its bytes, so a body
 * within its byte limit never has more, and anything beyond is refused as too large rather than walked.
 */
export function containsInvalidText(value: unknown, bodyLimit: number): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > bodyLimit) throw payloadTooLarge(bodyLimit);
    const v = stack.pop();
    if (typeof v === 'string') {
      if (INVALID_TEXT.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      for (const k of Object.keys(record)) {
        if (INVALID_TEXT.test(k)) return true;
        stack.push(record[k]);
      }
    }
  }
  return false;
}

/** Requests Node's HTTP parser could not read (a bad chunk size, two Content-Lengths, …), by the parser's code. */
const UNREADABLE_REQUESTS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/**
 * The server's clientErrorHandler (Fastify option): a request the HTTP parser refused gets the one failure body shape
 * too, then the connection is closed (what comes after a malformed request cannot be trusted). As Fastify's default.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = UNREADABLE_REQUESTS[err.code ?? ''] ?? {
    status: 400,
    message: 'Bad request: the request could not be read as HTTP',
  };
  this.log.trace({ err }, 'client error');
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export interface ErrorsOptions extends Record<string, unknown> {
  /** Called for unmatched requests before the JSON 404; return true when it sent a reply (SPA fallback). */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
}

async function errorsPlugin(app: FastifyInstance, options: ErrorsOptions) {
  app.setErrorHandler((err: FastifyError | HttpError | Record<string, unknown>, request, reply) => {
    const send = (status: number, message: string, extra?: ErrorDetails) =>
      reply.code(status).send(errorBody(status, message, extra));
    const e = err as FastifyError & { extra?: Record<string, unknown> };
    if (e.validation) {
      const { message, field, code, params } = validationMessage(e.validation, e.validationContext);
      return send(400, message, field ? { field, code, params } : { code, params });
    }
    if (err instanceof HttpError) return send(err.statusCode, err.message, err.extra);
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const tooLarge = payloadTooLarge(request.routeOptions.bodyLimit);
      return send(413, tooLarge.message, tooLarge.extra);
    }
    if (err instanceof DomainError) return send(domainStatus(err), err.message, err.extra);
    if (err instanceof RuleError) return send(400, err.message, err.extra);
    const kind = classifyDbError(err);
    if (kind === 'unique')
      return send(409, 'Conflict: a record with these values already exists', { code: 'duplicate-record' });
    if (kind === 'foreign') return send(400, 'A referenced record does not exist', { code: 'reference-missing' });
    if (kind === 'text') return send(400, NUL_MESSAGE, { code: 'invalid-text' });
    if (kind === 'value') {
      const { message, code } = BAD_VALUE_MESSAGES[(err as DbError).code as string];
      return send(400, message, { code });
    }
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = typeof e.message === 'string' && e.message ? e.message : 'Bad request';
      return send(status, message);
    }
    request.log.error({ err }, 'request failed');
    return send(status >= 500 && status < 600 ? status : 500, 'Internal Server Error');
  });

  // PostgreSQL refuses U+0000 and unpaired surrogates (SQLite stores them): refuse them in every request, on both
  // databases alike, before any handler has written anything; one bad value in a group-committed batch of answer
  // saves would otherwise fail the whole batch.
  app.addHook('preValidation', async (request) => {
    const { bodyLimit } = request.routeOptions;
    const { body } = request;
    const bodyChecked = body !== null && typeof body === 'object' && textCheckedBodies.has(body);
    if (containsInvalidText(request.query, bodyLimit) || (!bodyChecked && containsInvalidText(body, bodyLimit))) {
      throw badRequest(INVALID_TEXT_MESSAGE, { code: 'invalid-text' });
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply;
    const path = request.url.split('?')[0];
    return reply.code(404).send(
      errorBody(404, `Route ${request.method} ${path} not found`, {
        code: 'route-not-found',
        params: { method: request.method, path },
      }),
    );
  });
}

export default fp(errorsPlugin, { name: 'kelasku-errors' });
