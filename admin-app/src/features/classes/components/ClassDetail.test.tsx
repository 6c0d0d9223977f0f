import { useState, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import type { ClassDetail as Detail } from '@kelasku/shared-api';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal } from '../../../../../jest/msw-server';
import { reply, type ReplyOf, type SentTo, type WireReply } from '../../../../../jest/msw-routes';
import { meta } from '../../../test/fixtures';
import ClassDetail from './ClassDetail';

// The server, as jest.fns of what each request carried (a rejection is written as the server's refusal).
type Roster = SentTo<'post /classes/roster/move'>['body'];
const details = jest.fn<ReplyOf<'get /classes/details'>, [id: number, page: number, pageSize: number]>();
const assign = jest.fn<ReplyOf<'post /classes/assign-students'>, [id: number, studentIds: number[]]>();
const unassign = jest.fn<ReplyOf<'delete /classes/unassign-students'>, [id: number, studentIds: number[]]>();
const allStudents = jest.fn<Promise<RosterStudent[]>, []>();
const classList = jest.fn<ReplyOf<'get /classes'>, []>();
const changeRoster = jest.fn<ReplyOf<'post /classes/roster/move'>, [change: string, body: Roster]>();
const down = () => refusal(500, {});

/** A student as the class's roster lists one: every field, the optional ones null. */
type RosterStudent = Detail['students'][number];
const student = (id: number, name: string, nis: string): RosterStudent => ({
  id,
  name,
  nis,
  grade: 10,
  status: 'Active',
  phone_number: null,
  curr_score: null,
  profile_picture_url: null,
  user_id: String(id),
});
const andi = student(1, 'Andi', '2024100003');
const budi = student(2, 'Budi', '2024100001');
const citra = student(3, 'Citra', '2024100002');
const dewi = student(4, 'Dewi', '2024100009');

const cls = {
  id: 5,
  name: 'X IPA 1',
  description: 'd',
  teacher_id: 7,
  teacher_name: 'Bu Sari',
  grade: 10,
  student_count: 3,
};

beforeEach(() => {
  jest.resetAllMocks();
  reply('get /classes/details', ({ query }) => details(Number(query.id), Number(query.page), Number(query.pageSize)));
  reply('post /classes/assign-students', ({ body }) => assign(body.id, body.student_id));
  reply('delete /classes/unassign-students', ({ body }) => unassign(body.id, body.student_id));
  reply('get /students', ({ query }) =>
    Promise.resolve(allStudents()).then((students) => ({ students, meta: meta(1, Number(query.page)) })),
  );
  reply('get /classes', () => classList());
  for (const change of ['assign', 'move', 'unassign'] as const)
    reply(`post /classes/roster/${change}`, ({ body }) => changeRoster(change, body));
  // The roster comes in two pages; the screen must read both.
  details.mockImplementation((_id: number, page: number) =>
    Promise.resolve({ classes: { ...cls, students: page === 1 ? [andi, budi] : [citra] }, meta: meta(2, page) }),
  );
  allStudents.mockResolvedValue([andi, budi, citra, dewi]);
  assign.mockReturnValue({ message: 'ok' });
  unassign.mockReturnValue({ message: 'ok' });
  classList.mockReturnValue({ classes: [], meta: meta(1) });
  changeRoster.mockReturnValue({ message: 'ok', count: 1 });
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** Shows the screen until 'Leave' and again on 'Come back'; 'Something changed' marks every cached read out of date meanwhile. */
function Revisit({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  const queryClient = useQueryClient();
  return (
    <>
      <button type="button" onClick={() => setShown((s) => !s)}>
        {shown ? 'Leave' : 'Come back'}
      </button>
      <button type="button" onClick={() => void queryClient.invalidateQueries()}>
        Something changed
      </button>
      {shown && children}
    </>
  );
}

const renderDetail = () => renderAt(<ClassDetail />, '/class/5', { pattern: '/class/:id' });
// the first cell of a row is its checkbox
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1].textContent);

describe('ClassDetail', () => {
  it('shows the class heading and the whole roster', async () => {
    renderDetail();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'X IPA 1 Class - Bu Sari' })).toBeInTheDocument();
    expect(details).toHaveBeenCalledWith(5, 1, 100);
    expect(details).toHaveBeenCalledWith(5, 2, 100);
    const table = screen.getByRole('table', { name: 'Students in this class' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Name', 'NIS', 'Grade', 'Status', 'Action']);
    expect(rowNames()).toEqual(['Andi', 'Budi', 'Citra']);
  });

  it('filters by name or NIS and sorts by NIS', async () => {
    renderDetail();
    const search = await screen.findByRole('textbox', { name: 'Search Student in This Class by NIS or Name' });
    await userEvent.type(search, 'cit');
    expect(rowNames()).toEqual(['Citra']);
    await userEvent.clear(search);
    await userEvent.type(search, '100001');
    expect(rowNames()).toEqual(['Budi']);
    await userEvent.clear(search);

    const sort = screen.getByRole('button', { name: 'Sort by NIS' });
    expect(sort).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(sort);
    expect(sort).toHaveAttribute('aria-pressed', 'true');
    expect(rowNames()).toEqual(['Budi', 'Citra', 'Andi']);
    await userEvent.click(sort);
    expect(rowNames()).toEqual(['Andi', 'Budi', 'Citra']);
  });

  it('shows the fetch error text', async () => {
    details.mockImplementation(down);
    renderDetail();
    expect(await screen.findByText('Failed to fetch class details')).toBeInTheDocument();
  });

  it('checks the assign selection, cannot pick a student already in this class, then assigns and re-fetches', async () => {
    assign.mockResolvedValue({ message: 'ok' });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign New Student' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(alert).toHaveBeenLastCalledWith('Choose at least one student.');

    const picker = within(dialog).getByRole('combobox', { name: 'Students' });
    await userEvent.type(picker, 'Andi');
    const taken = await screen.findByRole('option', { name: /^Andi \(2024100003\).*already in this class/ });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await expect(userEvent.click(taken)).rejects.toThrow(/pointer-events: none/);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).queryByRole('button', { name: 'Andi (2024100003)' })).not.toBeInTheDocument();
    await userEvent.clear(picker);
    await userEvent.type(picker, 'Dewi');
    await userEvent.click(await screen.findByRole('option', { name: /^Dewi \(2024100009\)/ }));
    expect(within(dialog).queryByText(/is in grade/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(5, [4]));
    await waitFor(() => expect(details).toHaveBeenCalledTimes(4));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns when a chosen student is in another grade, and still assigns when asked', async () => {
    const eko = { ...student(6, 'Eko', '2023100004'), grade: 11 };
    allStudents.mockResolvedValue([andi, budi, citra, dewi, eko]);
    assign.mockResolvedValue({ message: 'ok' });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign New Student' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Students' }), 'Eko');
    await userEvent.click(await screen.findByRole('option', { name: /^Eko \(2023100004\)/ }));
    expect(within(dialog).getByText('Eko is in grade 11; this is a grade 10 class.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(5, [6]));
  });

  it('finds students ignoring accents and apostrophes both ways', async () => {
    const andreas = student(7, 'Andréas Ma’ruf', '2024100007');
    const rendi = student(8, "Rendi Ma'ruf", '2024100008');
    const nur = student(9, 'Nur Maruf', '2024100010');
    allStudents.mockResolvedValue([andi, andreas, rendi, nur]);
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign New Student' });
    const picker = within(dialog).getByRole('combobox', { name: 'Students' });
    const expectOptions = async (typed: string, expected: string[]) => {
      await userEvent.clear(picker);
      await userEvent.type(picker, typed);
      await waitFor(() =>
        expect(screen.getAllByRole('option').map((o) => o.querySelector('p')?.textContent)).toEqual(expected),
      );
    };
    await expectOptions("ma'ruf", [
      'Andréas Ma’ruf (2024100007)',
      "Rendi Ma'ruf (2024100008)",
      'Nur Maruf (2024100010)',
    ]);
    await expectOptions('andre', ['Andréas Ma’ruf (2024100007)']);
  });

  it('shows the assign failure text', async () => {
    assign.mockImplementation(down);
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign New Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign New Student' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Students' }), 'Dewi');
    await userEvent.click(await screen.findByRole('option', { name: /^Dewi/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Failed to assign students')).toBeInTheDocument();
  });

  it('unassigns after confirmation and shows a failure', async () => {
    unassign.mockReturnValueOnce(down()).mockReturnValueOnce({ message: 'ok' });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Unassign Budi' }));
    let dialog = await screen.findByRole('dialog', { name: 'are you sure you want to unassign Budi from this class?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Failed to unassign student')).toBeInTheDocument();
    expect(unassign).toHaveBeenCalledWith(5, [2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Unassign Budi' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(details).toHaveBeenCalledTimes(4));
  });

  it('keeps Unassign disabled while the student is being taken off, then reads the roster again', async () => {
    const sent = deferred<WireReply<'delete /classes/unassign-students'>>();
    unassign.mockReturnValueOnce(sent.promise);
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Unassign Budi' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'are you sure you want to unassign Budi from this class?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(unassign).toHaveBeenCalledWith(5, [2]));
    expect(within(dialog).getByRole('button', { name: 'Unassign' })).toBeDisabled();
    expect(details).toHaveBeenCalledTimes(2);
    details.mockImplementation((_id: number, page: number) =>
      Promise.resolve({ classes: { ...cls, students: page === 1 ? [andi] : [citra] }, meta: meta(2, page) }),
    );
    sent.resolve({ message: 'ok' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rowNames()).toEqual(['Andi', 'Citra']));
  });

  it('keeps the table page in the URL, and a new search starts again at page 1', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) =>
      student(i + 1, `Siswa ${String(i + 1).padStart(2, '0')}`, `20241001${String(i + 1).padStart(2, '0')}`),
    );
    details.mockResolvedValue({ classes: { ...cls, students: twelve }, meta: meta(1) });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/class/5?page=2');
    expect(rowNames()).toEqual(['Siswa 11', 'Siswa 12']);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Search Student in This Class by NIS or Name' }),
      'Siswa 1',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/class\/5$/);
    expect(rowNames()).toEqual(['Siswa 10', 'Siswa 11', 'Siswa 12']);
  });

  it('opens the table page the URL names (a reload or a shared link)', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) =>
      student(i + 1, `Siswa ${String(i + 1).padStart(2, '0')}`, `20241001${String(i + 1).padStart(2, '0')}`),
    );
    details.mockResolvedValue({ classes: { ...cls, students: twelve }, meta: meta(1) });
    renderAt(<ClassDetail />, '/class/5?page=2', { pattern: '/class/:id' });
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['Siswa 11', 'Siswa 12']);
  });

  it('coming back after a change shows the cached roster at once while it is refetched', async () => {
    renderAt(
      <Revisit>
        <ClassDetail />
      </Revisit>,
      '/class/5',
      { pattern: '/class/:id' },
    );
    await screen.findByRole('table');
    expect(details).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await userEvent.click(screen.getByRole('button', { name: 'Something changed' }));
    const refetched = deferred<WireReply<'get /classes/details'>>();
    details.mockReturnValueOnce(refetched.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Come back' }));
    expect(rowNames()).toEqual(['Andi', 'Budi', 'Citra']);
    expect(screen.getByText('Refreshing...')).toBeInTheDocument();
    refetched.resolve({ classes: { ...cls, students: [andi, budi, dewi] }, meta: meta(2, 1) });
    await waitFor(() => expect(screen.queryByText('Refreshing...')).not.toBeInTheDocument());
    expect(rowNames()).toEqual(['Andi', 'Budi', 'Dewi', 'Citra']);
  });
});

describe('ClassDetail: many students at once', () => {
  const list = classList;
  const ipa2 = { ...cls, id: 6, name: 'X IPA 2' };
  const ips1 = { ...cls, id: 8, name: 'X IPS 1' };
  beforeEach(() => {
    list.mockResolvedValue({ classes: [cls, ipa2, ips1], meta: meta(1) });
    changeRoster.mockResolvedValue({ message: 'ok', count: 2 });
  });

  it('moves the selected students to another class of the grade in one request, then clears the selection', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Andi' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Citra' }));
    expect(screen.getByRole('region', { name: 'Selected students' })).toHaveTextContent('2 students selected');
    await userEvent.click(screen.getByRole('button', { name: 'Move to class…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 students to another class' });
    const confirm = within(dialog).getByRole('button', { name: 'Move' });
    expect(confirm).toBeDisabled(); // no class chosen yet
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Class (grade 10)' }));
    // the class itself is not offered
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['X IPA 2', 'X IPS 1']);
    await userEvent.click(screen.getByRole('option', { name: 'X IPA 2' }));
    await userEvent.click(confirm);
    await waitFor(() => expect(changeRoster).toHaveBeenCalledTimes(1));
    expect(changeRoster).toHaveBeenCalledWith('move', { id: 5, to: 6, student_id: [1, 3] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Selected students' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Andi' })).not.toBeChecked();
  });

  it('selects every student listed (all pages of the search) and unassigns them after confirmation', async () => {
    renderDetail();
    const all = await screen.findByRole('checkbox', { name: 'Select all 3 students listed' });
    await userEvent.click(all);
    expect(all).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Budi' }));
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(all);
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign 3 students from X IPA 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(changeRoster).toHaveBeenCalledWith('unassign', { id: 5, student_id: [1, 2, 3] }));
    expect(list).not.toHaveBeenCalled(); // no target to choose
  });

  it("assigns them to another class as well; a refusal says that nothing changed, with the server's reason", async () => {
    const message = 'Students already in X IPS 1: 2';
    changeRoster.mockReturnValueOnce(refusal(409, { error: message, message, code: 'students-already-in-target' }));
    renderDetail();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Budi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign to class…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 1 student to another class' });
    expect(within(dialog).getByText('They stay in X IPA 1 and also join the class you choose.')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Class (grade 10)' }));
    await userEvent.click(screen.getByRole('option', { name: 'X IPS 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Nothing was changed: Students already in X IPS 1: 2')).toBeInTheDocument();
    expect(changeRoster).toHaveBeenCalledWith('assign', { id: 5, to: 8, student_id: [2] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select Budi' })).toBeChecked(); // the selection stays for another try
  });

  it('greys a deactivated student still assigned, marked, with a note', async () => {
    details.mockResolvedValue({ classes: { ...cls, students: [andi, { ...budi, active: false }] }, meta: meta(1) });
    renderDetail();
    const row = (await screen.findByRole('cell', { name: /^Budi/ })).closest('tr')!;
    expect(within(row).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByText(/Greyed students are deactivated/)).toBeInTheDocument();
    expect(
      within((await screen.findByRole('cell', { name: 'Andi' })).closest('tr')!).queryByText('Deactivated'),
    ).not.toBeInTheDocument();
  });

  it('says so when the grade has no other class', async () => {
    list.mockResolvedValue({ classes: [cls], meta: meta(1) });
    renderDetail();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Andi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to class…' }));
    expect(await screen.findByText('Grade 10 has no other class.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Move' })).toBeDisabled();
  });
});
