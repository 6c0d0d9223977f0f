import { lazy, Suspense, useReducer } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import { getUserData, roleOf } from '@kelasku/shared-api';
import { LoginPage } from '../login/LoginPage';
import { RemoteApp } from './RemoteApp';
import { SessionGuard } from './SessionGuard';
import './mui-provides';

// The developer pages' forms (MUI's form chunk) stay off the signed-in first screens.
const DevListPage = lazy(() => import('./DevListPage').then((m) => ({ default: m.DevListPage })));
const DevPostPage = lazy(() => import('./DevPostPage').then((m) => ({ default: m.DevPostPage })));

/**
 * `/` and every path but the developer pages: the signed-in role's remote, which owns its routes (a path of another
 * role, or one it does not have, takes the user to its dashboard; `/` too). Signed out: the login page at `/`.
 */
function RoleGate({ onHome }: { onHome: boolean }) {
  // Read on every render, never kept: after a logout the router reuses this component for `/`.
  const user = getUserData();
  const [, signedIn] = useReducer((n: number) => n + 1, 0);
  if (!user) return onHome ? <LoginPage onSignedIn={signedIn} /> : <Navigate to="/" replace />;
  const role = roleOf(user);
  // Keyed by role so a different user after logout/login never sees the previous role's remote.
  return <RemoteApp key={role} role={role} />;
}

/** Routes of the signed-in part, without the router (tests wrap them in a MemoryRouter). */
export function ShellRoutes() {
  return (
    <Routes>
      <Route
        path="/test"
        element={
          <Suspense fallback={null}>
            <DevListPage />
          </Suspense>
        }
      />
      <Route
        path="/post"
        element={
          <Suspense fallback={null}>
            <DevPostPage />
          </Suspense>
        }
      />
      <Route path="/" element={<RoleGate onHome />} />
      <Route path="*" element={<RoleGate onHome={false} />} />
    </Routes>
  );
}

export default function SignedInApp() {
  return (
    <KelaskuThemeProvider>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
      <SessionGuard />
    </KelaskuThemeProvider>
  );
}
