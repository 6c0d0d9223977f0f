import { useState, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassItem } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { held, refusal } from '../../../../../jest/msw-server';
import { reply, type Replier, type ReplyOf, type SentTo } from '../../../../../jest/msw-routes';
import { meta } from '../../../test/fixtures';
import ManageClasses from './ManageClasses';

const impact = (
  id: number,
  name: string,
  counts: Partial<
    Record<'students' | 'materials' | 'exercises' | 'exams' | 'answer_sheets' | 'grades' | 'discussions', number>
  > = {},
) => ({
  id,
  name,
  grade: 11,
  archived_at: null,
  students: 0,
  materials: 0,
  exercises: 0,
  exams: 0,
  answer_sheets: 0,
  grades: 0,
  discussions: 0,
  ...counts,
});

const cls = (id: number, name: string, extra: Partial<ClassItem> = {}): ClassItem => ({
  id,
  name,
  description: `About ${name}`,
  teacher_id: 7,
  teacher_name: 'Bu Sari',
  grade: 11,
  student_count: 28,
  ...extra,
});

const teachers = [
  { id: 7, name: 'Bu Sari', nip: '1', specialization: 'Biology', status: 'Active' },
  { id: 8, name: 'Pak Joko', nip: '2', specialization: 'Physics', status: 'Active' },
];

/** The server's refusal with its reason, as the class endpoints answer one. */
const refused = (status: number, message: string) => refusal(status, { error: message, message });
/** A failure without a reason. */
const down = () => refusal(500, {});

// GET /classes answers the grade's cards and, with archived=1, the archived list: one jest.fn for each.
let list: jest.Mock<ReplyOf<'get /classes'>, [SentTo<'get /classes'>]>;
let archived: typeof list;
let create: Replier<'post /classes'>;
let update: Replier<'patch /classes'>;
let remove: Replier<'delete /classes'>;
let deleteImpact: Replier<'get /classes/delete-impact'>;
let archive: Replier<'post /classes/archive'>;
let restore: Replier<'post /classes/restore'>;
let studentCount: Replier<'get /students'>;
beforeEach(() => {
  jest.clearAllMocks();
  list = jest.fn((_: SentTo<'get /classes'>): ReplyOf<'get /classes'> => ({
    classes: [cls(1, 'XI IPA 1'), cls(2, 'XI IPS 1', { student_count: 1, teacher_name: 'Pak Joko' })],
    meta: meta(3),
  }));
  archived = jest.fn((_: SentTo<'get /classes'>): ReplyOf<'get /classes'> => ({ classes: [], meta: meta(1) }));
  reply('get /classes', (sent) => (sent.query.archived ? archived(sent) : list(sent)));
  reply('get /teachers', () => ({ students: teachers, meta: meta(1) }));
  deleteImpact = reply('get /classes/delete-impact', ({ query }) =>
    impact(Number(query.id), query.id === '2' ? 'XI IPS 1' : `class ${query.id}`),
  );
  studentCount = reply('get /students', () => ({ students: [], meta: { ...meta(3), total: 32 } }));
  create = reply('post /classes', ({ body }) => cls(3, body.name));
  update = reply('patch /classes', ({ query, body }) => cls(Number(query.id), body.name));
  remove = reply('delete /classes', () => ({ message: 'ok' }));
  archive = reply('post /classes/archive', ({ query }) =>
    cls(Number(query.id), 'XI IPS 1', { archived_at: '2026-07-01T00:00:00.000Z' }),
  );
  restore = reply('post /classes/restore', ({ query }) => cls(Number(query.id), 'XI IPA 1'));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** Shows the screen until 'Leave' is clicked and again on 'Come back', as a visit to another screen and back would. */
function Revisit({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((s) => !s)}>
        {shown ? 'Leave' : 'Come back'}
      </button>
      {shown && children}
    </>
  );
}

async function chooseTeacher(name: string) {
  const picker = await screen.findByRole('combobox', { name: 'Teacher' });
  await waitFor(() => expect(picker).not.toHaveAttribute('aria-disabled'));
  await userEvent.click(picker);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

describe('ManageClasses', () => {
  it('shows the grade badge and one card per class with the real student count', async () => {
    const pending = held({
      classes: [cls(1, 'XI IPA 1'), cls(2, 'XI IPS 1', { student_count: 1, teacher_name: 'Pak Joko' })],
      meta: meta(3),
    });
    list.mockImplementationOnce(pending.reply);
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Classes' })).toBeInTheDocument();
    expect(screen.getByText('11th Grade')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    pending.release();

    const card = (await screen.findByRole('heading', { name: 'XI IPA 1' })).closest('article') as HTMLElement;
    expect(within(card).getByText('About XI IPA 1')).toBeInTheDocument();
    expect(within(card).getByText('28 Students')).toBeInTheDocument();
    expect(within(card).getByText('Teacher: Bu Sari')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Details of XI IPA 1' })).toHaveAttribute('href', '/class/1');
    expect(screen.getByText('1 Student')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ query: { grade: '11', page: '1' }, body: undefined });
  });

  it('shows the fetch error text', async () => {
    list.mockImplementation(down);
    renderAt(<ManageClasses grade={10} />);
    expect(await screen.findByText('Failed to Get Classes Data')).toBeInTheDocument();
  });

  it('pages through the grade', async () => {
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ query: { grade: '11', page: '2' }, body: undefined }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageClass11?page=2');
  });

  it('refuses an incomplete new class, then sends the page grade and an integer teacher id', async () => {
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Class Name' }), 'XI Bahasa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(alert).toHaveBeenCalledWith('Semua field harus diisi.');
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Language class');
    await chooseTeacher('Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        query: {},
        body: { name: 'XI Bahasa', description: 'Language class', grade: 11, teacher_id: 8, enrol_all: false },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('keeps Add disabled while the new class is on the way, then closes the dialog with the cards read again', async () => {
    const later = held(cls(3, 'XI Bahasa'));
    create.mockImplementationOnce(later.reply);
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Class Name' }), 'XI Bahasa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Language class');
    await chooseTeacher('Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(list).toHaveBeenCalledTimes(1);
    later.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('says how many students of the grade a new class gets, and lets the admin start it empty', async () => {
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    const enrol = await within(dialog).findByRole('checkbox', { name: 'Add all 32 grade-11 students' });
    expect(studentCount).toHaveBeenCalledWith({ query: { grade: '11', pageSize: '1' }, body: undefined });
    // unticked: the class starts empty and gets its own students
    expect(enrol).not.toBeChecked();
    expect(within(dialog).getByText('The class starts empty: assign students from its page.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Class Name' }), 'XI Bahasa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Language class');
    await chooseTeacher('Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        query: {},
        body: { name: 'XI Bahasa', description: 'Language class', grade: 11, teacher_id: 8, enrol_all: false },
      }),
    );
  });

  it('does not offer enrolment when editing a class', async () => {
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the add failure text', async () => {
    create.mockImplementation(() => refused(503, 'Server busy'));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Class Name' }), 'XI Bahasa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Language class');
    await chooseTeacher('Bu Sari');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Failed to Add New Class: Server busy')).toBeInTheDocument();
  });

  it('shows a taken class name next to the name field and clears it when the name changes', async () => {
    create.mockReturnValueOnce(refused(409, 'A class named "XI IPA 1" already exists in grade 11.'));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    const name = within(dialog).getByRole('textbox', { name: 'Class Name' });
    await userEvent.type(name, 'xi ipa 1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Science');
    await chooseTeacher('Bu Sari');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('A class named "XI IPA 1" already exists in grade 11.'),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add Class' })).toBeInTheDocument();
    await userEvent.type(name, 'b');
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the reason of a refused edit under its field and clears it when that field changes', async () => {
    const message = 'Name must be at most 100 characters.';
    update.mockReturnValueOnce(refusal(400, { error: message, message, field: 'name' }));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    const name = within(dialog).getByRole('textbox', { name: 'Class Name' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to Edit Class Data$/);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), '.');
    expect(name).toHaveAccessibleDescription(message);
    await userEvent.type(name, 'b');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits a class from its menu without a required-field check', async () => {
    update.mockReturnValueOnce(down()).mockReturnValueOnce(cls(1, ''));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    const name = within(dialog).getByRole('textbox', { name: 'Class Name' });
    expect(name).toHaveValue('XI IPA 1');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(alert).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith({
        query: { id: '1' },
        body: { name: 'XI IPA 1', description: '', grade: 11, teacher_id: 7 },
      }),
    );
    expect(await within(dialog).findByText('Failed to Edit Class Data')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a class only after showing what goes with it and the class name typed; reports a failure', async () => {
    deleteImpact.mockImplementation(() =>
      impact(2, 'XI IPS 1', {
        students: 28,
        materials: 3,
        exercises: 2,
        exams: 1,
        answer_sheets: 40,
        grades: 39,
        discussions: 1,
      }),
    );
    remove.mockReturnValueOnce(down());
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPS 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete XI IPS 1?' });
    const counts = await within(dialog).findByTestId('class-impact');
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3 materials', '2 exercises', '1 exam', '40 answer sheets', '39 grades', '1 discussion']);
    expect(counts).toHaveTextContent('28 students leave this class (their accounts stay).');
    expect(deleteImpact).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined });
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: 'Type the class name to delete it: XI IPS 1' });
    await userEvent.type(field, 'XI IPS');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, ' 1');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined }));
    expect(await within(dialog).findByText('Failed to Delete Class')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('says when a class is empty, and archives it instead of deleting', async () => {
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPS 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete XI IPS 1?' });
    expect(await within(dialog).findByText(/The class is empty/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive instead' }));
    await waitFor(() => expect(archive).toHaveBeenCalledWith({ query: { id: '2' }, body: undefined }));
    expect(remove).not.toHaveBeenCalled();
    expect(await screen.findByText('XI IPS 1 is archived. Find it under Archived classes.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('lists the archived classes and shows why a restore was refused', async () => {
    archived.mockImplementation(() => ({
      classes: [cls(5, 'XI IPA 1', { archived_at: '2026-07-01T00:00:00.000Z' })],
      meta: meta(1),
    }));
    restore.mockReturnValueOnce(
      refused(409, 'Cannot restore: a class named "XI IPA 1" already exists in grade 11. Rename that class first.'),
    );
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    await userEvent.click(await screen.findByRole('button', { name: 'Archived classes' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageClass11?show=archived');
    expect(await screen.findByRole('heading', { name: 'Archived 11th grade classes' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore XI IPA 1' }));
    expect(archived).toHaveBeenCalledWith({ query: { grade: '11', page: '1', archived: '1' }, body: undefined });
    expect(
      await screen.findByText(
        /Failed to restore XI IPA 1: Cannot restore: a class named "XI IPA 1" already exists in grade 11/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore XI IPA 1' }));
    expect(await screen.findByText('XI IPA 1 is in use again.')).toBeInTheDocument();
    expect(restore).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Classes in use' }));
    expect(await screen.findByRole('heading', { name: 'XI IPS 1' })).toBeInTheDocument();
  });

  it('a second visit shows the cached cards at once, without asking the server again', async () => {
    renderAt(
      <Revisit>
        <ManageClasses grade={11} />
      </Revisit>,
      '/ManageClass11',
    );
    expect(await screen.findByRole('heading', { name: 'XI IPA 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('heading', { name: 'XI IPA 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Come back' }));
    expect(screen.getByRole('heading', { name: 'XI IPA 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('an edit refetches the shown page once', async () => {
    list
      .mockReturnValueOnce({ classes: [cls(1, 'XI IPA 1')], meta: meta(3) })
      .mockImplementation(() => ({ classes: [cls(1, 'XI IPA 1', { teacher_name: 'Pak Joko' })], meta: meta(3) }));
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Edit Class' })).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('Teacher: Pak Joko')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenLastCalledWith({ query: { grade: '11', page: '1' }, body: undefined });
  });

  it('deleting the only class of a later page goes back one page', async () => {
    list.mockImplementation(({ query }) =>
      query.page === '2'
        ? { classes: [cls(3, 'XI IPS 2')], meta: meta(2, 2) }
        : { classes: [cls(1, 'XI IPA 1')], meta: meta(2) },
    );
    renderAt(<ManageClasses grade={11} />, '/ManageClass11?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPS 2' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Class' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('class-impact');
    await userEvent.type(within(dialog).getByRole('textbox'), 'XI IPS 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByRole('heading', { name: 'XI IPA 1' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/ManageClass11$/);
  });
});
