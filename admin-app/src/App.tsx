import './i18n';
import { STUDENT_GRADES } from '@kelasku/shared-rules/src/grades';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { firstScreenOf, RemoteRoot, type RemoteRoute } from '@kelasku/shared-ui/src/RemoteRoot';
import { DashboardAdmin } from './features/dashboard/components/DashboardAdmin';
import { adminMenu } from './menu';

// The dashboard is the admin's first screen and stays in the entry chunk; the other screens load on demand.
const ManageClasses = preloadable(() => import('./features/classes/components/ManageClasses').then((m) => m.default));
const ClassDetail = preloadable(() => import('./features/classes/components/ClassDetail').then((m) => m.default));
const ManageStudents = preloadable(() =>
  import('./features/accounts/components/ManageStudents').then((m) => m.default),
);
const ManageTeachers = preloadable(() =>
  import('./features/accounts/components/ManageTeachers').then((m) => m.default),
);

const HOME = '/DashboardAdmin';

/** Every admin path and its screen. */
const ROUTES: RemoteRoute[] = [
  { path: HOME, screen: DashboardAdmin },
  ...STUDENT_GRADES.map((grade) => ({ path: `/ManageClass${grade}`, screen: ManageClasses, props: { grade } })),
  { path: '/class/:id', screen: ClassDetail },
  { path: '/ManageAccStudent', screen: ManageStudents },
  { path: '/ManageAccTeacher', screen: ManageTeachers },
];

// The screen the admin reloaded or opened directly starts loading with the remote itself.
const firstScreen = firstScreenOf(ROUTES, HOME, window.location.pathname);
void firstScreen?.preload().catch(() => undefined);

/** The admin remote (the shell provides the router; ./i18n.ts brings the admin messages when deployed alone). */
export default function App() {
  return (
    <RemoteRoot role="admin" namespace="admin" menu={adminMenu} routes={ROUTES} home={HOME} firstScreen={firstScreen} />
  );
}
