// Standalone page of a remote in development: signs in against the real API (proxied /api) with the role's
// demo account, then renders the remote's App inside its own BrowserRouter, as the shell would.
import { useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import { authApi, getSignedInUser, roleOf, saveSession } from '@kelasku/shared-api';
import { startI18n } from '@kelasku/shared-ui/src/i18n';

type Role = 'admin' | 'teacher' | 'student';
declare const __KELASKU_DEMO_ACCOUNT__: { username: string; password: string };

async function signIn(role: Role): Promise<void> {
  const user = getSignedInUser();
  if (user && roleOf(user) === role) return;
  const { username, password } = __KELASKU_DEMO_ACCOUNT__;
  const { token } = await authApi.login(username, password);
  const signedIn = saveSession(token);
  if (roleOf(signedIn) !== role) throw new Error(`The demo account ${username} is not a ${role}`);
}

function Harness({ role, App }: { role: Role; App: ComponentType }) {
  // 'signing-in', 'ready', or what went wrong
  const [state, setState] = useState<string>('signing-in');
  const attempt = () => {
    setState('signing-in');
    signIn(role).then(
      // On `/` the remote itself opens its home (it owns its routes).
      () => setState('ready'),
      (err: unknown) => setState(`Demo sign-in failed (is the API running on http://localhost:3000?): ${String(err)}`),
    );
  };
  // Signs in once when the page opens; the role never changes on this page.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(attempt, []);
  if (state === 'signing-in') return <LoadingState text={`Signing in as the demo ${role}...`} />;
  if (state !== 'ready') return <ErrorState message={state} onRetry={attempt} />;
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}

export function mountDevHarness(role: Role, App: ComponentType): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  void startI18n();
  createRoot(container).render(
    <KelaskuThemeProvider>
      <Harness role={role} App={App} />
    </KelaskuThemeProvider>,
  );
}
