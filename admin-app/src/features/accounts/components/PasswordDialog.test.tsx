import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Student, Teacher } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../../../../jest/msw-routes';
import { meta } from '../../../test/fixtures';
import { preloadHints } from '../../../components/HintTooltip';
import ManageStudents from './ManageStudents';
import ManageTeachers from './ManageTeachers';

// The rows' hints (MUI's tooltip) arrive a moment after the list shows, each Action button then mounted again inside
// its tooltip: loaded first, so a test's click never lands on a button being replaced (a person's never does either:
// components/HintTooltip.tsx waits until the pointer and the focus are off it).
beforeAll(() => preloadHints());

const budi: Student = { id: 2, name: 'Budi', nis: '2024100002', grade: 11, status: 'Active' };
const sari = {
  id: 7,
  name: 'Bu Sari',
  nip: '198001012005012001',
  specialization: 'Physics',
  status: 'Active',
} as Teacher;

beforeEach(() => {
  jest.clearAllMocks();
  reply('get /students', () => ({ students: [budi], meta: meta(1) }));
  reply('get /teachers', () => ({ students: [sari], meta: meta(1) }));
});

async function resetBudi() {
  reply('post /students/reset-password', () => ({ initial_password: 'new-Pass-123' }));
  renderAt(<ManageStudents />);
  await userEvent.click(await screen.findByRole('button', { name: 'Reset password of Budi' }));
  const confirm = await screen.findByRole('dialog', { name: 'Reset the password of Budi?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
  return screen.findByRole('dialog', { name: 'Password Reset' });
}

describe('one-time password dialog', () => {
  it('shows the NIS beside the password and closes neither on Esc nor on a backdrop click', async () => {
    const shown = await resetBudi();
    expect(within(shown).getByText('NIS')).toBeInTheDocument();
    expect(within(shown).getByText('2024100002')).toBeInTheDocument();
    expect(within(shown).getByText('new-Pass-123')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    await userEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'Password Reset' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Done' })).toBeDisabled();
  });

  it('enables Done after ticking "I have noted the passwords", then closes through Done', async () => {
    const shown = await resetBudi();
    const done = within(shown).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(within(shown).getByRole('checkbox', { name: 'I have noted the passwords' }));
    expect(done).toBeEnabled();
    await userEvent.click(done);
    await waitFor(() => expect(screen.queryByText('new-Pass-123')).not.toBeInTheDocument());
  });

  it('says so when copying is not available and keeps Done disabled; a download enables it', async () => {
    Object.assign(navigator, { clipboard: { writeText: jest.fn().mockRejectedValue(new Error('insecure context')) } });
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:password');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const shown = await resetBudi();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText(/Copying is not available here/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Done' })).toBeDisabled();
    await userEvent.click(within(shown).getByRole('button', { name: 'Download' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(createObjectURL.mock.calls[0][0]);
    });
    expect(text).toContain('name;nis;password\r\nBudi;2024100002;new-Pass-123');
    expect(within(shown).getByRole('button', { name: 'Done' })).toBeEnabled();
    click.mockRestore();
  });

  it('enables Done after a successful copy, which copies the NIP with the password', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    reply('post /teachers', () => ({
      ...sari,
      id: 8,
      name: 'Pak Joko',
      nip: '198502022010011002',
      initial_password: 'Zx81-qq-ab',
    }));
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Teacher' }));
    const form = await screen.findByRole('dialog', { name: 'Add New Teacher' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Pak Joko');
    await userEvent.type(within(form).getByRole('textbox', { name: 'NIP' }), '198502022010011002');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Specialization' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Physics' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    const shown = await screen.findByRole('dialog', { name: 'Teacher Added Successfully' });
    expect(within(shown).getByText('NIP')).toBeInTheDocument();
    expect(within(shown).getByText('198502022010011002')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('NIP 198502022010011002\nPassword Zx81-qq-ab');
    expect(within(shown).getByRole('button', { name: 'Done' })).toBeEnabled();
  });
});
