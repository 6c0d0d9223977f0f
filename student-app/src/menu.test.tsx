import { screen } from '@testing-library/react';
import { RoleLayout } from '@kelasku/shared-ui';
import { renderAt, setViewportWidth } from '@kelasku/shared-ui/src/test-utils';
import i18next from 'i18next';
import { translateMenu } from '@kelasku/shared-ui/src/nav';
import { studentMenu } from './menu';

/** The sidebar as RemoteRoot shows it, in the active language. */
const menu = () => translateMenu(studentMenu, i18next.getFixedT(null, 'student'));

// The student remote publishes its sidebar with its routes; this is the menu students see.
beforeEach(() => setViewportWidth(1280));

it('highlights My Classes on a class detail page and opens the group of the current link', () => {
  const { unmount } = renderAt(
    <RoleLayout role="student" items={menu()}>
      <p>content</p>
    </RoleLayout>,
    '/MyDetailClasses/4',
  );
  expect(screen.getByText('Kelasku Student')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My Classes' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  unmount();
  renderAt(
    <RoleLayout role="student" items={menu()}>
      <p>content</p>
    </RoleLayout>,
    '/MyClassesExam',
  );
  expect(screen.getByRole('button', { name: 'Tasks & Exams' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'Exams' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'My Classes' })).not.toHaveAttribute('aria-current');
});

it('links every student screen of the sidebar', () => {
  renderAt(
    <RoleLayout role="student" items={menu()}>
      <p>content</p>
    </RoleLayout>,
    '/MyClassesTask',
  );
  expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '/DashboardStudent',
    '/MyClasses',
    '/MyClassesTask',
    '/MyClassesExam',
    '/GroupDiscussions',
  ]);
});
