import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal, unreachable } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { exam as examOf, exercise, material, MC_AND_ESSAY, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import PreviewExercise from './PreviewExercise';
import PreviewExam from './PreviewExam';

const content = { ...MC_AND_ESSAY, '2_pict': 'data:image/png;base64,AAAA' };

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  reply('get /materials/detail', () => material({ id: 3, title: 'Sel Hewan' }));
  answerMyClasses([X_IPA_1]);
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Preview Exercise', () => {
  let byMaterial: Replier<'get /exercises'>;
  beforeEach(() => {
    byMaterial = reply('get /exercises', () => [exercise({ id: 5, title: 'Latihan Sel', content })]);
  });

  it('highlights the correct option of each multiple-choice question', async () => {
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    const options = await screen.findByRole('list', { name: 'Options of question 1' });
    const items = within(options).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Jakarta');
    expect(items[1]).toHaveTextContent('Correct answer');
    expect(items.filter((li) => li.textContent?.includes('Correct answer'))).toHaveLength(1);
    const essay = screen.getByRole('region', { name: 'Question 2' });
    expect(within(essay).getByText('Jelaskan fotosintesis.')).toBeInTheDocument();
    expect(within(essay).getByRole('img', { name: 'Image for question 2' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/EditExercise?material_id=3');
  });

  it('deletes after confirmation, alerts and goes back', async () => {
    const user = userEvent.setup();
    const remove = reply('delete /exercises', () => ({ message: 'ok' }));
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3', { from: '/DetailSubjects?id=3' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('are you sure you want to delete Latihan Sel?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/DetailSubjects?id=3'));
    expect(remove).toHaveBeenCalledWith(asked({ id: '5' }));
    expect(alert).toHaveBeenCalledWith('Successfully deleted exercise');
  });

  it("puts the server's reason on a new line after 'Error deleting exercise'", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'This exercise is being answered; try again after it closes.';
    reply('delete /exercises', () => refusal(409, { error: message, message }));
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(`Error deleting exercise\n${message}`));
  });

  it("alerts 'Error deleting exercise' when the delete fails", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('delete /exercises', unreachable);
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error deleting exercise'));
  });

  it('shows the empty text when the subject has no exercise, and the fetch error text on failure', async () => {
    byMaterial.mockImplementation(() => []);
    const { unmount } = renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    expect(
      await screen.findByText("Oops! It seems you haven't created exercise for this subject yet."),
    ).toBeInTheDocument();
    unmount();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    byMaterial.mockImplementation(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    expect(await screen.findByText('Failed fetching exercise preview')).toBeInTheDocument();
  });
});

describe('Preview Exam', () => {
  const exam = examOf({ id: 2, title: 'UTS Biologi', content });
  let byClass: Replier<'get /exams'>;
  beforeEach(() => {
    byClass = reply('get /exams', () => [exam]);
  });

  it('shows the date and the WIB time range, with the correct option highlighted', async () => {
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4');
    // Written as on every screen of the product (the student's exam page too): Indonesian dots, WIB.
    expect(await screen.findByText('08.00 - 09.30 WIB')).toBeInTheDocument();
    expect(screen.getByText('15 Juni 2030')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Options of question 1' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Correct answer');
  });

  it("alerts 'Succesfully deleted exam' after a confirmed delete and goes back", async () => {
    const user = userEvent.setup();
    const remove = reply('delete /exams', () => ({ message: 'ok' }));
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4', { from: '/ManageSubjects10' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('are you sure you want to delete UTS Biologi?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10'));
    expect(remove).toHaveBeenCalledWith(asked({ id: '2' }));
    expect(alert).toHaveBeenCalledWith('Succesfully deleted exam');
  });

  it("alerts 'error deleting exam' when the delete fails and stays", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('delete /exams', unreachable);
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4', { from: '/ManageSubjects10' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error deleting exam'));
    expect(screen.getByTestId('location')).toHaveTextContent('/PreviewAnExam?class_id=4');
  });

  it('shows the empty and error texts of the exam preview', async () => {
    byClass.mockImplementation(() => []);
    const { unmount } = renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4');
    expect(await screen.findByText("Oops! It seems you haven't created exam for this class yet.")).toBeInTheDocument();
    unmount();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    byClass.mockImplementation(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4');
    expect(await screen.findByText('Failed to fetch exams preview.')).toBeInTheDocument();
  });

  it('previews an exam by its id, a closed one of an earlier term too: questions, key, grades, no Edit', async () => {
    const closed = examOf({
      ...exam,
      id: 9,
      title: 'PTS Ganjil',
      status: 'Completed',
      closed_at: '2030-06-20T10:00:00+07:00',
    });
    const byId = reply('get /exams/by-id', () => closed);
    renderAt(<PreviewExam />, '/PreviewAnExam?exam_id=9');
    expect(await screen.findByRole('heading', { level: 1, name: 'PTS Ganjil' })).toBeInTheDocument();
    expect(await screen.findByText('Exam for class X IPA 1')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Options of question 1' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Correct answer');
    expect(screen.getByRole('link', { name: 'Grades & essay review' })).toHaveAttribute('href', '/Grades?exam_id=9');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(byId).toHaveBeenCalledTimes(1);
    expect(byId).toHaveBeenCalledWith(asked({ id: '9' }));
    expect(byClass).not.toHaveBeenCalled();
  });

  it('previews the current exam by its id with Edit going through its class', async () => {
    reply('get /exams/by-id', () => ({ ...exam, closed_at: null }));
    renderAt(<PreviewExam />, '/PreviewAnExam?exam_id=2');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/EditExam?class_id=4');
  });
});
