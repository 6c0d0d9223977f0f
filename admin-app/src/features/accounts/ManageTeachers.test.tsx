import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { teachersApi, type Teacher } from '@kelasku/shared-api';
import { meta, renderAt } from '../../test/render';
import ManageTeachers from './ManageTeachers';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    teachersApi: { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn(), resetPassword: jest.fn() },
  };
});
jest.setTimeout(30000);

const list = teachersApi.list as jest.Mock;
const create = teachersApi.create as jest.Mock;

const sari: Teacher = { id: 7, name: 'Bu Sari', nip: '198501012010011001', specialization: 'Biology', status: 'Active' };

beforeEach(() => {
  jest.clearAllMocks();
  list.mockResolvedValue({ students: [sari], meta: meta(1) });
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('ManageTeachers', () => {
  it('lists teachers with the spec columns', async () => {
    renderAt(<ManageTeachers />);
    const table = await screen.findByRole('table', { name: 'Teacher Accounts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name', 'NIP', 'Specialization', 'Status', 'Action',
    ]);
    expect(within(table).getByRole('row', { name: /Bu Sari 198501012010011001 Biology Active/ })).toBeInTheDocument();
  });

  it('shows the fetch error text', async () => {
    list.mockRejectedValue(new Error('down'));
    renderAt(<ManageTeachers />);
    expect(await screen.findByText('Failed to Fetch Data')).toBeInTheDocument();
  });

  it('filters by the eleven specializations and sorts by NIP', async () => {
    renderAt(<ManageTeachers />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(screen.getAllByRole('menuitemradio').map((o) => o.textContent)).toEqual([
      'History', 'Biology', 'Mathematics', 'Art & Culture', 'Physics', 'Chemistry', 'English', 'Civics', 'Social Science',
      'Physical Education', 'Religion',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Art & Culture' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ page: 1, specialization: 'Art & Culture', search: undefined, sortByNIP: undefined }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by NIP' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ page: 1, specialization: 'Art & Culture', search: undefined, sortByNIP: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filter: Art & Culture' }).querySelector('svg') as Element);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, specialization: undefined, search: undefined, sortByNIP: true }));
  });

  it('requires every field and announces the new teacher with the initial password', async () => {
    create.mockResolvedValue({ ...sari, id: 8, name: 'Pak Joko', initial_password: 'Zx81-qq-ab' });
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Teacher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Teacher' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pak Joko');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIP' }), '197001');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(window.alert).toHaveBeenCalledWith('Semua field harus diisi.');
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Specialization' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Physics' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(create).toHaveBeenCalledWith({ name: 'Pak Joko', nip: '197001', status: 'Active', specialization: 'Physics' });
    const shown = await screen.findByRole('dialog', { name: 'Teacher Added Successfully' });
    expect(within(shown).getByText('Zx81-qq-ab')).toBeInTheDocument();
  });

  it('shows why an add failed and keeps the dialog open', async () => {
    const { AxiosError } = jest.requireActual('axios');
    create.mockRejectedValue(
      new AxiosError('409', 'ERR', undefined, undefined, { status: 409, data: { error: 'NIP already exists', message: 'NIP already exists' } }),
    );
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Teacher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Teacher' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pak Joko');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIP' }), '198501012010011001');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Specialization' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Physics' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Failed to add teacher: NIP already exists')).toBeInTheDocument();
  });
});
