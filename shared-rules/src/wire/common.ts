/**
 * Building blocks of the wire schemas: TypeBox schemas of what the API sends, which the server serializes its replies
 * with and shared-api derives its types from (`import type` + `Static`, so no browser bundle carries TypeBox).
 * Browser code imports this folder only with `import type` (scripts/wire-imports.test.ts checks it).
 */
import { Type, type Static, type TInteger, type TNumber, type TObject, type TString } from 'typebox';

/**
 * `value` or null, as `type: [t, "null"]` (the validator's messages name both types; TypeBox's own Union would be an
 * anyOf, whose refusals read worse).
 */
export function nullable<T extends TString | TInteger | TNumber>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** An object or null (`type: ["object", "null"]`, as nullable does for scalars). */
export function nullableObject<T extends TObject>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: ['object', 'null'] });
}

/** The meta object of every paginated envelope (both `totalPage` and `totalpages`). */
export const pageMetaSchema = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  totalPage: Type.Integer(),
  totalpages: Type.Integer(),
});

/** A content map: every value a string (docs/api.md §4.1). */
export const contentMapSchema = Type.Unsafe<Record<string, string>>({
  type: 'object',
  additionalProperties: { type: 'string' },
});

/** Where an exam stands against its window (shared-rules exam-window.ts). */
export const examStatusSchema = Type.Enum(['Scheduled', 'Active', 'Completed'], { type: 'string' });

/** True when A and B are the same type (not merely assignable one way): compile-time checks of a type against a schema. */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Fails to compile unless T is true: `export type XMatches = Expect<Equals<X, Static<typeof xSchema>>>`. */
export type Expect<T extends true> = T;
