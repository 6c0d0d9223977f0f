/**
 * How large a material is as a list carries it: its texts as JSON (shared-rules textBytes) plus its other fields, and
 * how many of its pictures a reply prefixes with PUBLIC_URL. Kept beside each material (migration 0018) so that a page
 * of a list can be sized to stay within MAX_PAGE_BYTES without reading the content of every material first.
 */
import { textBytes } from '@kelasku/shared-rules';
import { FIELDS_JSON_BYTES, MAX_PAGE_BYTES } from './limits';
import { IMAGE_URL_PREFIX } from './images';

export interface MaterialBytes {
  list_bytes: number;
  image_refs: number;
}

export function materialBytes(text: { title: string; description: string; content: string }): MaterialBytes {
  return {
    list_bytes: FIELDS_JSON_BYTES + textBytes(text.title) + textBytes(text.description) + textBytes(text.content),
    image_refs: text.content.split(IMAGE_URL_PREFIX).length - 1,
  };
}

/** Room for the list's envelope (`meta`, key, brackets) on a page. */
const ENVELOPE_BYTES = 1024;

/**
 * The page size a list of materials gets: the one asked for, made smaller when the largest material of the list (its
 * bytes, and its pictures prefixed with `publicUrlBytes` each) would take the page past MAX_PAGE_BYTES; at least one.
 * It depends only on the list and the size asked for, so every page of a listing has the same size and none is skipped.
 */
export function materialPageSize(requested: number, largest: MaterialBytes, publicUrlBytes: number): number {
  const item = largest.list_bytes + largest.image_refs * publicUrlBytes;
  if (item <= 0) return requested;
  return Math.max(1, Math.min(requested, Math.floor((MAX_PAGE_BYTES - ENVELOPE_BYTES) / item)));
}
