/** A sidebar link. `match` lists extra path prefixes that also highlight it (e.g. /MyDetailClasses for /MyClasses). */
export interface NavLink {
  label: string;
  to: string;
  match?: string[];
}

/** An expandable sidebar group. */
export interface NavGroup {
  label: string;
  children: NavLink[];
}

export type NavItem = NavLink | NavGroup;

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** True when `pathname` is the link's route, below it, or under one of its extra prefixes. */
export function isLinkActive(link: NavLink, pathname: string): boolean {
  return [link.to, ...(link.match ?? [])].some((p) => pathname === p || pathname.startsWith(p.endsWith('/') ? p : `${p}/`));
}


export const adminNav: NavItem[] = [
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

export const teacherNav: NavItem[] = [
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

export const studentNav: NavItem[] = [
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

/** Sidebar title per role: the product name followed by the role. */
export const roleTitles = { admin: 'Kelasku Admin', teacher: 'Kelasku Teacher', student: 'Kelasku Student' } as const;
