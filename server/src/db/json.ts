/** JSON columns: jsonb on PostgreSQL (driver returns parsed values), text on SQLite. See schema.ts. */
export function toDbJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromDbJson<T>(value: unknown): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  return value as T;
}
