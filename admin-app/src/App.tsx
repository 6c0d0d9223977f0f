import './i18n';
import { Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@kelasku/shared-ui/src/states';
import { DataProvider } from '@kelasku/shared-ui/src/data';
import { RoleLayout } from '@kelasku/shared-ui/src/RoleLayout';
import { preloadable, SuspenseAfterFirstScreen } from '@kelasku/shared-ui/src/preloadable';
import { DashboardAdmin } from './features/dashboard/components/DashboardAdmin';
import { translatedMenu } from './menu';

// The dashboard is the admin's first screen and stays in the entry chunk; the other screens load on demand.
const ManageClasses = preloadable(() => import('./features/classes/components/ManageClasses').then((m) => m.default));
const ClassDetail = preloadable(() => import('./features/classes/components/ClassDetail').then((m) => m.default));
const ManageStudents = preloadable(() => import('./features/accounts/components/ManageStudents').then((m) => m.default));
const ManageTeachers = preloadable(() => import('./features/accounts/components/ManageTeachers').then((m) => m.default));

/** The code-split screen of a path, if any. */
function screenOfPath(pathname: string) {
  if (/^\/ManageClass1[012]$/.test(pathname)) return ManageClasses;
  if (pathname.startsWith('/class/')) return ClassDetail;
  if (pathname === '/ManageAccStudent') return ManageStudents;
  if (pathname === '/ManageAccTeacher') return ManageTeachers;
  return undefined;
}

// The screen the admin reloaded or opened directly starts loading with the remote itself.
const firstScreen = screenOfPath(window.location.pathname);
void firstScreen?.preload().catch(() => undefined);

/** Every admin route inside the admin sidebar layout, its texts in the active language. */
function AdminScreens() {
  const { t } = useTranslation('admin');
  const menu = useMemo(() => translatedMenu(t), [t]);
  return (
    <RoleLayout role="admin" items={menu}>
      <SuspenseAfterFirstScreen first={firstScreen} fallback={<LoadingState />}>
        <Routes>
          <Route path="/DashboardAdmin" element={<DashboardAdmin />} />
          <Route path="/ManageClass10" element={<ManageClasses key={10} grade={10} />} />
          <Route path="/ManageClass11" element={<ManageClasses key={11} grade={11} />} />
          <Route path="/ManageClass12" element={<ManageClasses key={12} grade={12} />} />
          <Route path="/class/:id" element={<ClassDetail />} />
          <Route path="/ManageAccStudent" element={<ManageStudents />} />
          <Route path="/ManageAccTeacher" element={<ManageTeachers />} />
          <Route path="*" element={<Navigate to="/DashboardAdmin" replace />} />
        </Routes>
      </SuspenseAfterFirstScreen>
    </RoleLayout>
  );
}

/**
 * The admin remote (the shell provides the router). Its own boundary waits for the admin messages of the active
 * language, which a remote deployed alone brings itself (./i18n.ts).
 */
export default function App() {
  return (
    <DataProvider>
      <Suspense fallback={<LoadingState />}>
        <AdminScreens />
      </Suspense>
    </DataProvider>
  );
}
