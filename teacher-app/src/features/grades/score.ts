/** A score as shown and exported: at most 2 decimals, empty when not graded. */
export function formatScore(score: number | null | undefined): string {
  return score == null ? '' : String(Math.round(score * 100) / 100);
}
