import type { ComponentType } from 'react';
import { Link as RouterLink, Navigate, Route, Routes } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { LoadingState, RoleLayout } from '@kelasku/shared-ui';
import { preloadable, SuspenseAfterFirstScreen, type PreloadableComponent } from '@kelasku/shared-ui/src/preloadable';
import { loadExamPage } from './features/answering/load-exam-page';
import { prefetchClassExams } from './features/answering/exam-prefetch';
import { DashboardStudent } from './features/dashboard/DashboardStudent';
import { PageTitle } from './components/PageTitle';
import { studentMenu } from './menu';
import { idParam } from './lib/student';

/** Screens past the first one load on demand, so the dashboard stays light. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return preloadable(() => load().then((m) => m[name]));
}

const MyClassesPage = lazyNamed(() => import('./features/classes/MyClassesPage'), 'MyClassesPage');
const ClassMaterialsPage = lazyNamed(() => import('./features/classes/ClassMaterialsPage'), 'ClassMaterialsPage');
const MaterialDetailPage = lazyNamed(() => import('./features/classes/MaterialDetailPage'), 'MaterialDetailPage');
const GroupDiscussionsPage = lazyNamed(() => import('./features/discussions/GroupDiscussionsPage'), 'GroupDiscussionsPage');
const MyClassesTaskPage = lazyNamed(() => import('./features/tasks/MyClassesTaskPage'), 'MyClassesTaskPage');
const MyClassesExamPage = lazyNamed(() => import('./features/tasks/MyClassesExamPage'), 'MyClassesExamPage');
const TaskListPage = lazyNamed(() => import('./features/tasks/TaskListPage'), 'TaskListPage');
const TaskPage = lazyNamed(() => import('./features/answering/TaskPage'), 'TaskPage');
const ExamPage = lazyNamed(loadExamPage, 'ExamPage');

/** The code-split page of each path (a path with `/:id` matches its prefix). */
const PAGES: [string, PreloadableComponent<object>][] = [
  ['/MyClasses', MyClassesPage], ['/MyDetailClasses/', ClassMaterialsPage], ['/MyDetailSubject/', MaterialDetailPage],
  ['/GroupDiscussions', GroupDiscussionsPage], ['/MyClassesTask', MyClassesTaskPage], ['/MyDetailClassesTask/', TaskListPage],
  ['/MyClassesExam', MyClassesExamPage], ['/MyTask', TaskPage], ['/MyExams', ExamPage],
];

function pageOfPath(pathname: string): PreloadableComponent<object> | undefined {
  return PAGES.find(([path]) => (path.endsWith('/') ? pathname.startsWith(path) : pathname === path))?.[1];
}

// The page the student reloaded or opened directly starts loading with the remote itself.
const firstPage = pageOfPath(window.location.pathname);
void firstPage?.preload().catch(() => undefined);
// An exam opened or reloaded directly: ask for it now, while its screen's code loads, not once that screen rendered.
const firstExamClass = firstPage === ExamPage ? idParam(new URLSearchParams(window.location.search).get('class_id')) : undefined;
if (firstExamClass) prefetchClassExams(firstExamClass);

/** /CreateDiscussions is a placeholder in the spec: questions are asked from Group Discussions. */
function CreateDiscussionsPlaceholder() {
  return (
    <>
      <PageTitle>Create Discussions</PageTitle>
      <Typography sx={{ mb: 2 }}>Questions are asked from the Group Discussions page with the "Ask a Question" button.</Typography>
      <Button variant="contained" component={RouterLink} to="/GroupDiscussions">Go to Group Discussions</Button>
    </>
  );
}

/** The student remote: every student route inside the student sidebar layout (the shell provides the router). */
export default function App() {
  return (
    <RoleLayout role="student" items={studentMenu}>
      <SuspenseAfterFirstScreen first={firstPage} fallback={<LoadingState />}>
        <Routes>
          <Route path="/DashboardStudent" element={<DashboardStudent />} />
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
