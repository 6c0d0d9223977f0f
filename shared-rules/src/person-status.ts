/** The status of a student or teacher is free text; these common values are offered, and any spelling of one
 * ("active ", "ACTIVE") is stored as written here so lists and filters see one value. */
export const COMMON_STATUSES = ['Active', 'Inactive', 'Graduated', 'Transferred'] as const;

/** Trimmed; a common status in its usual spelling; any other text as typed. */
export function normalizeStatus(raw: string): string {
  const trimmed = raw.trim();
  const lower = trimmed.toLowerCase();
  return COMMON_STATUSES.find((s) => s.toLowerCase() === lower) ?? trimmed;
}
