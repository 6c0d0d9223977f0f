import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import i18next from 'i18next';
import { ErrorState, LoadingState } from '@kelasku/shared-ui/src/states';
import { loadRoleApp, type RemoteRole } from './remotes';
import { reloadPage } from './reload-page';

const FAILURE_KEY = {
  admin: 'shell:remote.failed.admin',
  teacher: 'shell:remote.failed.teacher',
  student: 'shell:remote.failed.student',
} as const;

/** Read when shown, in the active language. */
export function remoteFailureMessage(role: RemoteRole): string {
  return i18next.t(FAILURE_KEY[role]);
}

interface BoundaryProps {
  role: RemoteRole;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that crashes while rendering: a message and Retry instead of a blank page. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.role} remote failed:`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        message={remoteFailureMessage(this.props.role)}
        onRetry={() => {
          this.setState({ failed: false });
          this.props.onRetry();
        }}
      />
    );
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; App: ComponentType } | { status: 'failed' };

/** Loads and renders the role's remote App; loading and failure states never leave the page blank. */
export function RemoteApp({ role }: { role: RemoteRole }) {
  const [attempt, setAttempt] = useState(0);
  /** How the load for `role` and `attempt` ended; an answer for another load means this one is still on its way. */
  const [loaded, setLoaded] = useState<{ role: RemoteRole; attempt: number; state: LoadState } | null>(null);
  const state: LoadState = loaded?.role === role && loaded.attempt === attempt ? loaded.state : { status: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (ended: LoadState) => current && setLoaded({ role, attempt, state: ended });
    loadRoleApp(role).then(
      (App) => settle({ status: 'ready', App }),
      (err: unknown) => {
        console.error(`Loading the ${role} remote failed:`, err);
        settle({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [role, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.status === 'loading') return <LoadingState />;
  // A failed load is retried by a new page: in this one, the browser would hand the next load of a file the page had
  // preloaded (its start chain, pre-paint.ts) the preload's failed answer. The new page preloads afresh, from the
  // remotes the server names now; offline, the service worker answers it with the kept page.
  if (state.status === 'failed') return <ErrorState message={remoteFailureMessage(role)} onRetry={reloadPage} />;
  const { App } = state;
  return (
    <RemoteErrorBoundary key={attempt} role={role} onRetry={retry}>
      <App />
    </RemoteErrorBoundary>
  );
}
