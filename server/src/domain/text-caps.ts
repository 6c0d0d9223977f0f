/**
 * A typed text past its cap in bytes (shared-rules textBytes: as a reply carries it) is refused with a 400 naming the
 * field and the cap; the forms refuse the same texts before sending.
 */
import { overBytes } from '@kelasku/shared-rules';
import { RuleError } from './errors';

export class TextTooLarge extends RuleError {
  readonly statusCode = 400;

  constructor(field: string, limit: number) {
    super(`${field} is too long (max ${limit} bytes)`, { code: 'text-too-large', params: { field, limit } });
  }
}

/** Throws TextTooLarge when `text` takes more than `limit` bytes. */
export function requireTextBytes(field: string, text: string, limit: number): void {
  if (overBytes(text, limit)) throw new TextTooLarge(field, limit);
}
