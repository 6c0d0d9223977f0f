// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoleLayout } from './RoleLayout';
import { Banner } from './Banner';
import { WelcomeLine } from './WelcomeLine';
import { renderAt, setViewportWidth } from './test-utils';
import type { NavItem } from './nav';

// A remote's menu (each remote publishes its own, in its src/menu.ts).
const menu: NavItem[] = [
  { label: 'Dashboard', to: '/DashboardAdmin' },
  { label: 'Manage Class', children: [{ label: '10th Grade', to: '/ManageClass10' }, { label: '11th Grade', to: '/ManageClass11' }] },
  { label: 'Manage Account', children: [{ label: 'Teacher Accounts', to: '/ManageAccTeacher' }] },
  { label: 'Group Discussions', to: '/GroupDiscussions', match: ['/CreateDiscussions'] },
];

beforeEach(() => {
  setViewportWidth(1280);
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('userData', JSON.stringify({ role: 'admin', display_name: 'Admin', exp: 9999999999 }));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('RoleLayout', () => {
  it('shows the admin sidebar with its groups, and logs out with the admin alert', async () => {
    renderAt(<RoleLayout role="admin" items={menu}><p>content</p></RoleLayout>, '/DashboardAdmin');
    expect(screen.getByText('Kelasku Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Class' }));
    expect(screen.getByRole('link', { name: '11th Grade' })).toHaveAttribute('href', '/ManageClass11');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Account' }));
    expect(screen.getByRole('link', { name: 'Teacher Accounts' })).toHaveAttribute('href', '/ManageAccTeacher');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(window.alert).toHaveBeenCalledWith('Anda Telah Logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("uses 'Succesfully logout' for teachers and students", async () => {
    renderAt(<RoleLayout role="teacher" items={menu}><p>content</p></RoleLayout>, '/DashboardTeacher');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(window.alert).toHaveBeenCalledWith('Succesfully logout');
  });

  it("shows the remote's own menu, and only that", () => {
    renderAt(<RoleLayout role="student" items={[{ label: 'Dashboard', to: '/DashboardStudent' }, { label: 'Study Planner', to: '/StudyPlanner' }]}><p>content</p></RoleLayout>, '/StudyPlanner');
    expect(screen.getByText('Kelasku Student')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Study Planner' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Study Planner']);
  });

  it('turns the sidebar into a drawer behind a menu button on a phone', async () => {
    setViewportWidth(360);
    renderAt(<RoleLayout role="student" items={menu}><p>content</p></RoleLayout>, '/DashboardStudent');
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Group Discussions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('presentation');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Group Discussions' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/GroupDiscussions');
  });
});

describe('Banner and WelcomeLine', () => {
  it('shows the title and the stored display name, with a fallback', () => {
    localStorage.setItem('userData', JSON.stringify({ role: 'teacher', display_name: 'Bu Sari', exp: 9999999999 }));
    const { unmount } = renderAt(<><Banner title="Dashboard" /><WelcomeLine fallback="Teacher" /></>);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome again, Bu Sari!')).toBeInTheDocument();
    unmount();
    localStorage.setItem('userData', JSON.stringify({ role: 'student', display_name: '', exp: 9999999999 }));
    renderAt(<WelcomeLine fallback="Guest" />);
    expect(screen.getByText('Welcome again, Guest!')).toBeInTheDocument();
  });
});
