import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** Escape %, _ and the escape char itself so user text matches literally inside LIKE. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive "column contains term" on both dialects (LIKE with escaped wildcards). */
export function containsInsensitive(column: Expression<unknown>, term: string): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/** Case-insensitive "column starts with term". */
export function startsWithInsensitive(column: Expression<unknown>, term: string): RawBuilder<SqlBool> {
  const pattern = `${escapeLike(term.toLowerCase())}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/** count(*) values: number on SQLite, number on PostgreSQL with our int8 parser; be defensive anyway. */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}

/** A unique index refused the write (better-sqlite3 or pg): e.g. two requests racing to take the same name. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
