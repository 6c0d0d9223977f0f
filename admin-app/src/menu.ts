import type { NavItem } from '@kelasku/shared-ui';

/** The admin sidebar, published with the admin remote (the shell knows no role's screens). */
export const adminMenu: NavItem[] = [
  { label: 'Dashboard', to: '/DashboardAdmin' },
  {
    label: 'Manage Class',
    children: [
      { label: '10th Grade', to: '/ManageClass10' },
      { label: '11th Grade', to: '/ManageClass11' },
      { label: '12th Grade', to: '/ManageClass12' },
    ],
  },
  {
    label: 'Manage Account',
    children: [
      { label: 'Student Accounts', to: '/ManageAccStudent' },
      { label: 'Teacher Accounts', to: '/ManageAccTeacher' },
    ],
  },
];
