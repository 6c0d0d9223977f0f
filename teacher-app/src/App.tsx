import './i18n'; // first: the 'teacher' messages are registered (and start loading) before any screen asks for them
import type { ComponentType } from 'react';
import { STUDENT_GRADES } from '@kelasku/shared-rules/src/grades';
import { preloadable, type PreloadableComponent } from '@kelasku/shared-ui/src/preloadable';
import { firstScreenOf, RemoteRoot, type RemoteRoute } from '@kelasku/shared-ui/src/RemoteRoot';
import { teacherMenu } from './menu';

type Screen = PreloadableComponent<{ grade?: number }>;
const screen = (load: () => Promise<{ default: ComponentType<{ grade?: number }> }>): Screen =>
  preloadable(() => load().then((m) => m.default));

// Each screen family is its own chunk: the dashboard (first screen) stays light, Quill and charts load only where used.
const Dashboard = screen(() => import('./features/dashboard/components/DashboardTeacher'));
const ManageSubjects = screen(() => import('./features/materials/components/ManageSubjects'));
const CreateSubject = screen(() => import('./features/materials/components/CreateSubject'));
const EditSubject = screen(() => import('./features/materials/components/EditSubject'));
const DetailSubject = screen(() => import('./features/materials/components/DetailSubject'));
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
const GroupDiscussions = screen(() => import('./features/group-discussions/components/GroupDiscussions'));
const Gradebook = screen(() => import('./features/gradebook/components/Gradebook'));
const ExamMonitor = screen(() => import('./features/exam-monitor/components/ExamMonitor'));

const HOME = '/DashboardTeacher';

/** `/ManageSubjects10`, `/ManageSubjects11`, … : one path per class grade, the grade passed to the screen. */
const perGrade = (path: string, screen: Screen): RemoteRoute[] =>
  STUDENT_GRADES.map((grade) => ({ path: `${path}${grade}`, screen, props: { grade } }));

/** Every teacher path and its screen. */
const ROUTES: RemoteRoute[] = [
  { path: HOME, screen: Dashboard },
  ...perGrade('/ManageSubjects', ManageSubjects),
  { path: '/CreateSubjects', screen: CreateSubject },
  ...perGrade('/CreateSubjects', CreateSubject),
  { path: '/EditSubjects', screen: EditSubject },
  { path: '/DetailSubjects', screen: DetailSubject },
  { path: '/ManageTaskExam', screen: ClassStream },
  { path: '/create-task', screen: CreateTask },
  { path: '/create-exam', screen: CreateExamRedirect },
  { path: '/CreateExercise', screen: CreateExercise },
  { path: '/EditExercise', screen: EditExercise },
  { path: '/PreviewExercise', screen: PreviewExercise },
  { path: '/CreateExam', screen: CreateExam },
  { path: '/EditExam', screen: EditExam },
  { path: '/PreviewAnExam', screen: PreviewExam },
  { path: '/Grades', screen: Grades },
  { path: '/Review', screen: Review },
  { path: '/Analysis', screen: Analysis },
  { path: '/GroupDiscussions', screen: GroupDiscussions },
  { path: '/Gradebook', screen: Gradebook },
  { path: '/ExamMonitor', screen: ExamMonitor },
];

// The screen the teacher reloaded or opened directly starts loading with the remote itself.
const firstScreen = firstScreenOf(ROUTES, HOME, window.location.pathname);
void firstScreen?.preload().catch(() => undefined);

/** The teacher remote (the shell provides the router; ./i18n.ts brings the teacher messages when deployed alone). */
export default function App() {
  return (
    <RemoteRoot
      role="teacher"
      namespace="teacher"
      menu={teacherMenu}
      routes={ROUTES}
      home={HOME}
      firstScreen={firstScreen}
    />
  );
}
