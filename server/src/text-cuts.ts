/**
 * Cutting a stored text to a cap in bytes (shared-rules textBytes: as a reply carries it), for the one-off commands
 * that bring rows written before a cap within it (fit-stored-texts.ts): the longest prefix that fits, at a character
 * boundary, with a marker at its end so readers see it was cut.
 */
import { textBytes } from '@kelasku/shared-rules';

/** Ends every shortened text: "cut" in Bahasa Indonesia, what readers of the school see. */
export const TRIM_MARKER = ' …[terpotong]';

/** Keeps `text` within `cap` bytes (shared-rules textBytes) with `marker` at its end: the longest prefix that fits. */
export function cutToBytes(text: string, cap: number, marker = TRIM_MARKER): string {
  const room = cap - textBytes(marker);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textBytes(text.slice(0, mid)) <= room) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, atCharBoundary(text, low))}${marker}`;
}

/** `end` moved back off the middle of a surrogate pair. */
function atCharBoundary(text: string, end: number): number {
  const last = text.charCodeAt(end - 1);
  return end > 0 && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}
