import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadable, SuspenseAfterFirstScreen } from '@kelasku/shared-ui/src/preloadable';
import { getSignedInUser, type UserData } from '@kelasku/shared-api/src/session';
import { BootErrorBoundary } from './BootErrorBoundary';
import { LoginPage } from './login/LoginPage';
import { isShellPage } from './routing';
import { loadSignedInApp } from './signed-in';

const SignedInApp = preloadable(() => loadSignedInApp().then((m) => m.default));

/** A signed-out visitor sees the login page on every path but the shell's developer pages (and is sent back to `/`). */
export function startsOnLogin(pathname: string, user: UserData | null): boolean {
  return !user && !isShellPage(pathname);
}

/**
 * First screen. The login page is plain React + CSS; everything else (router, MUI, remotes) is the lazy SignedInApp,
 * which from then on also shows the login page itself (after a logout).
 */
export function Root() {
  // Waits (Suspense) for the active language's 'shell' messages; the prerendered login form shows meanwhile.
  const { t } = useTranslation('shell');
  const [onLogin, setOnLogin] = useState(() => {
    const login = startsOnLogin(window.location.pathname, getSignedInUser());
    if (login && window.location.pathname !== '/') window.history.replaceState(null, '', '/');
    return login;
  });
  if (onLogin) {
    return (
      <LoginPage
        // Still on `/`: the role's remote, which owns its paths, opens its home.
        onSignedIn={() => setOnLogin(false)}
      />
    );
  }
  return (
    <BootErrorBoundary>
      {/* Signed in: the app's code is waited for outside <Suspense>, so it shows as soon as it is there. */}
      <SuspenseAfterFirstScreen first={SignedInApp} fallback={<p className="kelasku-boot">{t('boot.loading')}</p>}>
        <SignedInApp />
      </SuspenseAfterFirstScreen>
    </BootErrorBoundary>
  );
}
