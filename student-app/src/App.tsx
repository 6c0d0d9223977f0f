// First: registers the 'student' messages before any screen asks for them.
import './i18n';
import { preloadMessages } from '@kelasku/shared-ui/src/i18n';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { firstScreenOf, RemoteRoot, type RemoteRoute } from '@kelasku/shared-ui/src/RemoteRoot';
import { loadExamPage } from './lib/load-exam-page';
import { prefetchClassExams } from './lib/exam-prefetch';
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
const MyClassesTaskPage = lazyScreen(() => import('./features/assessments/components/MyClassesTaskPage'));
const MyClassesExamPage = lazyScreen(() => import('./features/assessments/components/MyClassesExamPage'));
const TaskListPage = lazyScreen(() => import('./features/assessments/components/TaskListPage'));
const TaskPage = lazyScreen(() => import('./features/answering/components/TaskPage'));
const ExamPage = lazyScreen(loadExamPage);

/** /CreateDiscussions is a placeholder in the spec: questions are asked from Group Discussions. */
function CreateDiscussionsPlaceholder() {
  const { t } = useTranslation('student');
  return (
    <>
      <PageTitle>{t('createDiscussions.title')}</PageTitle>
      <Typography sx={{ mb: 2 }}>{t('createDiscussions.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/GroupDiscussions">
        {t('createDiscussions.goTo')}
      </Button>
    </>
  );
}

const HOME = '/DashboardStudent';

/** Every student path and its screen. */
const ROUTES: RemoteRoute[] = [
  { path: HOME, screen: DashboardPage },
  { path: '/MyClasses', screen: MyClassesPage },
  { path: '/MyDetailClasses/:id', screen: ClassMaterialsPage },
  { path: '/MyDetailSubject/:id', screen: MaterialDetailPage },
  { path: '/GroupDiscussions', screen: GroupDiscussionsPage },
  { path: '/CreateDiscussions', screen: CreateDiscussionsPlaceholder },
  { path: '/MyClassesTask', screen: MyClassesTaskPage },
  { path: '/MyDetailClassesTask/:id', screen: TaskListPage },
  { path: '/MyClassesExam', screen: MyClassesExamPage },
  { path: '/MyTask', screen: TaskPage },
  { path: '/MyExams', screen: ExamPage },
];

const firstPage = firstScreenOf(ROUTES, HOME, window.location.pathname);
// An exam opened or reloaded directly: ask for it now, while its screen's code loads, not once that screen rendered.
// Asked before that code: the browser opens few connections per server, and the exam must not wait behind chunks.
const firstExamClass =
  firstPage === ExamPage ? idParam(new URLSearchParams(window.location.search).get('class_id')) : undefined;
if (firstExamClass) prefetchClassExams(firstExamClass);
// The screens' texts, fetched in parallel with the first screen's code (after the exam request, which goes first).
preloadMessages('student');
// The page the student reloaded or opened directly starts loading with the remote itself.
void firstPage?.preload().catch(() => undefined);

/** The exposed App (the shell provides the router). */
export default function App() {
  return (
    <RemoteRoot
      role="student"
      namespace="student"
      menu={studentMenu}
      routes={ROUTES}
      home={HOME}
      firstScreen={firstPage}
    />
  );
}
