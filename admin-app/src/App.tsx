import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingState, RoleLayout, adminNav } from '@kelasku/shared-ui';
import DashboardAdmin from './features/dashboard/DashboardAdmin';

// The dashboard is the admin's first screen and stays in the entry chunk; the other screens load on demand.
const ManageClasses = lazy(() => import('./features/classes/ManageClasses'));
const ClassDetail = lazy(() => import('./features/classes/ClassDetail'));
const ManageStudents = lazy(() => import('./features/accounts/ManageStudents'));
const ManageTeachers = lazy(() => import('./features/accounts/ManageTeachers'));

/** The admin remote: every admin route inside the admin sidebar layout (the shell provides the router). */
export default function App() {
  return (
    <RoleLayout role="admin" items={adminNav}>
      <Suspense fallback={<LoadingState />}>
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
      </Suspense>
    </RoleLayout>
  );
}
