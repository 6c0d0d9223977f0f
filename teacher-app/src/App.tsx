import './i18n'; // first: the 'teacher' messages are registered (and start loading) before any screen asks for them
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingState } from '@kelasku/shared-ui/src/states';
import { DataProvider } from '@kelasku/shared-ui/src/data';
import { RoleLayout } from '@kelasku/shared-ui/src/RoleLayout';
import { preloadable, SuspenseAfterFirstScreen, type PreloadableComponent } from '@kelasku/shared-ui/src/preloadable';
import { teacherMenu } from './menu';

type Screen = PreloadableComponent<{ grade?: number }>;
const screen = (load: () => Promise<{ default: ComponentType<{ grade?: number }> }>): Screen => preloadable(() => load().then((m) => m.default));

// Each screen family is its own chunk: the dashboard (first screen) stays light, Quill and charts load only where used.
const Dashboard = screen(() => import('./features/dashboard/components/DashboardTeacher'));
const ManageSubjects = screen(() => import('./features/subjects/components/ManageSubjects'));
const CreateSubject = screen(() => import('./features/subjects/components/CreateSubject'));
const EditSubject = screen(() => import('./features/subjects/components/EditSubject'));
const DetailSubject = screen(() => import('./features/subjects/components/DetailSubject'));
const CreateExercise = screen(() => import('./features/assessments/components/CreateExercise'));
const EditExercise = screen(() => import('./features/assessments/components/EditExercise'));
const PreviewExercise = screen(() => import('./features/assessments/components/PreviewExercise'));
const CreateExam = screen(() => import('./features/assessments/components/CreateExam'));
const EditExam = screen(() => import('./features/assessments/components/EditExam'));
const PreviewExam = screen(() => import('./features/assessments/components/PreviewExam'));
const ClassStream = screen(() => import('./features/class-stream/components/ManageTaskExam'));
const CreateTask = screen(() => import('./features/class-stream/components/CreateTaskPicker'));
const CreateExamRedirect = screen(() => import('./features/class-stream/components/CreateExamRedirect'));
const Grades = screen(() => import('./features/grades/components/Grades'));
const Review = screen(() => import('./features/grades/components/Review'));
const Analysis = screen(() => import('./features/analysis/components/Analysis'));

const GRADES = [10, 11, 12] as const;

type TeacherRoute = [path: string, Screen: Screen, props: { grade?: number }];
/** `/ManageSubjects10`, `/ManageSubjects11`, … : one path per class grade, the grade passed to the screen. */
const perGrade = (path: string, Screen: Screen) => GRADES.map((grade): TeacherRoute => [`${path}${grade}`, Screen, { grade }]);

/** Every teacher path, its screen and the screen's props. */
const ROUTES: TeacherRoute[] = [
  ['/DashboardTeacher', Dashboard, {}],
  ...perGrade('/ManageSubjects', ManageSubjects),
  ['/CreateSubjects', CreateSubject, {}],
  ...perGrade('/CreateSubjects', CreateSubject),
  ['/EditSubjects', EditSubject, {}],
  ['/DetailSubjects', DetailSubject, {}],
  ['/ManageTaskExam', ClassStream, {}],
  ['/create-task', CreateTask, {}],
  ['/create-exam', CreateExamRedirect, {}],
  ['/CreateExercise', CreateExercise, {}],
  ['/EditExercise', EditExercise, {}],
  ['/PreviewExercise', PreviewExercise, {}],
  ['/CreateExam', CreateExam, {}],
  ['/EditExam', EditExam, {}],
  ['/PreviewAnExam', PreviewExam, {}],
  ['/Grades', Grades, {}],
  ['/Review', Review, {}],
  ['/Analysis', Analysis, {}],
];

// The screen the teacher reloaded or opened directly starts loading with the remote itself.
const firstScreen = ROUTES.find(([path]) => path === window.location.pathname)?.[1];
void firstScreen?.preload().catch(() => undefined);

/** Every teacher route, inside the teacher sidebar (its labels need the 'teacher' messages). */
function TeacherRoutes() {
  const { t } = useTranslation('teacher');
  return (
    <RoleLayout role="teacher" items={teacherMenu(t)}>
      <SuspenseAfterFirstScreen first={firstScreen} fallback={<LoadingState />}>
        <Routes>
          {ROUTES.map(([path, Screen, props]) => (
            <Route key={path} path={path} element={<Screen {...props} />} />
          ))}
          <Route path="*" element={<Navigate to="/DashboardTeacher" replace />} />
        </Routes>
      </SuspenseAfterFirstScreen>
    </RoleLayout>
  );
}

/** The teacher remote. The shell provides the router; the remote waits for its own messages in its own boundary. */
export default function App() {
  return (
    <DataProvider>
      <Suspense fallback={<LoadingState />}>
        <TeacherRoutes />
      </Suspense>
    </DataProvider>
  );
}
