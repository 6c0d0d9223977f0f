import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingState, RoleLayout } from '@kelasku/shared-ui';

// Each screen family is its own chunk: the dashboard (first screen) stays light, Quill and charts load only where used.
const Dashboard = lazy(() => import('./features/dashboard/DashboardTeacher'));
const ManageSubjects = lazy(() => import('./features/subjects/ManageSubjects'));
const CreateSubject = lazy(() => import('./features/subjects/CreateSubject'));
const EditSubject = lazy(() => import('./features/subjects/EditSubject'));
const DetailSubject = lazy(() => import('./features/subjects/DetailSubject'));
const CreateExercise = lazy(() => import('./features/assessments/CreateExercise'));
const EditExercise = lazy(() => import('./features/assessments/EditExercise'));
const PreviewExercise = lazy(() => import('./features/assessments/PreviewExercise'));
const CreateExam = lazy(() => import('./features/assessments/CreateExam'));
const EditExam = lazy(() => import('./features/assessments/EditExam'));
const PreviewExam = lazy(() => import('./features/assessments/PreviewExam'));
const ClassStream = lazy(() => import('./features/class-stream/ManageTaskExam'));
const CreateTask = lazy(() => import('./features/class-stream/CreateTaskPicker'));
const CreateExamRedirect = lazy(() => import('./features/class-stream/CreateExamRedirect'));
const Grades = lazy(() => import('./features/grades/Grades'));
const Review = lazy(() => import('./features/grades/Review'));

type Screen = LazyExoticComponent<ComponentType<{ grade?: number }>>;

const GRADES = [10, 11, 12] as const;

function page(Screen: Screen, props: { grade?: number } = {}) {
  return <Screen {...props} />;
}

/** The teacher remote: every teacher route, inside the teacher sidebar. The shell provides the router. */
export default function App() {
  return (
    <RoleLayout role="teacher">
      <Suspense fallback={<LoadingState />}>
        <Routes>
          <Route path="/DashboardTeacher" element={page(Dashboard)} />
          {GRADES.map((grade) => (
            <Route key={`m${grade}`} path={`/ManageSubjects${grade}`} element={page(ManageSubjects, { grade })} />
          ))}
          <Route path="/CreateSubjects" element={page(CreateSubject)} />
          {GRADES.map((grade) => (
            <Route key={`c${grade}`} path={`/CreateSubjects${grade}`} element={page(CreateSubject, { grade })} />
          ))}
          <Route path="/EditSubjects" element={page(EditSubject)} />
          <Route path="/DetailSubjects" element={page(DetailSubject)} />
          <Route path="/ManageTaskExam" element={page(ClassStream)} />
          <Route path="/create-task" element={page(CreateTask)} />
          <Route path="/create-exam" element={page(CreateExamRedirect)} />
          <Route path="/CreateExercise" element={page(CreateExercise)} />
          <Route path="/EditExercise" element={page(EditExercise)} />
          <Route path="/PreviewExercise" element={page(PreviewExercise)} />
          <Route path="/CreateExam" element={page(CreateExam)} />
          <Route path="/EditExam" element={page(EditExam)} />
          <Route path="/PreviewAnExam" element={page(PreviewExam)} />
          <Route path="/Grades" element={page(Grades)} />
          <Route path="/Review" element={page(Review)} />
          <Route path="*" element={<Navigate to="/DashboardTeacher" replace />} />
        </Routes>
      </Suspense>
    </RoleLayout>
  );
}
