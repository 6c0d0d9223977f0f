/** Instants in the database: see schema.ts. Write with toDbTime, read with fromDbTime. */
export function toDbTime(date: Date = new Date()): string {
  return date.toISOString();
}

export function fromDbTime(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** RFC 3339 in UTC, for created_at and similar outputs. */
export function isoFromDb(value: Date | string): string {
  return fromDbTime(value).toISOString();
}
