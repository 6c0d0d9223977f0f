import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Student, Teacher } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { meta } from '../../../test/fixtures';
import ManageStudents from './ManageStudents';
import ManageTeachers from './ManageTeachers';

const andi: Student = { id: 1, name: 'Andi', nis: '2024100001', grade: 10, status: 'Active' };
const bambang = {
  id: 6,
  name: 'Pak Bambang',
  nip: '197502282003121006',
  specialization: 'Indonesian',
  status: 'Active',
} as Teacher;

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  reply('get /students', () => ({ students: [andi], meta: meta(1) }));
  reply('get /teachers', () => ({ students: [bambang], meta: meta(1) }));
  reply('get /classes', () => ({
    classes: [],
    meta: { page: 1, pageSize: 100, total: 0, totalPage: 1, totalpages: 1 },
  }));
});

async function openAddStudent() {
  renderAt(<ManageStudents />);
  await userEvent.click(await screen.findByRole('button', { name: 'Add New Student' }));
  return screen.findByRole('dialog', { name: 'Add New Student' });
}

describe('account forms keep data clean', () => {
  it('refuses a grade with decimals instead of rounding it, and a NIS with anything but digits', async () => {
    const create = reply('post /students', () => ({
      ...andi,
      id: 9,
      name: 'Citra',
      nis: '2024100077',
      initial_password: 'pw',
    }));
    const dialog = await openAddStudent();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Citra');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), 'S-2024');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Grade' }), '10.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(create).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Grade must be 10, 11 or 12 (a whole number)')).toBeInTheDocument();
    expect(within(dialog).getByText('NIS must contain digits only (0-9)')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'NIS' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), '2024100077');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Grade' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Grade' }), '11');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        query: {},
        body: { name: 'Citra', nis: '2024100077', status: 'Active', grade: 11, join_classes: false },
      }),
    );
  });

  it('offers the common statuses and keeps free text', async () => {
    const dialog = await openAddStudent();
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    await userEvent.click(status);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Active',
      'Inactive',
      'Graduated',
      'Transferred',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Graduated' }));
    expect(status).toHaveValue('Graduated');
    await userEvent.clear(status);
    await userEvent.type(status, 'Cuti');
    expect(status).toHaveValue('Cuti');
  });

  it('shows a stored specialization that is not in the list when editing', async () => {
    const update = reply('patch /teachers', ({ body }) => ({ ...bambang, ...body }));
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Pak Bambang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Teacher' });
    expect(within(dialog).getByRole('combobox', { name: 'Specialization' })).toHaveTextContent('Indonesian');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        query: { id: '6' },
        body: { name: 'Pak Bambang', nip: '197502282003121006', status: 'Active', specialization: 'Indonesian' },
      }),
    );
  });
});

describe('a save the server refuses', () => {
  const refused = (field: string, message: string) => () => refusal(400, { error: 'Bad Request', message, field });

  it('shows the reason under the field it is about, and clears it when that field changes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reply('patch /students', refused('nis', 'NIS is not in the expected form.'));
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Andi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const nis = within(dialog).getByRole('textbox', { name: 'NIS' });
    expect(await within(dialog).findByText('NIS is not in the expected form.')).toBeInTheDocument();
    expect(nis).toHaveAccessibleDescription('NIS is not in the expected form.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to update student');

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'x');
    expect(nis).toHaveAccessibleDescription('NIS is not in the expected form.'); // another field: still there
    await userEvent.type(nis, '2');
    expect(within(dialog).queryByText('NIS is not in the expected form.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a reason about no field of the form above the actions', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reply('patch /students', refused('id', 'Id must be a whole number.'));
    renderAt(<ManageStudents />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Andi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update student: Id must be a whole number.',
    );
  });
});
