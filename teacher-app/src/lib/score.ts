/** A score as written to exported files: at most 2 decimals with a decimal point, empty when not graded (the screens
 * use shared-ui's formatScore, which follows the active language). */
export function formatScore(score: number | null | undefined): string {
  return score == null ? '' : String(Math.round(score * 100) / 100);
}

/** A score as a number cell of an exported file: at most 2 decimals (the CSV module writes its decimal comma), empty when not graded. */
export function roundScore(score: number | null | undefined): number | null {
  return score == null ? null : Math.round(score * 100) / 100;
}
