// First: registers the 'student' messages before any screen asks for them.
import './i18n';
import { preloadMessages } from '@kelasku/shared-ui/src/i18n';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Route, Routes } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LoadingState, RoleLayout } from '@kelasku/shared-ui';
import { preloadable, SuspenseAfterFirstScreen, type PreloadableComponent } from '@kelasku/shared-ui/src/preloadable';
import { DataProvider } from '@kelasku/shared-ui/src/data';
import { loadExamPage } from './features/answering/load-exam-page';
import { prefetchClassExams } from './features/answering/exam-prefetch';
import { PageTitle } from './components/PageTitle';
import { studentMenu } from './menu';
import { idParam } from './lib/student';

/**
 * Every screen is code-split, the dashboard too: the remote's App then needs no file of its own beyond the menu and
 * the routes, and the first screen's code (preloaded below) starts loading as soon as App runs. On an exam opened
 * directly, the exam request and screen no longer wait for the dashboard's files.
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return preloadable(() => load().then((m) => m.default));
}

const DashboardPage = lazyScreen(() => import('./features/dashboard/components/DashboardStudent'));
const MyClassesPage = lazyScreen(() => import('./features/classes/components/MyClassesPage'));
const ClassMaterialsPage = lazyScreen(() => import('./features/classes/components/ClassMaterialsPage'));
const MaterialDetailPage = lazyScreen(() => import('./features/classes/components/MaterialDetailPage'));
const GroupDiscussionsPage = lazyScreen(() => import('./features/discussions/components/GroupDiscussionsPage'));
const MyClassesTaskPage = lazyScreen(() => import('./features/tasks/components/MyClassesTaskPage'));
const MyClassesExamPage = lazyScreen(() => import('./features/tasks/components/MyClassesExamPage'));
const TaskListPage = lazyScreen(() => import('./features/tasks/components/TaskListPage'));
const TaskPage = lazyScreen(() => import('./features/answering/components/TaskPage'));
const ExamPage = lazyScreen(loadExamPage);

/** The code-split page of each path (a path with `/:id` matches its prefix). */
const PAGES: [string, PreloadableComponent<object>][] = [
  ['/DashboardStudent', DashboardPage], ['/MyClasses', MyClassesPage], ['/MyDetailClasses/', ClassMaterialsPage],
  ['/MyDetailSubject/', MaterialDetailPage],
  ['/GroupDiscussions', GroupDiscussionsPage], ['/MyClassesTask', MyClassesTaskPage], ['/MyDetailClassesTask/', TaskListPage],
  ['/MyClassesExam', MyClassesExamPage], ['/MyTask', TaskPage], ['/MyExams', ExamPage],
];

/** The screen a path shows first: every path without one of its own (`/`, after sign-in…) leads to the dashboard. */
function pageOfPath(pathname: string): PreloadableComponent<object> | undefined {
  if (pathname === '/CreateDiscussions') return undefined;
  return PAGES.find(([path]) => (path.endsWith('/') ? pathname.startsWith(path) : pathname === path))?.[1] ?? DashboardPage;
}

const firstPage = pageOfPath(window.location.pathname);
// An exam opened or reloaded directly: ask for it now, while its screen's code loads, not once that screen rendered.
// Asked before that code: the browser opens few connections per server, and the exam must not wait behind chunks.
const firstExamClass = firstPage === ExamPage ? idParam(new URLSearchParams(window.location.search).get('class_id')) : undefined;
if (firstExamClass) prefetchClassExams(firstExamClass);
// The screens' texts, fetched in parallel with the first screen's code (after the exam request, which goes first).
preloadMessages('student');
// The page the student reloaded or opened directly starts loading with the remote itself.
void firstPage?.preload().catch(() => undefined);

/** /CreateDiscussions is a placeholder in the spec: questions are asked from Group Discussions. */
function CreateDiscussionsPlaceholder() {
  const { t } = useTranslation('student');
  return (
    <>
      <PageTitle>{t('createDiscussions.title')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('createDiscussions.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/GroupDiscussions">{t('createDiscussions.goTo')}</Button>
    </>
  );
}

/** The student remote: every student route inside the student sidebar layout (the shell provides the router). */
function StudentRoutes() {
  // Suspends until the 'student' messages are here; re-renders the menu (its labels are read at render) on a switch.
  useTranslation('student');
  return (
    <RoleLayout role="student" items={studentMenu}>
      <SuspenseAfterFirstScreen first={firstPage} fallback={<LoadingState />}>
        <Routes>
          <Route path="/DashboardStudent" element={<DashboardPage />} />
          <Route path="/MyClasses" element={<MyClassesPage />} />
          <Route path="/MyDetailClasses/:id" element={<ClassMaterialsPage />} />
          <Route path="/MyDetailSubject/:id" element={<MaterialDetailPage />} />
          <Route path="/GroupDiscussions" element={<GroupDiscussionsPage />} />
          <Route path="/CreateDiscussions" element={<CreateDiscussionsPlaceholder />} />
          <Route path="/MyClassesTask" element={<MyClassesTaskPage />} />
          <Route path="/MyDetailClassesTask/:id" element={<TaskListPage />} />
          <Route path="/MyClassesExam" element={<MyClassesExamPage />} />
          <Route path="/MyTask" element={<TaskPage />} />
          <Route path="/MyExams" element={<ExamPage />} />
          <Route path="*" element={<Navigate to="/DashboardStudent" replace />} />
        </Routes>
      </SuspenseAfterFirstScreen>
    </RoleLayout>
  );
}

/** The exposed App: its own Suspense boundary, so the shell's page stays up while the student messages load. */
export default function App() {
  return (
    <DataProvider>
      <Suspense fallback={<LoadingState />}>
        <StudentRoutes />
      </Suspense>
    </DataProvider>
  );
}
