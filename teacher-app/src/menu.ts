import type { NavItem } from '@kelasku/shared-ui';

/** The teacher sidebar, published with the teacher remote (the shell knows no role's screens). */
export const teacherMenu: NavItem[] = [
  { label: 'Dashboard', to: '/DashboardTeacher' },
  {
    label: 'Manage Subjects',
    children: [
      { label: '10th Grade', to: '/ManageSubjects10', match: ['/CreateSubjects10'] },
      { label: '11th Grade', to: '/ManageSubjects11', match: ['/CreateSubjects11'] },
      { label: '12th Grade', to: '/ManageSubjects12', match: ['/CreateSubjects12'] },
    ],
  },
];
