import type { TFunction } from 'i18next';
import type { NavItem } from '@kelasku/shared-ui';

/** The teacher sidebar, published with the teacher remote (the shell knows no role's screens). */
export function teacherMenu(t: TFunction<'teacher'>): NavItem[] {
  return [
    { label: t('menu.dashboard'), to: '/DashboardTeacher' },
    {
      label: t('menu.manageSubjects'),
      children: [
        { label: t('menu.grade10'), to: '/ManageSubjects10', match: ['/CreateSubjects10'] },
        { label: t('menu.grade11'), to: '/ManageSubjects11', match: ['/CreateSubjects11'] },
        { label: t('menu.grade12'), to: '/ManageSubjects12', match: ['/CreateSubjects12'] },
      ],
    },
  ];
}
