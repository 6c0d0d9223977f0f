import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui';
import { getUserData, roleHome, roleOf, roleOfPath } from '@kelasku/shared-api';
import { LoginPage } from '../login/LoginPage';
import { DevListPage } from './DevListPage';
import { DevPostPage } from './DevPostPage';
import { NotFound } from './NotFound';
import { RemoteApp } from './RemoteApp';
import './mui-provides';

/** `/`: the login page when signed out, else the user's own dashboard. */
function Home() {
  const navigate = useNavigate();
  const user = getUserData();
  if (user) return <Navigate to={roleHome(user.role)} replace />;
  return <LoginPage onSignedIn={(signedIn) => navigate(roleHome(signedIn.role))} />;
}

/**
 * Every other path: role paths go to the signed-in role's remote (signed out → `/`, another role's path → own
 * dashboard); anything else is not found.
 */
function RoleGate() {
  const { pathname } = useLocation();
  const pathRole = roleOfPath(pathname);
  if (!pathRole) return <NotFound />;
  const user = getUserData();
  if (!user) return <Navigate to="/" replace />;
  const role = roleOf(user);
  if (role !== pathRole) return <Navigate to={roleHome(role)} replace />;
  // Keyed by role so a different user after logout/login never sees the previous role's remote.
  return <RemoteApp key={role} role={role} />;
}

/** Routes of the signed-in part, without the router (tests wrap them in a MemoryRouter). */
export function ShellRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/test" element={<DevListPage />} />
      <Route path="/post" element={<DevPostPage />} />
      <Route path="*" element={<RoleGate />} />
    </Routes>
  );
}

export default function SignedInApp() {
  return (
    <KelaskuThemeProvider>
      <BrowserRouter>
        <ShellRoutes />
      </BrowserRouter>
    </KelaskuThemeProvider>
  );
}
