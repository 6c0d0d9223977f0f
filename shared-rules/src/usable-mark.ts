/**
 * The moment a first screen is usable: its main content is on screen and answers input. Each listed first screen
 * (login, the role dashboards, the exam page…) sets this User Timing mark once per page load; the bundle budgets
 * (bench/check-budgets.ts) count only the scripts the browser loaded before it. Charts and other later parts may
 * arrive after the mark.
 */
export const USABLE_MARK = 'kelasku:usable';

/** Sets the mark, once per document: a later screen of the same page load (a click away) never moves it. */
export function markUsable(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(USABLE_MARK, 'mark').length > 0) return;
  performance.mark(USABLE_MARK);
}
