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

/** How long `afterUsable` waits for the mark on a screen that sets none (not every screen is a listed first screen). */
export const USABLE_MARK_WAIT_MS = 10_000;

/**
 * Runs `run` once the first screen is usable (at once if it already is, or after USABLE_MARK_WAIT_MS on a screen that
 * never marks it): for code a screen must already have when the connection is gone, fetched without delaying the
 * screen itself. Returns a cancel.
 */
export function afterUsable(run: () => void): () => void {
  const marked = () => performance.getEntriesByName(USABLE_MARK, 'mark').length > 0;
  if (typeof performance === 'undefined' || typeof PerformanceObserver === 'undefined' || marked()) {
    run();
    return () => {};
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const observer = new PerformanceObserver(() => {
    if (marked()) once();
  });
  observer.observe({ type: 'mark' });
  const timer = setTimeout(once, USABLE_MARK_WAIT_MS);
  const cancel = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  return cancel;
}
