import type { NavItem } from '@kelasku/shared-ui';

/**
 * The student sidebar, published with the student remote: a screen added here and in App.tsx reaches users with a
 * deploy of this remote alone (the shell knows no role's screens).
 */
export const studentMenu: NavItem[] = [
  { label: 'Dashboard', to: '/DashboardStudent' },
  { label: 'My Classes', to: '/MyClasses', match: ['/MyDetailClasses', '/MyDetailSubject'] },
  {
    label: 'Tasks & Exams',
    children: [
      { label: 'Tasks', to: '/MyClassesTask', match: ['/MyDetailClassesTask', '/MyTask'] },
      { label: 'Exams', to: '/MyClassesExam', match: ['/MyExams'] },
    ],
  },
  { label: 'Group Discussions', to: '/GroupDiscussions', match: ['/CreateDiscussions'] },
];
