import { lazy, Suspense, useEffect, useState } from 'react';
import {
  dropParkedCalls,
  getSignedInUser,
  getUserData,
  onSessionEnded,
  resumeSession,
  signOut,
  type UserData,
} from '@kelasku/shared-api';
import { loadSignOutWarning, unsentWorkNow, type UnsentNow } from '@kelasku/shared-ui/src/unsent-work';
import { startSessionKeeper } from './session-keeper';

// Shown only at a sign-out with unsent work: its dialog components stay off the first screen (unsent-work.ts).
const SignOutWarning = lazy(() => loadSignOutWarning().then((m) => ({ default: m.SignOutWarning })));

// Loaded when a session ends, not with every page: its text fields (MUI's form chunk) are not on any first screen.
const SignInDialog = lazy(() => import('./SignInDialog').then((m) => ({ default: m.SignInDialog })));

/** Same account: the page carries on. Anyone else starts from their own dashboard (a full load, nothing kept). */
export function isSameUser(before: UserData | null, after: UserData): boolean {
  return before !== null && before.user_id === after.user_id && before.role === after.role;
}

const loadHome = () => window.location.assign('/');

/**
 * Keeps the session alive while the user is active, and when it ends anyway (a call refused with 401) shows the
 * sign-in dialog over the page; the refused calls wait (shared-api http.ts) and go out again after the sign-in.
 */
export function SessionGuard({ goHome = loadHome }: { goHome?: () => void }) {
  const [ended, setEnded] = useState<{ previous: UserData | null } | null>(null);
  /** Logout asked with work not on the server: the warning over the dialog (waiting keeps the dialog). */
  const [unsent, setUnsent] = useState<UnsentNow | null>(null);

  useEffect(() => startSessionKeeper(), []);
  useEffect(() => onSessionEnded(() => setEnded({ previous: getUserData() })), []);

  const leaveForHome = () => {
    dropParkedCalls();
    goHome();
  };
  const signedIn = (user: UserData) => {
    if (!ended || !isSameUser(ended.previous, user)) {
      leaveForHome();
      return;
    }
    setEnded(null);
    resumeSession();
  };

  // Signed in again in another tab: carry on here too.
  useEffect(() => {
    if (!ended) return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'token') return;
      const user = getSignedInUser();
      if (user && isSameUser(ended.previous, user)) {
        setEnded(null);
        resumeSession();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [ended]);

  if (!ended) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog
        previous={ended.previous}
        onSignedIn={signedIn}
        onLogout={() => {
          const work = unsentWorkNow(ended.previous?.user_id);
          if (work.drafts > 0 || work.answers > 0) setUnsent(work);
          else void signOut().finally(leaveForHome);
        }}
      />
      {unsent && (
        <SignOutWarning
          work={unsent}
          busy={false}
          onWait={() => setUnsent(null)}
          onSignOut={() => void signOut().finally(leaveForHome)}
        />
      )}
    </Suspense>
  );
}
