import i18next from 'i18next';
import type { NavItem } from '@kelasku/shared-ui';

/**
 * The student sidebar, published with the student remote: a screen added here and in App.tsx reaches users with a
 * deploy of this remote alone (the shell knows no role's screens). Labels are read when the sidebar renders, so they
 * follow the active language.
 */
export const studentMenu: NavItem[] = [
  { get label() { return i18next.t('student:menu.dashboard'); }, to: '/DashboardStudent' },
  { get label() { return i18next.t('student:menu.myClasses'); }, to: '/MyClasses', match: ['/MyDetailClasses', '/MyDetailSubject'] },
  {
    get label() { return i18next.t('student:menu.tasksAndExams'); },
    children: [
      { get label() { return i18next.t('student:menu.tasks'); }, to: '/MyClassesTask', match: ['/MyDetailClassesTask', '/MyTask'] },
      { get label() { return i18next.t('student:menu.exams'); }, to: '/MyClassesExam', match: ['/MyExams'] },
    ],
  },
  { get label() { return i18next.t('student:menu.groupDiscussions'); }, to: '/GroupDiscussions', match: ['/CreateDiscussions'] },
];
