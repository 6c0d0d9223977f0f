/**
 * The errors repositories and domain rules throw: what went wrong, in words a user reads, without HTTP. The error
 * plugin (plugins/errors.ts) gives each kind its status code, in one place.
 */
export type DomainErrorKind = 'invalid' | 'not-found' | 'conflict';

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields the reply carries beside the message (e.g. the classes that block a deletion). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The request asks for something the rules do not allow (e.g. a teacher id that does not exist). */
export const invalid = (message: string, extra?: Record<string, unknown>) => new DomainError('invalid', message, extra);
/** The record the request names does not exist. */
export const missing = (message: string) => new DomainError('not-found', message);
/** The request clashes with what is stored (a name already taken, a record still in use). */
export const clash = (message: string, extra?: Record<string, unknown>) => new DomainError('conflict', message, extra);
