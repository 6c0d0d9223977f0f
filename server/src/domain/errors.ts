/**
 * The errors repositories and domain rules throw: what went wrong, in words a user reads, without HTTP. The error
 * plugin (plugins/errors.ts) gives each kind its status code, in one place.
 */
import type { ErrorCode, ErrorParams } from '@kelasku/shared-rules';

export type DomainErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict';

/**
 * What a failure body carries beside its message: the stable `code` a screen translates by (shared-rules
 * ERROR_CODES; without one the body gets the generic code of its status), the `params` the message holds, and any
 * other fields (e.g. the classes that block a deletion).
 */
export type ErrorDetails = { code?: ErrorCode; params?: ErrorParams } & Record<string, unknown>;

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
    /** The code, params and extra fields the reply carries beside the message. */
    public readonly extra?: ErrorDetails,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The request asks for something the rules do not allow (e.g. a teacher id that does not exist). */
export const invalid = (message: string, extra?: ErrorDetails) => new DomainError('invalid', message, extra);
/** The caller may not do this (policy.ts): their role, their class or their own work does not allow it. */
export const refused = (message = 'Forbidden', extra?: ErrorDetails) => new DomainError('forbidden', message, extra);
/** The record the request names does not exist. */
export const missing = (message: string, extra?: ErrorDetails) => new DomainError('not-found', message, extra);
/** A record (`what`: class, student, teacher, user, …) that does not exist. */
export const missingRecord = (what: string, message: string) =>
  missing(message, { code: 'record-not-found', params: { what } });
/** The request clashes with what is stored (a name already taken, a record still in use). */
export const clash = (message: string, extra?: ErrorDetails) => new DomainError('conflict', message, extra);

/**
 * A rule of the content a user sent is broken (a content map, an exam window, a grading change): a 400 with this
 * message wherever it is thrown. Each subclass gives its own default code.
 */
export class RuleError extends Error {
  constructor(
    message: string,
    public readonly extra?: ErrorDetails,
  ) {
    super(message);
  }
}
