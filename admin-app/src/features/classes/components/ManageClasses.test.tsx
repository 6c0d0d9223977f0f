import { useState, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, studentsApi, teachersApi, type ClassItem } from '@kelasku/shared-api';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { meta } from '../../../test/fixtures';
import ManageClasses from './ManageClasses';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn(), deleteImpact: jest.fn(), archive: jest.fn(), archived: jest.fn(), restore: jest.fn() },
    teachersApi: { all: jest.fn() },
    studentsApi: { list: jest.fn() },
  };
});

const list = classesApi.list as jest.Mock;
const create = classesApi.create as jest.Mock;
const update = classesApi.update as jest.Mock;
const remove = classesApi.remove as jest.Mock;
const deleteImpact = classesApi.deleteImpact as jest.Mock;
const archive = classesApi.archive as jest.Mock;
const archived = classesApi.archived as jest.Mock;
const restore = classesApi.restore as jest.Mock;
const impact = (id: number, name: string, counts: Partial<Record<'students' | 'materials' | 'exercises' | 'exams' | 'answer_sheets' | 'grades' | 'discussions', number>> = {}) => ({
  id, name, grade: 11, archived_at: null, students: 0, materials: 0, exercises: 0, exams: 0, answer_sheets: 0, grades: 0, discussions: 0, ...counts,
});

const cls = (id: number, name: string, extra: Partial<ClassItem> = {}): ClassItem => ({
  id, name, description: `About ${name}`, teacher_id: 7, teacher_name: 'Bu Sari', grade: 11, student_count: 28, ...extra,
});

const teachers = [
  { id: 7, name: 'Bu Sari', nip: '1', specialization: 'Biology', status: 'Active' },
  { id: 8, name: 'Pak Joko', nip: '2', specialization: 'Physics', status: 'Active' },
];

function axiosLikeError(status: number, message: string) {
  const { AxiosError } = jest.requireActual('axios');
  return new AxiosError(message, 'ERR', undefined, undefined, { status, data: { error: message, message } } as never);
}

beforeEach(() => {
  jest.clearAllMocks();
  list.mockResolvedValue({ classes: [cls(1, 'XI IPA 1'), cls(2, 'XI IPS 1', { student_count: 1, teacher_name: 'Pak Joko' })], meta: meta(3) });
  (teachersApi.all as jest.Mock).mockResolvedValue(teachers);
  deleteImpact.mockImplementation(async (id: number) => impact(id, id === 2 ? 'XI IPS 1' : `class ${id}`));
  (studentsApi.list as jest.Mock).mockResolvedValue({ students: [], meta: { ...meta(3), total: 32 } });
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

/** Shows the screen until 'Leave' is clicked and again on 'Come back', as a visit to another screen and back would. */
function Revisit({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((s) => !s)}>{shown ? 'Leave' : 'Come back'}</button>
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
    const pending = deferred<unknown>();
    list.mockReturnValueOnce(pending.promise);
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Classes' })).toBeInTheDocument();
    expect(screen.getByText('11th Grade')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    pending.resolve({ classes: [cls(1, 'XI IPA 1'), cls(2, 'XI IPS 1', { student_count: 1, teacher_name: 'Pak Joko' })], meta: meta(3) });

    const card = (await screen.findByRole('heading', { name: 'XI IPA 1' })).closest('article') as HTMLElement;
    expect(within(card).getByText('About XI IPA 1')).toBeInTheDocument();
    expect(within(card).getByText('28 Students')).toBeInTheDocument();
    expect(within(card).getByText('Teacher: Bu Sari')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Details of XI IPA 1' })).toHaveAttribute('href', '/class/1');
    expect(screen.getByText('1 Student')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ grade: 11, page: 1 });
  });

  it('shows the fetch error text', async () => {
    list.mockRejectedValue(new Error('down'));
    renderAt(<ManageClasses grade={10} />);
    expect(await screen.findByText('Failed to Get Classes Data')).toBeInTheDocument();
  });

  it('pages through the grade', async () => {
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ grade: 11, page: 2 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageClass11?page=2');
  });

  it('refuses an incomplete new class, then sends the page grade and an integer teacher id', async () => {
    create.mockResolvedValue(cls(3, 'XI Bahasa'));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Class Name' }), 'XI Bahasa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(window.alert).toHaveBeenCalledWith('Semua field harus diisi.');
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Language class');
    await chooseTeacher('Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(create).toHaveBeenCalledWith({ name: 'XI Bahasa', description: 'Language class', grade: 11, teacher_id: 8, enrol_all: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('says how many students of the grade a new class gets, and lets the admin start it empty', async () => {
    create.mockResolvedValue(cls(3, 'XI Bahasa'));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    const enrol = await within(dialog).findByRole('checkbox', { name: 'Add all 32 grade-11 students' });
    expect(studentsApi.list).toHaveBeenCalledWith({ grade: 11, pageSize: 1 });
    // unticked: the class starts empty and gets its own students
    expect(enrol).not.toBeChecked();
    expect(within(dialog).getByText('The class starts empty: assign students from its page.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Class Name' }), 'XI Bahasa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Language class');
    await chooseTeacher('Pak Joko');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(create).toHaveBeenCalledWith({ name: 'XI Bahasa', description: 'Language class', grade: 11, teacher_id: 8, enrol_all: false });
  });

  it('does not offer enrolment when editing a class', async () => {
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the add failure text', async () => {
    create.mockRejectedValue(axiosLikeError(503, 'Server busy'));
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
    create.mockRejectedValueOnce(axiosLikeError(409, 'A class named "XI IPA 1" already exists in grade 11.'));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Class' });
    const name = within(dialog).getByRole('textbox', { name: 'Class Name' });
    await userEvent.type(name, 'xi ipa 1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Science');
    await chooseTeacher('Bu Sari');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A class named "XI IPA 1" already exists in grade 11.'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add Class' })).toBeInTheDocument();
    await userEvent.type(name, 'b');
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the reason of a refused edit under its field and clears it when that field changes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { AxiosError } = jest.requireActual('axios');
    const message = 'Name must be at most 100 characters.';
    update.mockRejectedValueOnce(new AxiosError('400', 'ERR', undefined, undefined, { status: 400, data: { error: message, message, field: 'name' } }));
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
    update.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(cls(1, ''));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    const name = within(dialog).getByRole('textbox', { name: 'Class Name' });
    expect(name).toHaveValue('XI IPA 1');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(window.alert).not.toHaveBeenCalled();
    expect(update).toHaveBeenCalledWith(1, { name: 'XI IPA 1', description: '', grade: 11, teacher_id: 7 });
    expect(await within(dialog).findByText('Failed to Edit Class Data')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a class only after showing what goes with it and the class name typed; reports a failure', async () => {
    deleteImpact.mockResolvedValue(impact(2, 'XI IPS 1', { students: 28, materials: 3, exercises: 2, exams: 1, answer_sheets: 40, grades: 39, discussions: 1 }));
    remove.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ message: 'ok' });
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPS 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete XI IPS 1?' });
    const counts = await within(dialog).findByTestId('class-impact');
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '3 materials', '2 exercises', '1 exam', '40 answer sheets', '39 grades', '1 discussion',
    ]);
    expect(counts).toHaveTextContent('28 students leave this class (their accounts stay).');
    expect(deleteImpact).toHaveBeenCalledWith(2);
    const confirm = within(dialog).getByRole('button', { name: 'Delete for good' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: 'Type the class name to delete it: XI IPS 1' });
    await userEvent.type(field, 'XI IPS');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, ' 1');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(remove).toHaveBeenCalledWith(2);
    expect(await within(dialog).findByText('Failed to Delete Class')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('says when a class is empty, and archives it instead of deleting', async () => {
    archive.mockResolvedValue(cls(2, 'XI IPS 1', { archived_at: '2026-07-01T00:00:00.000Z' }));
    renderAt(<ManageClasses grade={11} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPS 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Class' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure you want to delete XI IPS 1?' });
    expect(await within(dialog).findByText(/The class is empty/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive instead' }));
    expect(archive).toHaveBeenCalledWith(2);
    expect(remove).not.toHaveBeenCalled();
    expect(await screen.findByText('XI IPS 1 is archived. Find it under Archived classes.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('lists the archived classes and shows why a restore was refused', async () => {
    archived.mockResolvedValue({ classes: [cls(5, 'XI IPA 1', { archived_at: '2026-07-01T00:00:00.000Z' })], meta: meta(1) });
    restore.mockRejectedValueOnce(axiosLikeError(409, 'Cannot restore: a class named "XI IPA 1" already exists in grade 11. Rename that class first.'))
      .mockResolvedValueOnce(cls(5, 'XI IPA 1'));
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    await userEvent.click(await screen.findByRole('button', { name: 'Archived classes' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageClass11?show=archived');
    expect(await screen.findByRole('heading', { name: 'Archived 11th grade classes' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore XI IPA 1' }));
    expect(archived).toHaveBeenCalledWith({ grade: 11, page: 1 });
    expect(await screen.findByText(/Failed to restore XI IPA 1: Cannot restore: a class named "XI IPA 1" already exists in grade 11/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore XI IPA 1' }));
    expect(await screen.findByText('XI IPA 1 is in use again.')).toBeInTheDocument();
    expect(restore).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Classes in use' }));
    expect(await screen.findByRole('heading', { name: 'XI IPS 1' })).toBeInTheDocument();
  });

  it('a second visit shows the cached cards at once, without asking the server again', async () => {
    renderAt(<Revisit><ManageClasses grade={11} /></Revisit>, '/ManageClass11');
    expect(await screen.findByRole('heading', { name: 'XI IPA 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('heading', { name: 'XI IPA 1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Come back' }));
    expect(screen.getByRole('heading', { name: 'XI IPA 1' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('an edit refetches the shown page once', async () => {
    update.mockResolvedValue(cls(1, 'XI IPA 1'));
    list.mockResolvedValueOnce({ classes: [cls(1, 'XI IPA 1')], meta: meta(3) }).mockResolvedValue({ classes: [cls(1, 'XI IPA 1', { teacher_name: 'Pak Joko' })], meta: meta(3) });
    renderAt(<ManageClasses grade={11} />, '/ManageClass11');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for XI IPA 1' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Class' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Edit Class' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Teacher: Pak Joko')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenLastCalledWith({ grade: 11, page: 1 });
  });

  it('deleting the only class of a later page goes back one page', async () => {
    list.mockImplementation(async ({ page }: { page: number }) =>
      page === 2 ? { classes: [cls(3, 'XI IPS 2')], meta: meta(2, 2) } : { classes: [cls(1, 'XI IPA 1')], meta: meta(2) },
    );
    remove.mockResolvedValue({ message: 'ok' });
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
