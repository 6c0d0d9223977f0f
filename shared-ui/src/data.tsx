import type { ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { errorStatus, isNetworkError } from '@kelasku/shared-api';
import { SessionCache } from '@kelasku/shared-ui/src/session-cache';

// The one data layer of the three remotes: TanStack Query (a federation singleton the shell provides, webpack/federation.ts).
// Each remote's App wraps its screens in <DataProvider>; screens read with useQuery over the queryOptions factories of
// their feature's api.ts. Writes: a feature's api.ts holds its useMutation hooks, each invalidating what it changed;
// components read isPending/error instead of busy flags of their own. Answer saves go through the offline queue
// (the student remote's answering feature) on purpose: an answer must outlive the page, which a mutation does not.

/** How many times a read is tried again after a failure that may pass by itself. */
export const READ_RETRIES = 2;

/**
 * Whether a failed read is worth trying again: no answer at all (a weak connection) or a gateway/busy status.
 * A 4xx (not found, forbidden, bad input) is the server's answer and will not change by asking again.
 */
export function isTransientFailure(error: unknown): boolean {
  const status = errorStatus(error);
  return isNetworkError(error) || status === 502 || status === 503 || status === 504;
}

export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => retry && failures < READ_RETRIES && isTransientFailure(error),
        // What a screen showed a moment ago is shown again at once when the user comes back to it, and
        // refetched in the background after this long.
        staleTime: 30_000,
        // A returning tab must not refetch under a half-typed form; screens that need fresh data on focus
        // (the open exam) ask for it themselves.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Gives the screens below a query cache of their own (SessionCache). The cache lives as long as the remote is mounted:
 * the shell unmounts it at sign-out, so the next user starts with an empty one and never sees the previous user's data.
 */
export function DataProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return <SessionCache createClient={() => client ?? createQueryClient()}>{children}</SessionCache>;
}
