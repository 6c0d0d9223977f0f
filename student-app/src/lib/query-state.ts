/** The part of a TanStack query result that decides what a screen shows. */
export interface QueryView {
  data: unknown;
  isPending: boolean;
  isFetching: boolean;
}

/**
 * Whether a screen shows its loading state: it has nothing to show yet (the first load, or a Retry after a failure).
 * Once data is here it stays on screen, also while it is asked again and when asking again fails.
 */
export const awaitsData = (query: QueryView): boolean =>
  query.data === undefined && (query.isPending || query.isFetching);
