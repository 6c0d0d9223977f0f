import { isNavGroup, type NavItem, type NavLink } from '@kelasku/shared-ui/src/nav';

/** The admin sidebar, published with the admin remote (the shell knows no role's screens). Labels are message keys. */
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

/** The menu with its labels in the active language (`t` of the 'admin' namespace), when the sidebar renders. */
export function translatedMenu(t: (key: string) => string): NavItem[] {
  const link = (item: NavLink): NavLink => ({ ...item, label: t(item.label) });
  return adminMenu.map((item) => (isNavGroup(item) ? { ...item, label: t(item.label), children: item.children.map(link) } : link(item)));
}
