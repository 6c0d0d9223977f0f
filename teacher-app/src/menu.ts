import type { NavItem } from '@kelasku/shared-ui/src/nav';

/**
 * The teacher sidebar, published with the teacher remote (the shell knows no role's screens). Labels are message keys
 * of the 'teacher' namespace (RemoteRoot translates them).
 */
export const teacherMenu: NavItem[] = [
  { label: 'menu.dashboard', to: '/DashboardTeacher' },
  {
    label: 'menu.manageSubjects',
    children: [
      { label: 'menu.grade10', to: '/ManageSubjects10', match: ['/CreateSubjects10'] },
      { label: 'menu.grade11', to: '/ManageSubjects11', match: ['/CreateSubjects11'] },
      { label: 'menu.grade12', to: '/ManageSubjects12', match: ['/CreateSubjects12'] },
    ],
  },
  { label: 'menu.groupDiscussions', to: '/GroupDiscussions' },
];
