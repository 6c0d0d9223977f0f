/**
 * Small helpers shared by every route module (paging, update verbs, common schemas). The schemas are TypeBox: plain
 * JSON schemas for the validator and the OpenAPI document, and the request and reply types of routes registered on a
 * `withTypeProvider<TypeBoxTypeProvider>()` instance.
 */
import type { FastifyInstance, RouteShorthandOptions, RouteHandlerMethod } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { pageMetaSchema } from '@kelasku/shared-rules/src/wire/common';
import { ContentError } from '../domain/content';
import { cleanProfilePicture } from '../domain/images';
import { badRequest } from '../plugins/errors';

/** Largest id the database holds: ids are 32-bit `int`/`serial` columns on PostgreSQL (larger values fail there). */
export const MAX_ID = 2 ** 31 - 1;

/** Schema of every integer id (query, body, array items): refused at validation on both databases alike. */
export const idSchema = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** `value` or null, and the meta object of every paginated envelope: the wire schemas' own (one definition). */
export { nullable, pageMetaSchema } from '@kelasku/shared-rules/src/wire/common';

export const DEFAULT_PAGE_SIZE = 15;
export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, and small enough that the row offset stays an exact integer in every database. */
export const MAX_PAGE = 1_000_000;

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : undefined;
}

/**
 * `page` (default 1) and `pageSize` (default 15, capped at 100) from a query: values below 1 and non-numbers fall
 * back to the default rather than failing; a page number beyond MAX_PAGE is refused (400), since its row offset would
 * overflow the database's integers.
 */
export function parsePaging(query: unknown, defaultSize = DEFAULT_PAGE_SIZE, maxSize = MAX_PAGE_SIZE): Paging {
  const q = (query ?? {}) as Record<string, unknown>;
  const page = positiveInt(q.page) ?? 1;
  if (page > MAX_PAGE)
    throw badRequest(`page must be a number from 1 to ${MAX_PAGE}`, {
      code: 'page-out-of-range',
      params: { max: MAX_PAGE },
    });
  const pageSize = Math.min(positiveInt(q.pageSize) ?? defaultSize, maxSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The meta object of every paginated envelope (both `totalPage` and `totalpages`). */
export function pageMeta(paging: Paging, total: number): Static<typeof pageMetaSchema> {
  const totalPage = Math.ceil(total / paging.pageSize);
  return { page: paging.page, pageSize: paging.pageSize, total, totalPage, totalpages: totalPage };
}

/** Query schema fragment that accepts page/pageSize of any shape (parsePaging cleans them). */
export const pagingProperties = {
  page: Type.Optional(Type.String()),
  pageSize: Type.Optional(Type.String()),
};

/** `?page&pageSize` alone. */
export const pagingQuerySchema = Type.Object(pagingProperties);

/** An object whose first property is named at run time (`exercise_id` | `exam_id`, `material_id` | `class_id`). */
export function withKey<K extends string, S extends TSchema, P extends Record<string, TSchema>>(
  key: K,
  schema: S,
  properties: P,
) {
  const first = { [key]: schema } as { [k in K]: S };
  return Type.Object({ ...first, ...properties });
}

/** `?id=<positive integer>` required. */
export const idQuerySchema = Type.Object({ id: idSchema });

export type IdQuery = Static<typeof idQuerySchema>;

/** The reply of a write that returns nothing else (`{message: "Class deleted successfully"}`). */
export const messageResponse = { 200: Type.Object({ message: Type.String() }) };

/** An update route answers both PUT and PATCH (docs/api.md §1.6). */
export const UPDATE_METHODS: ['PUT', 'PATCH'] = ['PUT', 'PATCH'];

/** Register an update route under both PUT and PATCH (routes on a typed instance use `app.route` with UPDATE_METHODS). */
export function registerUpdate(
  app: FastifyInstance,
  url: string,
  options: RouteShorthandOptions,
  handler: RouteHandlerMethod,
): void {
  app.route({ ...options, method: UPDATE_METHODS, url, handler });
}

/** `true` only for the literal string "true" (FE sends sortByNIS=true/false). */
export function queryFlag(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

/** Trimmed non-empty string or undefined. */
export function queryText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/** A student's or teacher's profile picture cleaned and checked like every other one (domain/images.ts), or 400. */
export async function profilePicture(value: string | null | undefined): Promise<string | null> {
  try {
    return await cleanProfilePicture(value, 'profile_picture_url');
  } catch (e) {
    if (e instanceof ContentError) throw badRequest(e.message, e.extra);
    throw e;
  }
}
