// Numbers and scores in the active language: English keeps the specification's decimal point (85.5, 66.67);
// Indonesian uses a decimal comma and a dot between thousands (85,5; 1.250).
// By its shared path: the shell's copy, not a second one in each remote (scripts/first-screen-imports.test.ts).
import { currentLanguage } from '@kelasku/shared-ui/src/i18n';

/** A number with at most `maxDecimals` decimals and no trailing zeros. */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (currentLanguage() === 'id')
    return new Intl.NumberFormat('id-ID', { maximumFractionDigits: maxDecimals }).format(value);
  return String(Number(value.toFixed(maxDecimals)));
}

/** Scores are stored with 2 decimals; shown without trailing zeros (85, 66.67), '-' when there is none. */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) ? formatNumber(score) : '-';
}
