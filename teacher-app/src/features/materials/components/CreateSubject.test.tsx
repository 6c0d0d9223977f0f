import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialInput } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal, unreachable } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { classItem, material, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses } from '../../../test/network';

import CreateSubject from './CreateSubject';
import EditSubject from './EditSubject';

// Quill needs a real browser; a textarea stands in for the lazily loaded editor.
jest.mock('./RichEditor', () => ({
  __esModule: true,
  default: ({
    label,
    initialValue,
    onChange,
  }: {
    label: string;
    initialValue: string;
    onChange: (v: string) => void;
  }) => <textarea aria-label={label} defaultValue={initialValue} onChange={(e) => onChange(e.target.value)} />,
}));

/** The subject the server created (or saved), from what the form sent. */
const saved = (body: MaterialInput) => material({ id: 9, ...body });

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  answerMyClasses([X_IPA_1]);
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Create Subject', () => {
  it('shows the first failing rule above the form, in the spec order', async () => {
    const user = userEvent.setup();
    renderAt(<CreateSubject grade={10} />, '/CreateSubjects10', { from: '/ManageSubjects10' });
    await screen.findByLabelText('Subject Content', {}, { timeout: 5000 });
    const submit = screen.getByRole('button', { name: 'Submit' });

    await user.click(submit);
    const title = screen.getByText('Title is required.');
    // Shown above the form: the message comes before the title field in the document.
    expect(
      title.compareDocumentPosition(screen.getByLabelText('Subject Title')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    fill(screen.getByLabelText('Subject Title'), 'Sel Hewan');
    await user.click(submit);
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();

    fill(screen.getByLabelText('Short Description'), 'Bab 1');
    const create = reply('post /materials', ({ body }) => saved(body));
    await user.click(submit);
    expect(screen.getByText('Content is required.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the subject in the grade class, alerts, and goes back one screen', async () => {
    const user = userEvent.setup();
    const create = reply('post /materials', ({ body }) => saved(body));
    renderAt(<CreateSubject grade={10} />, '/CreateSubjects10', { from: '/ManageSubjects10' });
    fill(await screen.findByLabelText('Subject Title', {}, { timeout: 5000 }), 'Sel Hewan');
    fill(screen.getByLabelText('Short Description'), 'Bab 1');
    fill(screen.getByLabelText('Subject Content'), '<p>Isi</p>');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10'));
    expect(create).toHaveBeenCalledWith({
      query: {},
      body: { title: 'Sel Hewan', description: 'Bab 1', content: '<p>Isi</p>', class_id: 4, teacher_id: 7 },
    });
    expect(alert).toHaveBeenCalledWith('Subject created successfully');
  });

  it('keeps what was typed and says so when saving fails', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('post /materials', unreachable);
    renderAt(<CreateSubject grade={10} />, '/CreateSubjects10', { from: '/ManageSubjects10' });
    fill(await screen.findByLabelText('Subject Title', {}, { timeout: 5000 }), 'Sel Hewan');
    fill(screen.getByLabelText('Short Description'), 'Bab 1');
    fill(screen.getByLabelText('Subject Content'), 'Isi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to create the subject. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject Title')).toHaveValue('Sel Hewan');
    expect(screen.getByTestId('location')).toHaveTextContent('/CreateSubjects10');
  });

  it("shows the server's reason under the field it is about, or after the failure text, and clears it on change", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const refused = (field: string, message: string) => refusal(400, { error: message, message, field });
    reply('post /materials', ({ body }) => saved(body))
      .mockImplementationOnce(() => refused('title', 'Title must be at most 200 characters.'))
      .mockImplementationOnce(() => refused('content', 'Content must be at most 2000000 characters.'));
    renderAt(<CreateSubject grade={10} />, '/CreateSubjects10', { from: '/ManageSubjects10' });
    const title = await screen.findByLabelText('Subject Title', {}, { timeout: 5000 });
    fill(title, 'Sel Hewan');
    fill(screen.getByLabelText('Short Description'), 'Bab 1');
    fill(screen.getByLabelText('Subject Content'), 'Isi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title must be at most 200 characters.'));
    expect(screen.getByText(/^Failed to create the subject/)).toHaveTextContent(
      /^Failed to create the subject. Please try again.$/,
    );
    fill(screen.getByLabelText('Short Description'), 'Bab 2');
    expect(title).toHaveAccessibleDescription('Title must be at most 200 characters.');
    fill(title, 'Sel');
    expect(screen.queryByText('Title must be at most 200 characters.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Failed to create the subject/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/^Failed to create the subject/)).toHaveTextContent(
      'Failed to create the subject. Please try again. Content must be at most 2000000 characters.',
    );
  });

  it('warns "Class ID not found" and explains when the teacher has no class in the grade', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt(<CreateSubject grade={12} />, '/CreateSubjects12');
    expect(
      await screen.findByText("You don't teach a class in 12th Grade yet. Ask the admin to create one."),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Class ID not found');
  });

  it('creates the subject in the grade class named by ?class= when the teacher has several in the grade', async () => {
    const user = userEvent.setup();
    answerMyClasses([X_IPA_1, classItem({ id: 9, name: 'X IPA 2', grade: 10 })]);
    const create = reply('post /materials', ({ body }) => saved(body));
    renderAt(<CreateSubject grade={10} />, '/CreateSubjects10?class=9');
    expect(await screen.findByRole('combobox', { name: 'Class' })).toHaveTextContent('X IPA 2 (10th Grade)');
    fill(screen.getByLabelText('Subject Title'), 'Ekologi');
    fill(screen.getByLabelText('Short Description'), 'Bab 2');
    fill(screen.getByLabelText('Subject Content'), 'Isi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ query: {}, body: expect.objectContaining({ class_id: 9 }) }),
    );
    // Opened directly: back to the same class's subjects.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10?class=9'));
  });

  it('lets the teacher pick the class on /CreateSubjects', async () => {
    const user = userEvent.setup();
    answerMyClasses([X_IPA_1, classItem({ id: 8, name: 'XI IPS 2', grade: 11 })]);
    const create = reply('post /materials', ({ body }) => saved(body));
    renderAt(<CreateSubject />, '/CreateSubjects', { from: '/DashboardTeacher' });
    await user.click(await screen.findByRole('combobox', { name: 'Class' }));
    await user.click(screen.getByRole('option', { name: 'XI IPS 2 (11th Grade)' }));
    fill(screen.getByLabelText('Subject Title'), 'Ekonomi');
    fill(screen.getByLabelText('Short Description'), 'Pasar');
    fill(screen.getByLabelText('Subject Content'), 'Isi');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ query: {}, body: expect.objectContaining({ class_id: 8 }) }),
    );
  });
});

describe('Edit Subject', () => {
  it('loads the subject from ?id (works on reload), validates, and saves with the same class', async () => {
    const user = userEvent.setup();
    const subject = material({ id: 3, title: 'Sel', description: 'Bab 1', content: '<p>Isi</p>' });
    reply('get /materials/detail', () => subject);
    const update = reply('put /materials', ({ body }) => ({ ...subject, ...body }));
    renderAt(<EditSubject />, '/EditSubjects?id=3', { from: '/ManageSubjects10' });
    const title = await screen.findByLabelText('Subject Title');
    expect(title).toHaveValue('Sel');
    fill(title, '');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    fill(title, 'Sel Tumbuhan');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10'));
    expect(update).toHaveBeenCalledWith({
      query: { id: '3' },
      body: { title: 'Sel Tumbuhan', description: 'Bab 1', content: '<p>Isi</p>', class_id: 4, teacher_id: 7 },
    });
    expect(alert).toHaveBeenCalledWith('Subject updated successfully');
  });
});

describe('a subject screen opened with a bad id', () => {
  it('says the subject is gone (404) and links back, with no Retry; a missing id says none was chosen', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const detail = reply('get /materials/detail', () => refusal(404, { message: 'Material not found' }));
    const { unmount } = renderAt(<EditSubject />, '/EditSubjects?id=99', { from: '/ManageSubjects10' });
    expect(await screen.findByText('This subject does not exist or was removed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/DashboardTeacher');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    unmount();
    renderAt(<EditSubject />, '/EditSubjects', { from: '/ManageSubjects10' });
    expect(screen.getByText('No subject was chosen.')).toBeInTheDocument();
    expect(detail).toHaveBeenCalledTimes(1);
  });
});
