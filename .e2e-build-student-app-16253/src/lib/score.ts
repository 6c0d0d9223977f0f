/** Scores are stored with 2 decimals; show them without trailing zeros (85, 66.67), '-' when there is none. */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) ? String(Number(score.toFixed(2))) : '-';
}
