/**
 * JSON columns: jsonb on PostgreSQL (the driver returns parsed values), text on SQLite (strings). See schema.ts.
 *
 * The one reader of what they hold: every read names its column and the shape it must have. A stored value that is
 * not JSON, or not of that shape, is a fault of the stored data, not of a request, and is reported one way everywhere
 * (StoredJsonError: the request fails with a 500 and the log names the column). It is never read as empty: an empty
 * map would let the next write drop a student's answers or the regrade drop a teacher's essay scores.
 */
export function toDbJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** A JSON column whose stored value cannot be read as its shape. */
export class StoredJsonError extends Error {
  constructor(
    readonly column: string,
    problem: string,
  ) {
    super(`stored ${column} ${problem}`);
    this.name = 'StoredJsonError';
  }
}

/** A shape check of a column's parsed value. */
export type JsonShape<T> = (value: unknown) => value is T;

/**
 * The value of JSON column `column`: null for SQL NULL (or JSON null); the parsed value when it has `shape`;
 * StoredJsonError otherwise.
 */
export function readDbJson<T>(value: unknown, column: string, shape: JsonShape<T>): T | null {
  if (value == null) return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new StoredJsonError(column, 'is not JSON');
    }
  }
  if (parsed === null) return null;
  if (!shape(parsed)) throw new StoredJsonError(column, 'has not the shape its column keeps');
  return parsed;
}

/** A JSON object (not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An object whose every value has `shape`. */
export function isMapOf<T>(shape: JsonShape<T>): JsonShape<Record<string, T>> {
  return (value): value is Record<string, T> => isJsonObject(value) && Object.values(value).every(shape);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isStringMap = isMapOf(isString);
const isNumberMap = isMapOf(isNumber);

/** A sheet's `answers`: question number → the answer text (null when the sheet has none). */
export function readAnswersColumn(value: unknown): Record<string, string> | null {
  return readDbJson(value, 'answers', isStringMap);
}

/** A sheet's `answers_at`: question number → when its answer last changed, epoch ms (empty when none is kept). */
export function readAnswerTimesColumn(value: unknown): Record<string, number> {
  return readDbJson(value, 'answers_at', isNumberMap) ?? {};
}
