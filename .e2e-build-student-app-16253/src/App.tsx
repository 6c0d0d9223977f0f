import { lazy, Suspense, type ComponentType } from 'react';
import { Link as RouterLink, Navigate, Route, Routes } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { LoadingState, RoleLayout } from '@kelasku/shared-ui';
import { DashboardStudent } from './features/dashboard/DashboardStudent';
import { PageTitle } from './components/PageTitle';

/** Screens past the first one load on demand, so the dashboard stays light. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const MyClassesPage = lazyNamed(() => import('./features/classes/MyClassesPage'), 'MyClassesPage');
const ClassMaterialsPage = lazyNamed(() => import('./features/classes/ClassMaterialsPage'), 'ClassMaterialsPage');
const MaterialDetailPage = lazyNamed(() => import('./features/classes/MaterialDetailPage'), 'MaterialDetailPage');
const GroupDiscussionsPage = lazyNamed(() => import('./features/discussions/GroupDiscussionsPage'), 'GroupDiscussionsPage');
const MyClassesTaskPage = lazyNamed(() => import('./features/tasks/MyClassesTaskPage'), 'MyClassesTaskPage');
const MyClassesExamPage = lazyNamed(() => import('./features/tasks/MyClassesExamPage'), 'MyClassesExamPage');
const TaskListPage = lazyNamed(() => import('./features/tasks/TaskListPage'), 'TaskListPage');
const TaskPage = lazyNamed(() => import('./features/answering/TaskPage'), 'TaskPage');
const ExamPage = lazyNamed(() => import('./features/answering/ExamPage'), 'ExamPage');

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
    <RoleLayout role="student">
      <Suspense fallback={<LoadingState />}>
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
      </Suspense>
    </RoleLayout>
  );
}
