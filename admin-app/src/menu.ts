import type { NavItem } from '@kelasku/shared-ui/src/nav';

/**
 * The admin sidebar, published with the admin remote (the shell knows no role's screens). Labels are message keys of
 * the 'admin' namespace (RemoteRoot translates them).
 */
export const adminMenu: NavItem[] = [
  { label: 'menu.dashboard', to: '/DashboardAdmin' },
  {
    label: 'menu.manageClass',
    children: [
      { label: 'menu.grade10', to: '/ManageClass10' },
      { label: 'menu.grade11', to: '/ManageClass11' },
      { label: 'menu.grade12', to: '/ManageClass12' },
    ],
  },
  {
    label: 'menu.manageAccount',
    children: [
      { label: 'menu.studentAccounts', to: '/ManageAccStudent' },
      { label: 'menu.teacherAccounts', to: '/ManageAccTeacher' },
    ],
  },
];
