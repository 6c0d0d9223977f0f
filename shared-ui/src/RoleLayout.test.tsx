// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoleLayout } from './RoleLayout';
import { Banner } from './Banner';
import { WelcomeLine } from './WelcomeLine';
import { renderAt, setViewportWidth } from './test-utils';
import type { NavItem } from './nav';

// A remote's menu (each remote publishes its own, in its src/menu.ts).
const menu: NavItem[] = [
  { label: 'Dashboard', to: '/DashboardAdmin' },
  {
    label: 'Manage Class',
    children: [
      { label: '10th Grade', to: '/ManageClass10' },
      { label: '11th Grade', to: '/ManageClass11' },
    ],
  },
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
    renderAt(
      <RoleLayout role="admin" items={menu}>
        <p>content</p>
      </RoleLayout>,
      '/DashboardAdmin',
    );
    expect(screen.getByText('Kelasku Admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Class' }));
    expect(screen.getByRole('link', { name: '11th Grade' })).toHaveAttribute('href', '/ManageClass11');
    await userEvent.click(screen.getByRole('button', { name: 'Manage Account' }));
    expect(screen.getByRole('link', { name: 'Teacher Accounts' })).toHaveAttribute('href', '/ManageAccTeacher');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Anda Telah Logout'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("uses 'Succesfully logout' for teachers and students", async () => {
    renderAt(
      <RoleLayout role="teacher" items={menu}>
        <p>content</p>
      </RoleLayout>,
      '/DashboardTeacher',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Succesfully logout'));
  });

  it('warns before signing out with unsaved drafts, offers to wait, and signing out anyway deletes them', async () => {
    localStorage.setItem(
      'userData',
      JSON.stringify({ user_id: 7, role: 'teacher', display_name: 'Bu Sari', exp: 9999999999 }),
    );
    localStorage.setItem('kelasku:draft:7:edit-exam:5', JSON.stringify({ content: { '1_answer': 'b' } }));
    renderAt(
      <RoleLayout role="teacher" items={menu}>
        <p>content</p>
      </RoleLayout>,
      '/DashboardTeacher',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not everything is on the server yet' });
    expect(dialog).toHaveTextContent('You have unsaved drafts on this device. Signing out deletes them.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wait for the connection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/DashboardTeacher');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('does not offer to sign out while answers are unsent and this browser cannot seal them (no WebCrypto: plain http)', async () => {
    localStorage.setItem(
      'userData',
      JSON.stringify({ user_id: 8, role: 'student', display_name: 'Siti', exp: 9999999999 }),
    );
    localStorage.setItem(
      'kelasku:answers:exam:12',
      JSON.stringify({ answers: { '1': 'b' }, changes: { '1': { answer: 'b', at: 1 } }, pending: true, item_id: 5 }),
    );
    // its delivery ticket is there: only the missing WebCrypto stops the sealing
    localStorage.setItem(
      'kelasku:delivery:exam:5',
      JSON.stringify({
        kind: 'exam',
        item_id: 5,
        student_id: 4,
        nonce: 'n',
        ticket: 't',
        key_id: 'k',
        public_key: 'p',
      }),
    );
    expect(globalThis.crypto?.subtle).toBeUndefined();
    renderAt(
      <RoleLayout role="student" items={menu}>
        <p>content</p>
      </RoleLayout>,
      '/MyExams',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('this browser cannot lock them safely. Stay signed in until they are sent.');
    expect(within(dialog).queryByRole('button', { name: 'Sign out anyway' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Wait for the connection' })).toBeInTheDocument();
    expect(localStorage.getItem('kelasku:answers:exam:12')).not.toBeNull();
  });

  it("shows the remote's own menu, and only that", () => {
    renderAt(
      <RoleLayout
        role="student"
        items={[
          { label: 'Dashboard', to: '/DashboardStudent' },
          { label: 'Study Planner', to: '/StudyPlanner' },
        ]}
      >
        <p>content</p>
      </RoleLayout>,
      '/StudyPlanner',
    );
    expect(screen.getByText('Kelasku Student')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Study Planner' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Study Planner']);
  });

  it('turns the sidebar into a drawer behind a menu button on a phone, loaded at its first open', async () => {
    setViewportWidth(360);
    renderAt(
      <RoleLayout role="student" items={menu}>
        <p>content</p>
      </RoleLayout>,
      '/DashboardStudent',
    );
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Group Discussions' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Kelasku Student');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('presentation');
    // Escape closes it; it opens again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('presentation')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('presentation');
    await userEvent.click(within(drawer).getByRole('link', { name: 'Group Discussions' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/GroupDiscussions');
    await waitFor(() => expect(screen.queryByRole('presentation')).toBeNull());
  });
});

describe('Banner and WelcomeLine', () => {
  it('shows the title and the stored display name, with a fallback', () => {
    localStorage.setItem('userData', JSON.stringify({ role: 'teacher', display_name: 'Bu Sari', exp: 9999999999 }));
    const { unmount } = renderAt(
      <>
        <Banner title="Dashboard" />
        <WelcomeLine fallback="Teacher" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome again, Bu Sari!')).toBeInTheDocument();
    unmount();
    localStorage.setItem('userData', JSON.stringify({ role: 'student', display_name: '', exp: 9999999999 }));
    renderAt(<WelcomeLine fallback="Guest" />);
    expect(screen.getByText('Welcome again, Guest!')).toBeInTheDocument();
  });
});
