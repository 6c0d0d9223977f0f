import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ClassItem, Teacher } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { held, refusal } from '../../../../../jest/msw-server';
import { reply, type Replier, type SentTo } from '../../../../../jest/msw-routes';
import { meta } from '../../../test/fixtures';
import { preloadHints } from '../../../components/HintTooltip';
import ManageTeachers from './ManageTeachers';

// The rows' hints (MUI's tooltip) arrive a moment after the list shows, each Action button then mounted again inside
// its tooltip: loaded first, so a test's click never lands on a button being replaced (a person's never does either:
// components/HintTooltip.tsx waits until the pointer and the focus are off it).
beforeAll(() => preloadHints());

const sari: Teacher = {
  id: 7,
  name: 'Bu Sari',
  nip: '198501012010011001',
  specialization: 'Biology',
  status: 'Active',
};

/** GET /teachers answers both the accounts page (page=…) and the pickers' whole list (pageSize=100, every page). */
const isWholeList = ({ query }: SentTo<'get /teachers'>) => query.pageSize === '100';
let list: Replier<'get /teachers'>;
beforeEach(() => {
  jest.clearAllMocks();
  list = reply('get /teachers', (sent) => ({ students: isWholeList(sent) ? [sari, joko] : [sari], meta: meta(1) }));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

const joko: Teacher = {
  id: 8,
  name: 'Pak Joko',
  nip: '197001012000011001',
  specialization: 'Physics',
  status: 'Active',
};
const classOf = (id: number, name: string, teacher_id: number, grade = 10): ClassItem => ({
  id,
  name,
  description: `About ${name}`,
  teacher_id,
  teacher_name: '',
  grade,
  student_count: 30,
});

describe('deleting a teacher', () => {
  let classes: ClassItem[];
  beforeEach(() => {
    classes = [classOf(1, 'X IPA 1', 7), classOf(2, 'XI IPA 2', 7, 11), classOf(3, 'X IPS 1', 8)];
    reply('get /classes', () => ({ classes, meta: meta(1) }));
    update = reply('patch /classes', ({ query, body }) => {
      classes = classes.map((c) => (c.id === Number(query.id) ? { ...c, teacher_id: body.teacher_id } : c));
      return classes.find((c) => c.id === Number(query.id)) ?? refusal(404, { message: 'Class not found' });
    });
    remove = reply('delete /teachers', () => ({ message: 'Teacher deleted successfully' }));
  });
  let update: Replier<'patch /classes'>;
  let remove: Replier<'delete /teachers'>;

  async function chooseNewTeacher(dialog: HTMLElement, className: string, teacher: string) {
    const picker = await within(dialog).findByRole('combobox', { name: `New teacher for ${className}` });
    await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(picker);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Pak Joko — Physics']); // never the teacher being deleted
    await userEvent.click(screen.getByRole('option', { name: new RegExp(`^${teacher}`) }));
  }

  it('lists the classes the teacher still teaches and allows deleting only after each is reassigned', async () => {
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bu Sari' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete Bu Sari?' });
    expect(await within(dialog).findByText(/Bu Sari still teaches 2 classes\./)).toBeInTheDocument();
    const listed = within(dialog).getByRole('list', { name: 'Classes of Bu Sari' });
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['X IPA 1 (grade 10)', 'XI IPA 2 (grade 11)']);
    expect(dialog).toHaveTextContent(
      "Deleting removes Bu Sari's account and sign-in for good. Materials, exercises and exams Bu Sari wrote stay with their classes, owned by each class's teacher, and students' grades are kept. This cannot be undone.",
    );
    const del = within(dialog).getByRole('button', { name: 'Delete Teacher' });
    expect(del).toBeDisabled();

    await chooseNewTeacher(dialog, 'X IPA 1', 'Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign X IPA 1' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        query: { id: '1' },
        body: { name: 'X IPA 1', description: 'About X IPA 1', grade: 10, teacher_id: 8 },
      }),
    );
    await waitFor(() => expect(within(dialog).queryByText('X IPA 1 (grade 10)')).not.toBeInTheDocument());
    expect(within(dialog).getByText(/Bu Sari still teaches a class\./)).toBeInTheDocument();
    expect(del).toBeDisabled();

    await chooseNewTeacher(dialog, 'XI IPA 2', 'Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reassign XI IPA 2' }));
    await waitFor(() => expect(within(dialog).queryByRole('list')).not.toBeInTheDocument());
    await waitFor(() => expect(del).toBeEnabled());
    await userEvent.click(del);
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ query: { id: '7' }, body: undefined }));
  });

  it('keeps Reassign disabled while the class is on its way to the new teacher, and shows why it was refused', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const later = held(refusal(400, { message: 'Teacher is deactivated.' }));
    update.mockImplementationOnce(later.reply);
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bu Sari' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete Bu Sari?' });
    await chooseNewTeacher(dialog, 'X IPA 1', 'Pak Joko');
    const reassign = within(dialog).getByRole('button', { name: 'Reassign X IPA 1' });
    await userEvent.click(reassign);
    await waitFor(() => expect(reassign).toBeDisabled());
    later.release();
    expect(await within(dialog).findByText('Failed to reassign X IPA 1: Teacher is deactivated.')).toBeInTheDocument();
    expect(reassign).toBeEnabled();
    expect(within(dialog).getByText('X IPA 1 (grade 10)')).toBeInTheDocument();
  });

  it('a teacher without classes can be deleted at once, or deactivated instead', async () => {
    classes = [classOf(3, 'X IPS 1', 8)];
    const deactivate = reply('post /teachers/deactivate', () => ({ ...sari, active: false }));
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bu Sari' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete Bu Sari?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete Teacher' })).toBeEnabled());
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate instead' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Bu Sari?' });
    expect(confirm).toHaveTextContent(
      'Bu Sari can no longer sign in and is signed out on every device. The account, its name and history stay; you can reactivate it at any time.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(deactivate).toHaveBeenCalledWith({ query: { id: '7' }, body: undefined }));
    expect(remove).not.toHaveBeenCalled();
  });
});

/** The screen with a button that marks every cached read out of date, as a write elsewhere would. */
function WithChange({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <>
      <button type="button" onClick={() => void queryClient.invalidateQueries()}>
        Something changed
      </button>
      {children}
    </>
  );
}

describe('reading once', () => {
  let classList: Replier<'get /classes'>;
  beforeEach(() => {
    classList = reply('get /classes', () => ({
      classes: [classOf(1, 'X IPA 1', 7), classOf(2, 'XI IPA 2', 7, 11)],
      meta: meta(1),
    }));
  });

  it("the pickers of a teacher's classes share one read of the teachers", async () => {
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bu Sari' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete Bu Sari?' });
    for (const name of ['X IPA 1', 'XI IPA 2']) {
      const picker = await within(dialog).findByRole('combobox', { name: `New teacher for ${name}` });
      await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
    }
    expect(list.mock.calls.filter(([sent]) => isWholeList(sent))).toHaveLength(1);
  });

  it('a teacher known to have no classes cannot be deleted while that is being checked again', async () => {
    classList.mockImplementation(() => ({ classes: [], meta: meta(1) }));
    renderAt(
      <WithChange>
        <ManageTeachers />
      </WithChange>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bu Sari' }));
    let dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete Bu Sari?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete Teacher' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Something changed' }));
    const checked = held({ classes: [classOf(4, 'XII IPA 1', 7, 12)], meta: meta(1) });
    classList.mockImplementation(checked.reply);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bu Sari' }));
    dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete Bu Sari?' });
    expect(within(dialog).getByRole('button', { name: 'Delete Teacher' })).toBeDisabled();
    checked.release();
    expect(await within(dialog).findByText(/Bu Sari still teaches a class\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Teacher' })).toBeDisabled();
  });
});

describe('ManageTeachers', () => {
  it('lists teachers with the spec columns', async () => {
    renderAt(<ManageTeachers />);
    const table = await screen.findByRole('table', { name: 'Teacher Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'NIP', 'Specialization', 'Status', 'Action']);
    expect(within(table).getByRole('row', { name: /Bu Sari 198501012010011001 Biology Active/ })).toBeInTheDocument();
  });

  it('shows the fetch error text', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    list.mockImplementation(() => refusal(500, { message: 'down' }));
    renderAt(<ManageTeachers />);
    expect(await screen.findByText('Failed to Fetch Data')).toBeInTheDocument();
  });

  it("filters by the eleven specializations in the spec's order, then the other SMA subjects, and sorts by NIP", async () => {
    renderAt(<ManageTeachers />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filter' }));
    expect(screen.getAllByRole('menuitemradio').map((o) => o.textContent)).toEqual([
      'History',
      'Biology',
      'Mathematics',
      'Art & Culture',
      'Physics',
      'Chemistry',
      'English',
      'Civics',
      'Social Science',
      'Physical Education',
      'Religion',
      'Indonesian',
      'Economics',
      'Geography',
      'Sociology',
      'Informatics',
      'Anthropology',
      'Foreign Languages',
      'Regional Language',
      'Crafts & Entrepreneurship',
      'Guidance & Counselling',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Art & Culture' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ query: { page: '1', specialization: 'Art & Culture' }, body: undefined }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by NIP' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({
        query: { page: '1', specialization: 'Art & Culture', sortByNIP: 'true' },
        body: undefined,
      }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Filter: Art & Culture' }).querySelector('svg') as Element,
    );
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ query: { page: '1', sortByNIP: 'true' }, body: undefined }),
    );
  });

  it('requires every field and announces the new teacher with the initial password', async () => {
    const create = reply('post /teachers', () => ({
      ...sari,
      id: 8,
      name: 'Pak Joko',
      initial_password: 'Zx81-qq-ab',
    }));
    renderAt(<ManageTeachers />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add New Teacher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Teacher' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pak Joko');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIP' }), '197001');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(alert).toHaveBeenCalledWith('Semua field harus diisi.');
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Specialization' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Physics' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        query: {},
        body: { name: 'Pak Joko', nip: '197001', status: 'Active', specialization: 'Physics' },
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Teacher Added Successfully' });
    expect(within(shown).getByText('Zx81-qq-ab')).toBeInTheDocument();
  });

  it('shows why an add failed and keeps the dialog open', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    reply('post /teachers', () => refusal(409, { error: 'NIP already exists', message: 'NIP already exists' }));
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
