import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * Gives the screens below a TanStack Query cache of their own, created when this mounts and dropped when it unmounts.
 * The one rule of every cache in the browser: it is mounted only inside a tree that a session's end unmounts, so the
 * next user never sees the previous user's data, nor what their writes carried (a typed password). The remotes: their
 * DataProvider (the shell unmounts a remote at sign-out). The shell: its sign-in form (gone once signed in, a new one
 * after every sign-out), the session-ended dialog (gone once signed in again) and the developer pages.
 * Light on purpose (no API client): the login page's first load carries it.
 */
export function SessionCache({
  children,
  createClient = () => new QueryClient(),
}: {
  children: ReactNode;
  /** The cache's defaults (the remotes' reads: data.tsx createQueryClient); the shell only writes. */
  createClient?: () => QueryClient;
}) {
  const [client] = useState(createClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
