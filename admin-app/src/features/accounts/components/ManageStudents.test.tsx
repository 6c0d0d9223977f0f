import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Student } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { held, refusal } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { classItem, meta } from '../../../test/fixtures';
import { preloadHints } from '../../../components/HintTooltip';
import ManageStudents from './ManageStudents';

// The rows' hints (MUI's tooltip) arrive a moment after the list shows, each Action button then mounted again inside
// its tooltip: loaded first, so a test's click never lands on a button being replaced (a person's never does either:
// components/HintTooltip.tsx waits until the pointer and the focus are off it).
beforeAll(() => preloadHints());

const andi: Student = { id: 1, name: 'Andi', nis: '2024100001', grade: 10, status: 'Active' };
const budi: Student = { id: 2, name: 'Budi', nis: '2024100002', grade: 11, status: 'Active' };

/** The server's student list (any page, any filter) and its class lists (two grade-10 classes). */
let list: Replier<'get /students'>;
beforeEach(() => {
  jest.clearAllMocks();
  list = reply('get /students', () => ({ students: [andi, budi], meta: meta(2) }));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  reply('get /classes', ({ query }) => {
    const names = query.grade === '10' ? ['X IPA 1', 'X IPS 2'] : [];
    return {
      classes: names.map((name, i) => classItem({ id: i + 1, name })),
      meta: { page: 1, pageSize: 100, total: names.length, totalPage: 1, totalpages: 1 },
    };
  });
});

/** What a list request asked for. */
const listed = (query: Record<string, string>) => ({ query, body: undefined });

describe('ManageStudents', () => {
  it('lists students with the spec columns after a loading state', async () => {
    const pending = held({ students: [andi, budi], meta: meta(2) });
    list.mockImplementationOnce(pending.reply);
    renderAt(<ManageStudents />, '/ManageAccStudent');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    pending.release();
    const table = await screen.findByRole('table', { name: 'Student Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'NIS', 'Status', 'Grade', 'Action']);
    expect(within(table).getByRole('row', { name: /Andi 2024100001 Active 10/ })).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(listed({ page: '1' }));
  });

  it('shows the fetch error text', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    list.mockImplementation(() => refusal(500, { message: 'down' }));
    renderAt(<ManageStudents />);
    expect(await screen.findByText('Failed to Fetch Data')).toBeInTheDocument();
  });

  it('searches, filters by grade and sorts by NIS through the server', async () => {
    renderAt(<ManageStudents />);
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by Name or NIS' }), 'and{enter}');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(listed({ page: '1', search: 'and' })));

    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    const options = screen.getAllByRole('menuitemradio').map((o) => o.textContent);
    expect(options).toEqual(['10th Grade', '11th Grade', '12th Grade']);
    await userEvent.click(screen.getByRole('menuitemradio', { name: '11th Grade' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(listed({ page: '1', grade: '11', search: 'and' })));
    expect(screen.getByText('Filter: 11th Grade')).toBeInTheDocument();

    const sort = screen.getByRole('button', { name: 'Sort by NIS' });
    await userEvent.click(sort);
    expect(sort).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(listed({ page: '1', grade: '11', search: 'and', sortByNIS: 'true' })),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(listed({ page: '2', grade: '11', search: 'and', sortByNIS: 'true' })),
    );
  });

  it('requires every field, sends the grade as an integer and shows the initial password once', async () => {
    const create = reply('post /students', () => ({
      ...andi,
      id: 9,
      name: 'Citra',
      initial_password: 'kq7-Pm2x-9Ft',
    }));
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Student' });
    const grade = within(dialog).getByRole('spinbutton', { name: 'Grade' });
    expect(grade).toHaveAttribute('step', '0.01');

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Citra');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), '2024100077');
    await userEvent.type(grade, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(alert).toHaveBeenCalledWith('Semua field harus diisi.');
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        query: {},
        body: { name: 'Citra', nis: '2024100077', status: 'Active', grade: 10, join_classes: false },
      }),
    );

    const shown = await screen.findByRole('dialog', { name: 'Student Added Successfully' });
    expect(within(shown).getByText('kq7-Pm2x-9Ft')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('NIS 2024100001\nPassword kq7-Pm2x-9Ft');
    expect(within(shown).getByText('Copied')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('kq7-Pm2x-9Ft')).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('edits without a required check and deletes after confirmation', async () => {
    const update = reply('patch /students', () => andi);
    const remove = reply('delete /students', () => ({ message: 'ok' }));
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Andi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
    await userEvent.clear(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(alert).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        query: { id: '1' },
        body: { name: 'Andi', nis: '2024100001', status: '', grade: 10 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete Budi' }));
    const confirm = await screen.findByRole('dialog', { name: 'are you sure you want to delete Budi?' });
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Student' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined }));
  });

  it('the add dialog says which classes the student joins, and the admin can choose none', async () => {
    const create = reply('post /students', () => ({ ...andi, id: 9, name: 'Citra', initial_password: 'pw' }));
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Student' });
    expect(within(dialog).getByText('Enter the grade to see which classes the student will join.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Citra');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), '2024100077');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Grade' }), '11');
    expect(
      await within(dialog).findByText('Grade 11 has no classes yet, so the student will join none for now.'),
    ).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Grade' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Grade' }), '10');
    const join = await within(dialog).findByRole('checkbox', { name: 'Join all 2 grade-10 classes' });
    // unticked: the student is assigned to their own class later
    expect(join).not.toBeChecked();
    await userEvent.click(join);
    expect(within(dialog).getByText('Grade 10: X IPA 1, X IPS 2')).toBeInTheDocument();
    await userEvent.click(join);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        query: {},
        body: { name: 'Citra', nis: '2024100077', status: 'Active', grade: 10, join_classes: false },
      }),
    );
  });

  it('says what deleting a student does to their work and posts, and proposes deactivating instead', async () => {
    const deactivated = reply('post /students/deactivate', () => ({ ...budi, active: false }));
    const remove = reply('delete /students', () => ({ message: 'ok' }));
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Budi' }));
    const confirm = await screen.findByRole('dialog', { name: 'are you sure you want to delete Budi?' });
    expect(confirm).toHaveTextContent(
      "Deleting removes Budi's account and sign-in, their answers and grades, and the replies they wrote. Their discussion posts are deleted too, except posts other students replied to: those stay, shown as by a former student, so the other students' replies are kept. This cannot be undone.",
    );
    expect(confirm).toHaveTextContent(
      'A student who has grades is better deactivated: Budi can no longer sign in, but their grades, posts and name stay',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate instead' }));
    const deactivate = await screen.findByRole('dialog', { name: 'Deactivate Budi?' });
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(deactivate).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(deactivated).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('shows a deactivated student in the list and reactivates them', async () => {
    list.mockImplementation(() => ({ students: [andi, { ...budi, active: false }], meta: meta(1) }));
    const reactivated = reply('post /students/reactivate', () => ({ ...budi, active: true }));
    renderAt(<ManageStudents />);
    const table = await screen.findByRole('table', { name: 'Student Accounts' });
    expect(within(table).getByRole('row', { name: /Budi 2024100002 Active Deactivated 11/ })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Deactivate Andi' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Reactivate Budi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reactivate Budi?' });
    expect(confirm).toHaveTextContent('Budi can sign in again with their current password.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(reactivated).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined }));
  });

  it('resets a password after confirmation and shows the new one', async () => {
    const resetPassword = reply('post /students/reset-password', () => ({ initial_password: 'new-Pass-123' }));
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password of Budi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the password of Budi?' });
    expect(resetPassword).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'Password Reset' });
    expect(resetPassword).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined });
    expect(within(shown).getByText('new-Pass-123')).toBeInTheDocument();
  });

  it('keeps Add disabled while the new student is on the way, then closes the form and reads the list again', async () => {
    const later = held({ ...andi, id: 9, name: 'Citra', initial_password: 'pw' });
    const create = reply('post /students', later.reply);
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Student' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Citra');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), '2024100077');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Grade' }), '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(list).toHaveBeenCalledTimes(1);
    later.release();
    expect(await screen.findByRole('dialog', { name: 'Student Added Successfully' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add New Student' })).not.toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('keeps the delete button disabled while the delete is on the way, and shows the refusal above the list', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const later = held(refusal(409, { message: 'Budi still has work to grade.' }));
    reply('delete /students', later.reply);
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Budi' }));
    const confirm = await screen.findByRole('dialog', { name: 'are you sure you want to delete Budi?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Student' }));
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Delete Student' })).toBeDisabled());
    expect(within(confirm).getByRole('button', { name: 'Deactivate instead' })).toBeDisabled();
    later.release();
    expect(await screen.findByText('Failed to delete student: Budi still has work to grade.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(1);
  });
});
