import type { NavItem } from '@kelasku/shared-ui/src/nav';

/**
 * The student sidebar, published with the student remote: a screen added here and in App.tsx reaches users with a
 * deploy of this remote alone (the shell knows no role's screens). Labels are message keys of the 'student'
 * namespace (RemoteRoot translates them).
 */
export const studentMenu: NavItem[] = [
  { label: 'menu.dashboard', to: '/DashboardStudent' },
  { label: 'menu.myClasses', to: '/MyClasses', match: ['/MyDetailClasses', '/MyDetailSubject'] },
  {
    label: 'menu.tasksAndExams',
    children: [
      { label: 'menu.tasks', to: '/MyClassesTask', match: ['/MyDetailClassesTask', '/MyTask'] },
      { label: 'menu.exams', to: '/MyClassesExam', match: ['/MyExams'] },
    ],
  },
  { label: 'menu.groupDiscussions', to: '/GroupDiscussions', match: ['/CreateDiscussions'] },
];
